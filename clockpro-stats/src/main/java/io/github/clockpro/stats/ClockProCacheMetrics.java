package io.github.clockpro.stats;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Publishes the statistics of a {@link ClockProCache} to a Micrometer {@link MeterRegistry}.
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
 *       by {@code cache.load}.
 *   <li>The CLOCK-Pro meters, each with a description and a base unit: the distribution summary
 *       {@code cache.eviction.scan} of entries examined per eviction, with its maximum, a percentile histogram and
 *       bucket boundaries at the scan limit and just below it; the gauges {@code cache.hot.size},
 *       {@code cache.cold.size}, {@code cache.nonresident.size}, {@code cache.cold.target},
 *       {@code cache.scan.threshold}, {@code cache.carry.limit} and {@code cache.carry.current}; the counters
 *       {@code cache.promoted}, {@code cache.demoted}, {@code cache.nonresident.hits},
 *       {@code cache.eviction.scan.limit} and {@code cache.eviction.lock} (waits for the eviction lock); and the
 *       time gauge {@code cache.eviction.lock.wait.duration}.
 *   <li>Every meter except the distribution reads {@link ClockProCache#stats()} when the registry asks for
 *       its value. The distribution covers the evictions since the first binding to the registry.
 *   <li>The cache is held weakly: binding never keeps a cache alive, and a collected cache's meters read
 *       {@code NaN} or stop increasing. Binding also never keeps a registry alive.
 *   <li>A cache that is never bound pays nothing. Binding adds one eviction observer per registry; binding the
 *       same cache twice under the same name to one registry records each eviction once.
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
   * class registers the load meters and the CLOCK-Pro meters. Every meter but the scan distribution reads the
   * cache's own counts at scrape time; the cache counts, this class only translates.
   *
   * The scan distribution. A percentile histogram cannot be rebuilt from the cache's totals, so it needs each
   * eviction's scan length as it happens: ScanRecorder, an EvictionObserver, records it into the registry's
   * DistributionSummary. It is attached in bindTo, never in the constructor, so a cache that is never bound keeps
   * an empty observer array and its evictions pay one volatile read. The hit path never sees an observer.
   *
   * References, and why each is strong or weak:
   *  - registry -> meters -> this binder (the standard gauges' functions call its methods) -> cache: weak, as in
   *    CacheMeterBinder. Our own meters take the cache as their weakly held state object, and their functions
   *    capture nothing but a CacheStats accessor. So the registry never keeps the cache alive, which the
   *    compatibility kit checks.
   *  - cache -> ScanRecorder -> summary: weak. The cache may outlive the registry (a registry per test, a
   *    long-lived cache); a strong reference would keep every discarded registry's histogram alive and fed. The
   *    registry holds its meters strongly, so the summary lives exactly as long as the registry keeps it; when it
   *    is gone, the recorder detaches itself at the next eviction. ScanRecorder -> cache is weak too.
   *  - The summary is the one register() returns, never one built aside: when the registry already has the
   *    meter (after a second monitor call), it returns that one, and that one is what gets scraped.
   *    ScanRecorder attaches at most one recorder per cache and summary, so a second binding does not count
   *    each eviction twice.
   *
   * Cost of a scrape. Every meter but cache.size and the distribution calls stats(), which takes the cache's
   * eviction lock for a snapshot: one short lock hold per such meter and scrape (about twenty), which writers
   * may wait on and readers never do. One snapshot shared by all meters would need a clock to expire it; not worth it at this cost.
   *
   * Reading guide: the monitor methods, the constructor, the five counts of the template, then the meters.
   */

  static final String SCAN = "cache.eviction.scan";
  static final String SCAN_LIMIT_REACHED = "cache.eviction.scan.limit";
  static final String HOT_SIZE = "cache.hot.size";
  static final String COLD_SIZE = "cache.cold.size";
  static final String NON_RESIDENT_SIZE = "cache.nonresident.size";
  static final String NON_RESIDENT_LIMIT = "cache.nonresident.limit";
  static final String COLD_TARGET = "cache.cold.target";
  static final String SCAN_THRESHOLD = "cache.scan.threshold";
  static final String CARRY_LIMIT = "cache.carry.limit";
  static final String CARRY_CURRENT = "cache.carry.current";
  static final String PROMOTED = "cache.promoted";
  static final String DEMOTED = "cache.demoted";
  static final String NON_RESIDENT_HITS = "cache.nonresident.hits";
  static final String LOAD = "cache.load";
  static final String LOAD_DURATION = "cache.load.duration";
  static final String LOCK_WAITS = "cache.eviction.lock";
  static final String LOCK_WAIT_DURATION = "cache.eviction.lock.wait.duration";

  private static final String ENTRIES = "entries";
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

    counter(registry, cache, SCAN_LIMIT_REACHED, "evictions", CacheStats::scanLimitReachedCount,
        "Evictions that examined the scan limit of entries without finding an unreferenced cold one, "
            + "and evicted the least referenced entry seen");
    counter(registry, cache, PROMOTED, ENTRIES, CacheStats::promotionCount,
        "Cold entries moved to the hot clock because they were referenced during their test period");
    counter(registry, cache, DEMOTED, ENTRIES, CacheStats::demotionCount,
        "Hot entries moved to the cold clock because the hot hand found them unreferenced");
    counter(registry, cache, NON_RESIDENT_HITS, "requests", CacheStats::nonResidentHitCount,
        "Inserts of keys that were evicted recently and were still in their non-resident test period");
    counter(registry, cache, LOCK_WAITS, "waits", CacheStats::lockWaitCount,
        "Acquisitions of the eviction lock (inserts, removals, statistics snapshots) that found it held and waited");
    TimeGauge.builder(LOCK_WAIT_DURATION, cache, TimeUnit.NANOSECONDS,
            current -> current.stats().totalLockWaitTime())
        .tags(getTagsWithCacheName())
        .description("Total time spent waiting for the eviction lock since the cache was created")
        .register(registry);

    gauge(registry, cache, HOT_SIZE, ENTRIES, CacheStats::hotSize,
        "Resident entries in the hot clock");
    gauge(registry, cache, COLD_SIZE, ENTRIES, CacheStats::coldSize,
        "Resident entries in the cold clock");
    gauge(registry, cache, NON_RESIDENT_SIZE, ENTRIES, CacheStats::nonResidentSize,
        "Keys evicted recently and remembered, without their values, until their test period ends");
    gauge(registry, cache, NON_RESIDENT_LIMIT, ENTRIES, CacheStats::nonResidentLimit,
        "The most evicted keys the history keeps now; it adapts to the workload");
    gauge(registry, cache, COLD_TARGET, ENTRIES, CacheStats::coldTarget,
        "The number of resident cold entries the policy currently aims for; it adapts to the workload");
    gauge(registry, cache, SCAN_THRESHOLD, "references", CacheStats::scanThreshold,
        "The reference count at which the cold hand promotes an entry instead of evicting it");
    gauge(registry, cache, CARRY_LIMIT, "references", CacheStats::carryLimit,
        "The most references the hot hand carries over for an entry it spares; it adapts to the workload");
    gauge(registry, cache, CARRY_CURRENT, "references", stats -> stats.carryAllowed() ? stats.carryLimit() : 0,
        "The most references the hot hand carries over now: the carry limit while the carry trial lets it carry, "
            + "else 0");
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
    int scanLimit = cache.maximumScanPerEviction();
    DistributionSummary summary = DistributionSummary.builder(SCAN)
        .tags(getTagsWithCacheName())
        .description("Entries examined by the clock hands to complete one eviction; never above the scan limit")
        .baseUnit(ENTRIES)
        .publishPercentileHistogram()
        .minimumExpectedValue(1.0)
        .maximumExpectedValue((double) scanLimit)
        .serviceLevelObjectives(scanLimitBoundaries(scanLimit))
        .register(registry);
    ScanRecorder.attach(cache, summary);
  }

  /**
   * Bucket boundaries at the scan limit and one below it. Every eviction falls in the bucket at the limit; those
   * above the lower boundary examined the full limit of entries.
   */
  static double[] scanLimitBoundaries(int scanLimit) {
    return scanLimit == 1 ? new double[] {1.0} : new double[] {scanLimit - 1, scanLimit};
  }

  private void counter(MeterRegistry registry, ClockProCache<K, V> cache, String name, String baseUnit,
      ToLongFunction<CacheStats> count, String description) {
    FunctionCounter.builder(name, cache, current -> count.applyAsLong(current.stats()))
        .tags(getTagsWithCacheName())
        .baseUnit(baseUnit)
        .description(description)
        .register(registry);
  }

  private void gauge(MeterRegistry registry, ClockProCache<K, V> cache, String name, String baseUnit,
      ToDoubleFunction<CacheStats> reading, String description) {
    Gauge.builder(name, cache, current -> reading.applyAsDouble(current.stats()))
        .tags(getTagsWithCacheName())
        .baseUnit(baseUnit)
        .description(description)
        .register(registry);
  }
}
