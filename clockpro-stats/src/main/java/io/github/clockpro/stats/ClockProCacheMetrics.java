package io.github.clockpro.stats;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Statistic;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Publishes the statistics and the policy figures of a {@link ClockProCache} to a Micrometer
 * {@link MeterRegistry}.
 *
 * <pre>{@code
 * ClockProCache<Long, Book> books = ClockProCache.builder().maximumSize(10_000).build();
 * ClockProCacheMetrics.monitor(registry, books, "books", "region", "eu");
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Every meter carries the tag {@code cache=<cacheName>} and the extra tags given.
 *   <li>The meters Micrometer's {@code CaffeineCacheMetrics} also registers have its names, tags, meter types,
 *       base units and meanings, so that one registry holds both binders' meters without a conflict and a
 *       dashboard made for Caffeine reads a CLOCK-Pro cache unchanged: the standard meters of
 *       {@link CacheMeterBinder} ({@code cache.size}, {@code cache.gets} with {@code result=hit|miss},
 *       {@code cache.puts}, {@code cache.evictions}), the load counter {@code cache.load} with
 *       {@code result=success|failure}, the time gauge {@code cache.load.duration} and the counter
 *       {@code cache.eviction.weight}. {@code cache.gets} counts as Caffeine does (a caller that joins another's
 *       load in flight counts a hit). {@code cache.puts} counts the entries added: every load, as Caffeine's binder
 *       counts ({@link CacheStats#loadCount()}), plus the explicit writes Caffeine does not count
 *       ({@link CacheStats#putCount()}). {@code cache.evictions} counts every entry the policy removed, for size or
 *       expired ({@link CacheStats#evictionCount()}), with the expired ones also on their own in the counter
 *       {@code cache.expirations} ({@link CacheStats#expirationCount()}), which reads 0 for a cache without
 *       expiry.
 *   <li>{@code cache.load.duration} is a time gauge, as Caffeine's binder makes it, though the total only grows;
 *       {@code cache.eviction.lock.wait.duration}, clockpro's own, is a counter of seconds. Counts and sizes have
 *       no base unit.
 *   <li>The loading counters {@code cache.bulk.loads} and {@code cache.refreshes}, each with
 *       {@code result=success|failure}.
 *   <li>The distribution of entries examined per eviction, {@code cache.eviction.scan.length}: to a Micrometer
 *       Prometheus registry, a Prometheus histogram ({@code _bucket} with {@code le}, {@code _count},
 *       {@code _sum}) beside the gauge {@code cache.eviction.scan.length.max}; to any other registry, a meter of
 *       type {@link Meter.Type#DISTRIBUTION_SUMMARY} with the statistics count (evictions), total (entries
 *       examined) and max; to a {@link CompositeMeterRegistry}, to each registry it holds at binding, in that
 *       registry's form. A bucket counts the evictions that examined at most {@code le} entries; the bounds are
 *       every length from 1 to 8, then 12, 16, 24, 32, 48, 64 and 96 where below the scan limit minus one, then
 *       the scan limit minus one and the scan limit (the limit alone when it is 1), then {@code +Inf}.
 *   <li>The CLOCK-Pro meters, each with a description: the gauges {@code cache.hot.size},
 *       {@code cache.cold.size}, {@code cache.history.size}, {@code cache.history.limit},
 *       {@code cache.cold.target}, {@code cache.promotion.threshold}, {@code cache.carry.limit} and
 *       {@code cache.carry.current}; the counters {@code cache.promotions}, {@code cache.demotions},
 *       {@code cache.history.hits}, {@code cache.eviction.scan.limit.reached} and
 *       {@code cache.eviction.lock.waits}.
 *   <li>Every meter reads the cache when the registry asks for its value: {@code cache.size} reads
 *       {@link ClockProCache#size()}, the figures specific to CLOCK-Pro (sizes, adaptive figures, promotions,
 *       demotions, history hits, scan buckets) read {@link ClockProCache#policy()}, and the others read
 *       {@link ClockProCache#stats()}. Counts run from the cache's creation, not from the binding.
 *   <li>The cache is held weakly: binding never keeps a cache alive, and a collected cache's meters read
 *       {@code NaN} or stop increasing; its histogram is dropped. Binding also never keeps a registry alive.
 *   <li>Binding costs the cache nothing per operation: the cache keeps its counts whether or not it is bound, and
 *       the meters are read only at scrape time. A scrape takes no lock that inserts, removals or hits wait for.
 *       Binding the same cache twice under the same name to one registry publishes the same values as binding it
 *       once. Binding another cache under the same name and tags publishes the first one's values, as Micrometer
 *       keeps the meters registered first, until the first one's meters are removed from the registry; removing
 *       the gauge {@code cache.eviction.scan.length.max} removes the histogram.
 * </ul>
 * {@code docs/metrics.md} lists the Prometheus name and meaning of every meter, with example queries.
 *
 * @param <K> the key type of the cache
 * @param <V> the value type of the cache
 */
public final class ClockProCacheMetrics<K, V> extends CacheMeterBinder<ClockProCache<K, V>> {

  /*
   * Design overview
   *
   * Template method. CacheMeterBinder.bindTo registers the standard meters from the five counts this class
   * supplies (size, hits, misses, puts, evictions) and then calls bindImplementationSpecificMetrics, where this
   * class registers the load meters and the CLOCK-Pro meters. Every meter reads the cache's own counts at scrape
   * time; the cache counts, this class only translates.
   *
   * The scan distribution. The cache counts the evictions by the number of entries each examined, under the
   * eviction lock it holds anyway; Policy.evictionCountAtMost reads the cumulative count, exact at every bound this
   * class publishes. That count is exact and free, where a Micrometer DistributionSummary fed per eviction would
   * cost about as much as the eviction itself (two clock reads, a CAS loop for the maximum, and shared adders that
   * evicting threads contend on). Micrometer's Prometheus registry renders _bucket series only for the summaries
   * and timers it creates and that are fed per event; a meter built from functions renders as loose counters,
   * which Prometheus does not take for a histogram. So for a Prometheus registry PrometheusScanLengths registers a
   * collector of its own that builds a histogram from the counts at scrape time; other registries get a meter of
   * type DISTRIBUTION_SUMMARY made of functions (count, total, max), which is what they can render. The bounds:
   * every length to 8, where nearly every eviction ends, so that ceil(histogram_quantile) is exact there (scan
   * lengths are whole numbers, and the bucket (k - 1, k] holds length k alone); then growing by half or less, so
   * that a quantile is read to within a factor of 1.5; and always the limit and one below it, whose difference
   * is the evictions that examined the full limit.
   *
   * micrometer-registry-prometheus is an optional dependency: this class finds its registry class by name, and
   * only PrometheusScanLengths, loaded for such a registry alone, names its types.
   *
   * References: registry -> meters -> this binder (the standard gauges' functions call its methods) -> cache is
   * weak, as in CacheMeterBinder. Our own meters take the cache as their weakly held state object, and their
   * functions capture nothing but another function that captures nothing: they go through the cache to stats()
   * or policy() at each read. The Policy view is not held either, since it reaches the cache's entries. The
   * histogram collector holds the cache weakly too. So the registry never keeps the cache alive, which the
   * compatibility kit checks, and the cache holds no reference to the registry: nothing is attached to it.
   * Binding twice to one registry registers meters the registry already has, and it returns the existing ones;
   * since nothing is recorded per eviction, there is nothing to record twice.
   *
   * Cost of a scrape. No meter takes the eviction lock: policy() is a live view whose figures are read with opaque
   * or plain loads, and stats() reads the same way, so a scrape never delays an insert, a removal or a hit. What a
   * read costs: a policy figure is one load; a scan bucket adds the counts up to its bound (at most 1,025 of them
   * plus one per power of two beyond); stats() sums each thread's counters, under the counters' own monitor, which
   * a thread otherwise takes only for its first count on the cache, adds up every scan-length count, and allocates
   * its snapshot. A Prometheus scrape reads 28 meters (cache.size, 15 that call stats() and 12 that read policy())
   * and the histogram. One snapshot shared by all meters would need a clock to expire it; not worth it at this
   * cost.
   *
   * Reading guide: the monitor methods, the constructor, the five counts of the template, then the meters.
   */

  static final String SCAN_LENGTH = "cache.eviction.scan.length";
  static final String SCAN_LENGTH_MAX = "cache.eviction.scan.length.max";
  static final String SCAN_LIMIT_REACHED = "cache.eviction.scan.limit.reached";
  static final String HOT_SIZE = "cache.hot.size";
  static final String COLD_SIZE = "cache.cold.size";
  static final String HISTORY_SIZE = "cache.history.size";
  static final String HISTORY_LIMIT = "cache.history.limit";
  static final String COLD_TARGET = "cache.cold.target";
  static final String COLD_TARGET_FLOOR = "cache.cold.target.floor";
  static final String PROMOTION_THRESHOLD = "cache.promotion.threshold";
  static final String CARRY_LIMIT = "cache.carry.limit";
  static final String CARRY_CURRENT = "cache.carry.current";
  static final String PROMOTIONS = "cache.promotions";
  static final String DEMOTIONS = "cache.demotions";
  static final String HISTORY_HITS = "cache.history.hits";
  static final String LOAD = "cache.load";
  static final String LOAD_DURATION = "cache.load.duration";
  static final String BULK_LOADS = "cache.bulk.loads";
  static final String REFRESHES = "cache.refreshes";
  static final String LOCK_WAITS = "cache.eviction.lock.waits";
  static final String LOCK_WAIT_DURATION = "cache.eviction.lock.wait.duration";
  static final String EXPIRATIONS = "cache.expirations";
  static final String EVICTION_WEIGHT = "cache.eviction.weight";
  static final String WEIGHTED_SIZE = "cache.weighted.size";
  static final String MAXIMUM_WEIGHT = "cache.maximum.weight";

  /**
   * Micrometer's Prometheus registry, or null when micrometer-registry-prometheus, an optional dependency, is
   * absent; only {@link PrometheusScanLengths} names its types, and it is loaded only for such a registry.
   */
  private static final Class<?> PROMETHEUS_REGISTRY = prometheusRegistryClass();
  private static final String SECONDS = "seconds";
  private static final String RESULT = "result";
  private static final String SUCCESS = "success";
  private static final String FAILURE = "failure";
  static final String SCAN_LENGTH_DESCRIPTION =
      "Entries examined per eviction, the cold and hot hands together; the count is the evictions, the sum the "
          + "entries they examined";

  /**
   * The bucket bounds below the scan limit and the one just below it: every length up to 8, where nearly all
   * evictions end, so that a quantile there is exact; then each about half again the last, so that a quantile
   * above 8 is read within that factor. The default scan limit of 128 keeps all of them.
   */
  private static final int[] BOUNDS = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96};
  private static final String LOAD_DESCRIPTION =
      "Loads run by get(key, loader): success if the loader returned a value, failure if it threw or returned null";

  /**
   * Creates a binder for the cache; call {@link #bindTo(MeterRegistry)} to publish its meters.
   *
   * @param cache the cache to publish, held weakly
   * @param cacheName the value of the {@code cache} tag
   * @param tags further tags for every meter
   * @throws NullPointerException if any argument is null
   */
  public ClockProCacheMetrics(ClockProCache<K, V> cache, String cacheName, Iterable<Tag> tags) {
    super(requireNonNull(cache, "cache"), requireNonNull(cacheName, "cacheName"), requireNonNull(tags, "tags"));
  }

  /**
   * Binds the cache's meters to the registry.
   *
   * @param registry the registry to publish to
   * @param cache the cache to publish, held weakly
   * @param cacheName the value of the {@code cache} tag
   * @param tags further tags as alternating keys and values
   * @param <K> the key type of the cache
   * @param <V> the value type of the cache
   * @return the cache, unchanged
   * @throws NullPointerException if any argument is null
   * @throws IllegalArgumentException if {@code tags} has an odd number of elements
   */
  public static <K, V> ClockProCache<K, V> monitor(
      MeterRegistry registry, ClockProCache<K, V> cache, String cacheName, String... tags) {
    requireNonNull(registry, "registry");
    requireNonNull(cache, "cache");
    requireNonNull(cacheName, "cacheName");
    return monitor(registry, cache, cacheName, Tags.of(requireNonNull(tags, "tags")));
  }

  /**
   * Binds the cache's meters to the registry.
   *
   * @param registry the registry to publish to
   * @param cache the cache to publish, held weakly
   * @param cacheName the value of the {@code cache} tag
   * @param tags further tags for every meter
   * @param <K> the key type of the cache
   * @param <V> the value type of the cache
   * @return the cache, unchanged
   * @throws NullPointerException if any argument is null
   */
  public static <K, V> ClockProCache<K, V> monitor(
      MeterRegistry registry, ClockProCache<K, V> cache, String cacheName, Iterable<Tag> tags) {
    requireNonNull(registry, "registry");
    new ClockProCacheMetrics<>(cache, cacheName, tags).bindTo(registry);
    return cache;
  }

  @Override
  protected Long size() {
    ClockProCache<K, V> cache = getCache();
    return cache == null ? null : (long) cache.size();
  }

  @Override
  protected long hitCount() {
    return readStats(CacheStats::hitCount);
  }

  @Override
  protected Long missCount() {
    return readStats(CacheStats::missCount);
  }

  @Override
  protected Long evictionCount() {
    return readStats(CacheStats::evictionCount);
  }

  /** The entries added: loads, as Caffeine's binder counts them, and explicit writes, which it cannot see. */
  @Override
  protected long putCount() {
    return readStats(stats -> stats.loadCount() + stats.putCount());
  }

  /** Returns a count from a fresh snapshot, or 0 once the cache has been collected. */
  private long readStats(ToLongFunction<CacheStats> count) {
    ClockProCache<K, V> cache = getCache();
    return cache == null ? 0 : count.applyAsLong(cache.stats());
  }

  @Override
  protected void bindImplementationSpecificMetrics(MeterRegistry registry) {
    ClockProCache<K, V> cache = getCache();
    if (cache == null) {
      return;
    }
    bindLoadMeters(registry, cache);
    bindScanLengths(registry, cache, scanBucketBounds(cache.policy().scanLimit()));

    // A counter of its own rather than cache.evictions tagged by cause: the binder template registers
    // cache.evictions without a cause tag, and Prometheus rejects one name with two sets of tag keys.
    counter(registry, cache, EXPIRATIONS, current -> current.stats().expirationCount(),
        "Entries removed because they had expired (RemovalCause.EXPIRED); 0 for a cache without expiry. "
            + "Also counted by cache.evictions, as Caffeine counts them");

    counter(registry, cache, SCAN_LIMIT_REACHED, current -> current.policy().scanLimitReachedCount(),
        "Evictions that examined the scan limit of entries without finding an unreferenced cold one, "
            + "and evicted the least referenced entry seen");
    counter(registry, cache, PROMOTIONS, current -> current.policy().promotionCount(),
        "Cold entries moved to the hot ring because they were referenced during their test period");
    counter(registry, cache, DEMOTIONS, current -> current.policy().demotionCount(),
        "Hot entries moved to the cold ring because the hot hand found them unreferenced");
    counter(registry, cache, HISTORY_HITS, current -> current.policy().historyHitCount(),
        "Inserts of keys found in the history in their test period: evicted recently enough to count as reused");
    counter(registry, cache, LOCK_WAITS, current -> current.stats().lockWaitCount(),
        "Acquisitions of the eviction lock (inserts, removals, evictions) that found it held and waited; "
            + "hits and statistics never take it");
    seconds(registry, cache, LOCK_WAIT_DURATION, current -> current.stats().totalLockWaitTime(),
        "Total time spent waiting for the eviction lock since the cache was created");

    gauge(registry, cache, HOT_SIZE, current -> current.policy().hotSize(), "Resident entries in the hot ring");
    gauge(registry, cache, COLD_SIZE, current -> current.policy().coldSize(), "Resident entries in the cold ring");
    gauge(registry, cache, HISTORY_SIZE, current -> current.policy().historySize(),
        "Evicted keys the history holds, without their values, until their test period ends");
    gauge(registry, cache, HISTORY_LIMIT, current -> current.policy().historyLimit(),
        "The most evicted keys the history keeps now; it adapts to the workload");
    gauge(registry, cache, COLD_TARGET, current -> current.policy().coldTarget(),
        "The number of resident cold entries the policy currently aims for; it adapts to the workload");
    gauge(registry, cache, COLD_TARGET_FLOOR, current -> current.policy().coldTargetFloor(),
        "The least the cold target may fall to: a hundredth of the maximum, or a fifth while the floor trial finds "
            + "that pays");
    gauge(registry, cache, PROMOTION_THRESHOLD, current -> current.policy().promotionThreshold(),
        "The reference count at which the cold hand promotes an entry instead of evicting it; it adapts to the "
            + "workload");
    gauge(registry, cache, CARRY_LIMIT, current -> current.policy().carryLimit(),
        "The most references the hot hand carries over for an entry it spares; it adapts to the workload");
    gauge(registry, cache, CARRY_CURRENT,
        current -> current.policy().carryAllowed() ? current.policy().carryLimit() : 0,
        "The most references the hot hand carries over now: the carry limit while the carry trial lets it carry, "
            + "else 0");

    // Weights: the eviction weight for every cache (where every entry weighs 1 it equals cache.evictions), and
    // the resident weight and its bound for a cache built with maximumWeight.
    counter(registry, cache, EVICTION_WEIGHT, current -> current.stats().evictionWeight(),
        "The sum of weights of evicted entries, for size or expired; equal to cache.evictions for a cache bounded "
            + "by size");
    if (cache.policy().isWeighted()) {
      gauge(registry, cache, WEIGHTED_SIZE, current -> current.policy().weightedSize().orElse(0),
          "The total weight of the resident entries");
      gauge(registry, cache, MAXIMUM_WEIGHT, current -> current.policy().maximum(),
          "The most total weight the cache holds at quiescence; policy().setMaximum changes it");
    }
  }

  private void bindLoadMeters(MeterRegistry registry, ClockProCache<K, V> cache) {
    resultCounter(registry, cache, LOAD, SUCCESS, current -> current.stats().loadSuccessCount(), LOAD_DESCRIPTION);
    resultCounter(registry, cache, LOAD, FAILURE, current -> current.stats().loadFailureCount(), LOAD_DESCRIPTION);
    // A time gauge, as CaffeineCacheMetrics registers it: a registry refuses one name with two meter types.
    TimeGauge.builder(LOAD_DURATION, cache, TimeUnit.NANOSECONDS, current -> current.stats().totalLoadTime())
        .tags(getTagsWithCacheName())
        .description("The time the cache has spent loading new values")
        .register(registry);
    String bulk = "Calls of a bulk loader by getAll: success if it returned a valid map, failure if it threw or "
        + "returned null or a map with a null key or value; each also counts as one cache.load";
    resultCounter(registry, cache, BULK_LOADS, SUCCESS, current -> current.stats().bulkLoadSuccessCount(), bulk);
    resultCounter(registry, cache, BULK_LOADS, FAILURE, current -> current.stats().bulkLoadFailureCount(), bulk);
    String refresh = "Reloads for a refresh (refreshAfterWrite or refresh): success if the reload returned, with a "
        + "value or null, failure if it threw and the old value was kept";
    resultCounter(registry, cache, REFRESHES, SUCCESS, current -> current.stats().refreshSuccessCount(), refresh);
    resultCounter(registry, cache, REFRESHES, FAILURE, current -> current.stats().refreshFailureCount(), refresh);
  }

  /**
   * Publishes the distribution of entries examined per eviction: to a Prometheus registry as a histogram with
   * the given bucket bounds beside a gauge of the longest scan; to a composite registry, to each registry it holds
   * now; to any other registry as a distribution summary of count, total and maximum.
   */
  private void bindScanLengths(MeterRegistry registry, ClockProCache<K, V> cache, int[] bounds) {
    if (registry instanceof CompositeMeterRegistry composite) {
      for (MeterRegistry member : composite.getRegistries()) {
        bindScanLengths(member, cache, bounds);
      }
    } else if (PROMETHEUS_REGISTRY != null && PROMETHEUS_REGISTRY.isInstance(registry)) {
      Gauge longest = gauge(registry, cache, SCAN_LENGTH_MAX, current -> current.stats().maxScanPerEviction(),
          "The most entries one eviction examined since the cache was created; never above the scan limit");
      PrometheusScanLengths.bind(registry, longest.getId(), cache, bounds);
    } else {
      Meter.builder(SCAN_LENGTH, Meter.Type.DISTRIBUTION_SUMMARY, List.of(
              new Measurement(() -> (double) readStats(stats -> stats.evictionCount() - stats.expirationCount()),
                  Statistic.COUNT),
              new Measurement(() -> (double) readStats(CacheStats::scanCount), Statistic.TOTAL),
              new Measurement(() -> (double) readStats(CacheStats::maxScanPerEviction), Statistic.MAX)))
          .tags(getTagsWithCacheName())
          .description(SCAN_LENGTH_DESCRIPTION)
          .register(registry);
    }
  }

  /**
   * The finite upper bounds of the scan buckets, ascending: those of {@link #BOUNDS} below {@code scanLimit - 1},
   * then {@code scanLimit - 1} and {@code scanLimit} ({@code scanLimit} alone when it is 1). Every eviction falls
   * in the bucket at the limit; those above the bound below it examined the full limit.
   *
   * @param scanLimit the cache's {@link io.github.clockpro.Policy#scanLimit()}, at least 1
   * @return the bounds, without {@code +Inf}
   */
  static int[] scanBucketBounds(int scanLimit) {
    int[] below = Arrays.stream(BOUNDS).filter(bound -> bound < scanLimit - 1).toArray();
    int[] limits = scanLimit == 1 ? new int[] {1} : new int[] {scanLimit - 1, scanLimit};
    int[] bounds = Arrays.copyOf(below, below.length + limits.length);
    System.arraycopy(limits, 0, bounds, below.length, limits.length);
    return bounds;
  }

  /** Registers a counter tagged {@code result}, which reads {@code count} at each scrape. */
  private void resultCounter(MeterRegistry registry, ClockProCache<K, V> cache, String name, String result,
      ToLongFunction<ClockProCache<K, V>> count, String description) {
    FunctionCounter.builder(name, cache, current -> count.applyAsLong(current))
        .tags(getTagsWithCacheName())
        .tag(RESULT, result)
        .description(description)
        .register(registry);
  }

  /**
   * Registers a counter of seconds that reads a total of nanoseconds at each scrape: it only grows, so it is a
   * counter, whose {@code rate} is the average number of threads spending that time.
   */
  private void seconds(MeterRegistry registry, ClockProCache<K, V> cache, String name,
      ToLongFunction<ClockProCache<K, V>> nanoseconds, String description) {
    FunctionCounter.builder(name, cache, current -> nanoseconds.applyAsLong(current) / 1e9)
        .tags(getTagsWithCacheName())
        .baseUnit(SECONDS)
        .description(description)
        .register(registry);
  }

  /**
   * Registers a counter that reads {@code count} from the weakly held cache at each scrape; {@code count} must
   * capture nothing, so that the meter does not keep the cache alive.
   */
  private void counter(MeterRegistry registry, ClockProCache<K, V> cache, String name,
      ToLongFunction<ClockProCache<K, V>> count, String description) {
    FunctionCounter.builder(name, cache, current -> count.applyAsLong(current))
        .tags(getTagsWithCacheName())
        .description(description)
        .register(registry);
  }

  /**
   * Registers a gauge that reads {@code reading} from the weakly held cache at each scrape; {@code reading} must
   * capture nothing, so that the meter does not keep the cache alive.
   */
  private Gauge gauge(MeterRegistry registry, ClockProCache<K, V> cache, String name,
      ToDoubleFunction<ClockProCache<K, V>> reading, String description) {
    return Gauge.builder(name, cache, reading)
        .tags(getTagsWithCacheName())
        .description(description)
        .register(registry);
  }

  private static Class<?> prometheusRegistryClass() {
    try {
      return Class.forName("io.micrometer.prometheusmetrics.PrometheusMeterRegistry", false,
          ClockProCacheMetrics.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError absent) {
      return null;
    }
  }
}
