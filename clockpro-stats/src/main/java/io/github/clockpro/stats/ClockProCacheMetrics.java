package io.github.clockpro.stats;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import java.util.Arrays;
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
 *   <li>The standard meters of {@link CacheMeterBinder} ({@code cache.size}, {@code cache.gets} with
 *       {@code result=hit|miss}, {@code cache.puts}, {@code cache.evictions}) and the load meters
 *       ({@code cache.load} with {@code result=success|failure}, {@code cache.load.duration}) have the names and
 *       tags that Micrometer's Caffeine binder uses, so dashboards made for it read a CLOCK-Pro cache unchanged.
 *       {@code cache.puts} counts explicit writes only ({@link CacheStats#putCount()}); loaded values are counted
 *       by {@code cache.load}. {@code cache.evictions} counts evictions for size only; expired entries are
 *       counted by the counter {@code cache.expirations} ({@link CacheStats#expirationCount()}), which reads 0
 *       for a cache without expiry. (Caffeine's {@code cache.evictions} counts both.)
 *   <li>The CLOCK-Pro meters, each with a description and a base unit. The distribution of entries examined per
 *       eviction: the counters {@code cache.eviction.scan}, one per bucket, whose tag {@code le} is the bucket's
 *       upper bound written as Prometheus writes histogram bounds ({@code "1.0"}, {@code "127.0"}, {@code "+Inf"})
 *       and which count the evictions that examined at most that many entries, so that Prometheus's
 *       {@code histogram_quantile} reads them as a histogram. The bounds are 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48,
 *       64 and 96 where below the scan limit minus one, then the scan limit minus one and the scan limit (the limit
 *       alone when it is 1), then {@code +Inf}, which counts every eviction. The counter
 *       {@code cache.eviction.scanned} of entries examined by all evictions, and the gauge
 *       {@code cache.eviction.scan.max}, the longest scan since the cache was created. Then the gauges
 *       {@code cache.hot.size}, {@code cache.cold.size}, {@code cache.history.size}, {@code cache.history.limit},
 *       {@code cache.cold.target}, {@code cache.promotion.threshold}, {@code cache.carry.limit} and
 *       {@code cache.carry.current}; the counters {@code cache.promoted}, {@code cache.demoted},
 *       {@code cache.history.hits}, {@code cache.eviction.scan.limit} and {@code cache.eviction.lock} (waits for
 *       the eviction lock); and the time gauge {@code cache.eviction.lock.wait.duration}.
 *   <li>Every meter reads the cache when the registry asks for its value: {@code cache.size} reads
 *       {@link ClockProCache#size()}, the figures specific to CLOCK-Pro (sizes, adaptive figures, promotions,
 *       demotions, history hits, scan buckets) read {@link ClockProCache#policy()}, and the others read
 *       {@link ClockProCache#stats()}. Counts run from the cache's creation, not from the binding.
 *   <li>The cache is held weakly: binding never keeps a cache alive, and a collected cache's meters read
 *       {@code NaN} or stop increasing. Binding also never keeps a registry alive.
 *   <li>Binding costs the cache nothing per operation: the cache keeps its counts whether or not it is bound, and
 *       the meters are read only at scrape time. A scrape takes no lock that inserts, removals or hits wait for.
 *       Binding the same cache twice under the same name to one registry publishes the same values as binding it
 *       once.
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
   * evicting threads contend on). This class publishes it the way Prometheus expects a histogram: one cumulative
   * counter per upper bound, tagged le, ending with le="+Inf", which is the eviction count. The bounds grow by half
   * or less (1, 2, 3, 4, 6, 8, ...), so that a quantile is read to within a factor of 1.5, and always include the
   * limit and one below it: the difference of those two buckets is the evictions that examined the full limit. The
   * le values are spelled as the Prometheus client spells histogram bounds ("1.0", "+Inf"). The total entries
   * examined (scanCount) and the longest scan since creation (maxScanPerEviction) complete the histogram's sum and
   * maximum.
   *
   * Each bucket reads the counts on its own, so within one scrape a bucket read later may count a few evictions
   * that its larger neighbour, read earlier, did not: the buckets of one scrape may be out of order by the
   * evictions between two reads. histogram_quantile tolerates this (it counts a bucket that holds less than a
   * smaller one as equal to it), and rates over minutes make the difference negligible.
   *
   * References: registry -> meters -> this binder (the standard gauges' functions call its methods) -> cache is
   * weak, as in CacheMeterBinder. Our own meters take the cache as their weakly held state object, and their
   * functions capture nothing but a bucket bound or another function that captures nothing: they go through the
   * cache to stats() or policy() at each read. The Policy view is not held either, since it reaches the cache's
   * entries. So the registry never keeps the cache alive, which the compatibility kit checks, and the cache holds
   * no reference to the registry: nothing is attached to it. Binding twice to one registry registers meters the
   * registry already has, and it returns the existing ones; since nothing is recorded per eviction, there is
   * nothing to record twice.
   *
   * Cost of a scrape. No meter takes the eviction lock: policy() is a live view whose figures are read with opaque
   * or plain loads, and stats() reads the same way, so a scrape never delays an insert, a removal or a hit. What a
   * read costs: a policy figure is one load; a scan bucket adds the counts up to its bound (at most 1,025 of them
   * plus one per power of two beyond); stats() sums each thread's counters, under the counters' own monitor, which
   * a thread otherwise takes only for its first count on the cache, adds up every scan-length count, and allocates
   * its snapshot. With the default scan limit a scrape reads 40 meters: cache.size, 12 that call stats() and 27
   * that read policy(); lower limits have fewer buckets. One snapshot shared by all meters would need a clock to
   * expire it; not worth it at this cost.
   *
   * Reading guide: the monitor methods, the constructor, the five counts of the template, then the meters.
   */

  static final String SCAN = "cache.eviction.scan";
  static final String SCANNED = "cache.eviction.scanned";
  static final String SCAN_MAX = "cache.eviction.scan.max";
  static final String SCAN_LIMIT_REACHED = "cache.eviction.scan.limit";
  static final String HOT_SIZE = "cache.hot.size";
  static final String COLD_SIZE = "cache.cold.size";
  static final String HISTORY_SIZE = "cache.history.size";
  static final String HISTORY_LIMIT = "cache.history.limit";
  static final String COLD_TARGET = "cache.cold.target";
  static final String PROMOTION_THRESHOLD = "cache.promotion.threshold";
  static final String CARRY_LIMIT = "cache.carry.limit";
  static final String CARRY_CURRENT = "cache.carry.current";
  static final String PROMOTED = "cache.promoted";
  static final String DEMOTED = "cache.demoted";
  static final String HISTORY_HITS = "cache.history.hits";
  static final String LOAD = "cache.load";
  static final String LOAD_DURATION = "cache.load.duration";
  static final String LOCK_WAITS = "cache.eviction.lock";
  static final String LOCK_WAIT_DURATION = "cache.eviction.lock.wait.duration";
  static final String EXPIRATIONS = "cache.expirations";

  private static final String ENTRIES = "entries";
  private static final String EVICTIONS = "evictions";
  private static final String INFINITY = "+Inf";
  private static final String SCAN_DESCRIPTION =
      "Evictions that examined at most le entries (the cold and hot hands together); le=\"+Inf\" counts every eviction";

  /**
   * The bucket bounds below the scan limit and the one just below it, each about half again the last, so that a
   * quantile is read within that factor; the default scan limit of 128 keeps all of them.
   */
  private static final int[] GROWING_BOUNDS = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96};
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

  @Override
  protected long putCount() {
    return readStats(CacheStats::putCount);
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
    bindScanDistribution(registry, cache);

    // A counter of its own rather than cache.evictions tagged by cause: the binder template registers
    // cache.evictions without a cause tag, and Prometheus rejects one name with two sets of tag keys.
    counter(registry, cache, EXPIRATIONS, ENTRIES, current -> current.stats().expirationCount(),
        "Entries removed because they had expired (RemovalCause.EXPIRED); 0 for a cache without expiry. "
            + "Not included in cache.evictions");

    counter(registry, cache, SCAN_LIMIT_REACHED, EVICTIONS, current -> current.policy().scanLimitReachedCount(),
        "Evictions that examined the scan limit of entries without finding an unreferenced cold one, "
            + "and evicted the least referenced entry seen");
    counter(registry, cache, PROMOTED, ENTRIES, current -> current.policy().promotionCount(),
        "Cold entries moved to the hot ring because they were referenced during their test period");
    counter(registry, cache, DEMOTED, ENTRIES, current -> current.policy().demotionCount(),
        "Hot entries moved to the cold ring because the hot hand found them unreferenced");
    counter(registry, cache, HISTORY_HITS, "requests", current -> current.policy().historyHitCount(),
        "Inserts of keys found in the history in their test period: evicted recently enough to count as reused");
    counter(registry, cache, LOCK_WAITS, "waits", current -> current.stats().lockWaitCount(),
        "Acquisitions of the eviction lock (inserts, removals, evictions) that found it held and waited; "
            + "hits and statistics never take it");
    TimeGauge.builder(LOCK_WAIT_DURATION, cache, TimeUnit.NANOSECONDS,
            current -> current.stats().totalLockWaitTime())
        .tags(getTagsWithCacheName())
        .description("Total time spent waiting for the eviction lock since the cache was created")
        .register(registry);

    gauge(registry, cache, HOT_SIZE, ENTRIES, current -> current.policy().hotSize(),
        "Resident entries in the hot ring");
    gauge(registry, cache, COLD_SIZE, ENTRIES, current -> current.policy().coldSize(),
        "Resident entries in the cold ring");
    gauge(registry, cache, HISTORY_SIZE, ENTRIES, current -> current.policy().historySize(),
        "Evicted keys the history holds, without their values, until their test period ends");
    gauge(registry, cache, HISTORY_LIMIT, ENTRIES, current -> current.policy().historyLimit(),
        "The most evicted keys the history keeps now; it adapts to the workload");
    gauge(registry, cache, COLD_TARGET, ENTRIES, current -> current.policy().coldTarget(),
        "The number of resident cold entries the policy currently aims for; it adapts to the workload");
    gauge(registry, cache, PROMOTION_THRESHOLD, "references", current -> current.policy().promotionThreshold(),
        "The reference count at which the cold hand promotes an entry instead of evicting it; it adapts to the "
            + "workload");
    gauge(registry, cache, CARRY_LIMIT, "references", current -> current.policy().carryLimit(),
        "The most references the hot hand carries over for an entry it spares; it adapts to the workload");
    gauge(registry, cache, CARRY_CURRENT, "references",
        current -> current.policy().carryAllowed() ? current.policy().carryLimit() : 0,
        "The most references the hot hand carries over now: the carry limit while the carry trial lets it carry, "
            + "else 0");

    // Weights: the eviction weight for every cache (where every entry weighs 1 it equals cache.evictions), and
    // the resident weight and its bound for a cache built with maximumWeight.
    counter(registry, cache, "cache.eviction.weight", "weight", current -> current.stats().evictionWeight(),
        "The weight of the entries evicted for size; equal to cache.evictions for a cache bounded by size");
    if (cache.policy().isWeighted()) {
      gauge(registry, cache, "cache.weighted.size", "weight",
          current -> current.policy().weightedSize().orElse(0), "The total weight of the resident entries");
      gauge(registry, cache, "cache.maximum.weight", "weight", current -> current.policy().maximum(),
          "The most total weight the cache holds at quiescence; policy().setMaximum changes it");
    }
  }

  private void bindLoadMeters(MeterRegistry registry, ClockProCache<K, V> cache) {
    FunctionCounter.builder(LOAD, cache, current -> current.stats().loadSuccessCount())
        .tags(getTagsWithCacheName())
        .tag("result", "success")
        .description(LOAD_DESCRIPTION)
        .register(registry);
    FunctionCounter.builder(LOAD, cache, current -> current.stats().loadFailureCount())
        .tags(getTagsWithCacheName())
        .tag("result", "failure")
        .description(LOAD_DESCRIPTION)
        .register(registry);
    TimeGauge.builder(LOAD_DURATION, cache, TimeUnit.NANOSECONDS, current -> current.stats().totalLoadTime())
        .tags(getTagsWithCacheName())
        .description("Total time spent in loaders, successful or not, since the cache was created")
        .register(registry);
  }

  private void bindScanDistribution(MeterRegistry registry, ClockProCache<K, V> cache) {
    for (int bound : scanBucketBounds(cache.policy().scanLimit())) {
      FunctionCounter.builder(SCAN, cache, current -> current.policy().evictionCountAtMost(bound))
          .tags(getTagsWithCacheName())
          .tag("le", bucketLabel(bound))
          .baseUnit(EVICTIONS)
          .description(SCAN_DESCRIPTION)
          .register(registry);
    }
    FunctionCounter.builder(SCAN, cache, current -> current.stats().evictionCount())
        .tags(getTagsWithCacheName())
        .tag("le", INFINITY)
        .baseUnit(EVICTIONS)
        .description(SCAN_DESCRIPTION)
        .register(registry);
    counter(registry, cache, SCANNED, ENTRIES, current -> current.stats().scanCount(),
        "Entries examined by the cold and hot hands for all evictions together");
    gauge(registry, cache, SCAN_MAX, ENTRIES, current -> current.stats().maxScanPerEviction(),
        "The most entries one eviction examined since the cache was created; never above the scan limit");
  }

  /**
   * The finite upper bounds of the scan buckets, ascending: those of {@link #GROWING_BOUNDS} below
   * {@code scanLimit - 1}, then {@code scanLimit - 1} and {@code scanLimit} ({@code scanLimit} alone when it is
   * 1). Every eviction falls in the bucket at the limit; those above the bound below it examined the full limit.
   *
   * @param scanLimit the cache's {@link io.github.clockpro.Policy#scanLimit()}, at least 1
   * @return the bounds, without {@code +Inf}
   */
  static int[] scanBucketBounds(int scanLimit) {
    int[] growing = Arrays.stream(GROWING_BOUNDS).filter(bound -> bound < scanLimit - 1).toArray();
    int[] limits = scanLimit == 1 ? new int[] {1} : new int[] {scanLimit - 1, scanLimit};
    int[] bounds = Arrays.copyOf(growing, growing.length + limits.length);
    System.arraycopy(limits, 0, bounds, growing.length, limits.length);
    return bounds;
  }

  /** The {@code le} value of a bucket, spelled as the Prometheus client spells a histogram bound: {@code 1.0}. */
  static String bucketLabel(int bound) {
    return Double.toString(bound);
  }

  /**
   * Registers a counter that reads {@code count} from the weakly held cache at each scrape; {@code count} must
   * capture nothing, so that the meter does not keep the cache alive.
   */
  private void counter(MeterRegistry registry, ClockProCache<K, V> cache, String name, String baseUnit,
      ToLongFunction<ClockProCache<K, V>> count, String description) {
    FunctionCounter.builder(name, cache, current -> count.applyAsLong(current))
        .tags(getTagsWithCacheName())
        .baseUnit(baseUnit)
        .description(description)
        .register(registry);
  }

  /**
   * Registers a gauge that reads {@code reading} from the weakly held cache at each scrape; {@code reading} must
   * capture nothing, so that the meter does not keep the cache alive.
   */
  private void gauge(MeterRegistry registry, ClockProCache<K, V> cache, String name, String baseUnit,
      ToDoubleFunction<ClockProCache<K, V>> reading, String description) {
    Gauge.builder(name, cache, reading)
        .tags(getTagsWithCacheName())
        .baseUnit(baseUnit)
        .description(description)
        .register(registry);
  }
}
