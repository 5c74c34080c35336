package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.lang.ref.WeakReference;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Binds a cache to a Prometheus registry, runs a workload with evictions, and checks the text exposition against
 * the cache's own statistics and policy figures, and the scan buckets against each other.
 */
class PrometheusScrapeTest {

  private static final int MAXIMUM_SIZE = 200;
  private static final int SCAN_LIMIT = 6;
  private static final Map<String, String> BOOKS = Map.of("cache", "books", "region", "eu");
  private static final String SCAN_BUCKETS = "cache_eviction_scan_length_bucket";

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private CacheStats stats;
  private Policy<Integer, Integer> policy;
  private Scrape scrape;

  @BeforeEach
  void runWorkloadAndScrape() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder()
        .maximumSize(MAXIMUM_SIZE)
        .scanLimit(SCAN_LIMIT)
        .build();
    ClockProCacheMetrics.monitor(registry, cache, "books", "region", "eu");

    Workload.run(cache, 20_000);

    stats = cache.stats();
    policy = cache.policy();
    scrape = Scrape.parse(registry.scrape());
  }

  @Test
  void shouldRunAWorkloadThatExercisesEveryMeter() {
    assertThat(stats.evictionCount()).isPositive();
    assertThat(stats.maxScanPerEviction()).isGreaterThan(1);
    assertThat(policy.promotionCount()).isPositive();
    assertThat(policy.demotionCount()).isPositive();
    assertThat(policy.historyHitCount()).isPositive();
    assertThat(policy.scanLimitReachedCount()).isPositive();
  }

  @Test
  void shouldPublishTheStandardCacheSeries() {
    assertThat(scrape.value("cache_gets_total", with("result", "hit"))).isEqualTo(stats.hitCount());
    assertThat(scrape.value("cache_gets_total", with("result", "miss"))).isEqualTo(stats.missCount());
    assertThat(scrape.value("cache_puts_total", BOOKS)).isEqualTo(stats.putCount() + stats.loadCount());
    assertThat(scrape.value("cache_evictions_total", BOOKS)).isEqualTo(stats.evictionCount());
    // The workload ends with a load that returns null on a full cache: it evicted one entry to take its place.
    assertThat(scrape.value("cache_size", BOOKS)).isEqualTo(MAXIMUM_SIZE - 1);
    assertThat(scrape.value("cache_load_total", with("result", "success")))
        .isEqualTo(stats.loadSuccessCount())
        .isEqualTo(1);
    assertThat(scrape.value("cache_load_total", with("result", "failure")))
        .isEqualTo(stats.loadFailureCount())
        .isEqualTo(1);
    assertThat(scrape.value("cache_load_duration_seconds", BOOKS)).isEqualTo(stats.totalLoadTime() / 1e9);
    assertThat(scrape.value("cache_bulk_loads_total", with("result", "success"))).isZero();
    assertThat(scrape.value("cache_refreshes_total", with("result", "failure"))).isZero();
  }

  @Test
  void shouldExposeEachFamilyWithItsPrometheusType() {
    Map<String, String> types = scrape.types();

    assertThat(types).containsEntry("cache_eviction_scan_length", "histogram")
        .containsEntry("cache_eviction_scan_length_max", "gauge")
        .containsEntry("cache_size", "gauge")
        .containsEntry("cache_load_duration_seconds", "gauge")
        .containsEntry("cache_hot_size", "gauge")
        .containsEntry("cache_promotion_threshold", "gauge");
    for (String counter : List.of("cache_gets", "cache_puts", "cache_evictions", "cache_load", "cache_bulk_loads",
        "cache_refreshes", "cache_expirations", "cache_eviction_scan_limit_reached",
        "cache_promotions", "cache_demotions", "cache_history_hits", "cache_eviction_lock_waits",
        "cache_eviction_lock_wait_duration_seconds")) {
      assertThat(types.getOrDefault(counter, types.get(counter + "_total"))).as(counter).isEqualTo("counter");
    }
  }

  @Test
  void shouldExposeTheseSeriesAndNoOthers() {
    assertThat(scrape.names()).containsExactlyInAnyOrder("cache_size", "cache_gets_total", "cache_puts_total",
        "cache_evictions_total", "cache_load_total", "cache_load_duration_seconds", "cache_bulk_loads_total",
        "cache_refreshes_total", "cache_expirations_total", "cache_eviction_scan_length_bucket",
        "cache_eviction_scan_length_count", "cache_eviction_scan_length_sum", "cache_eviction_scan_length_max",
        "cache_eviction_scan_limit_reached_total", "cache_promotions_total", "cache_demotions_total",
        "cache_history_hits_total", "cache_eviction_lock_waits_total",
        "cache_eviction_lock_wait_duration_seconds_total", "cache_hot_size", "cache_cold_size",
        "cache_history_size", "cache_history_limit", "cache_cold_target", "cache_cold_target_floor",
        "cache_promotion_threshold",
        "cache_carry_limit", "cache_carry_current", "cache_eviction_weight_total");
  }

  @Test
  void shouldPublishTheEvictionsEntriesExaminedAndLongestScanOfEveryEviction() {
    // With a scan limit of 6 every length from 1 to the limit is a bucket bound, so the buckets give the number
    // of evictions of each length exactly, and from those the sum and the maximum that the other series publish.
    double entriesExamined = 0;
    int longest = 0;
    for (int length = 1; length <= SCAN_LIMIT; length++) {
      double evictionsOfLength = scrape.value(SCAN_BUCKETS, with("le", length + ".0"))
          - (length == 1 ? 0 : scrape.value(SCAN_BUCKETS, with("le", (length - 1) + ".0")));
      entriesExamined += length * evictionsOfLength;
      longest = evictionsOfLength > 0 ? length : longest;
    }

    assertThat(scrape.value(SCAN_BUCKETS, with("le", "+Inf"))).isEqualTo(stats.evictionCount());
    assertThat(scrape.value("cache_eviction_scan_length_count", BOOKS)).isEqualTo(stats.evictionCount());
    assertThat(scrape.value("cache_eviction_scan_length_sum", BOOKS))
        .isEqualTo(stats.scanCount())
        .isEqualTo(entriesExamined);
    assertThat(scrape.value("cache_eviction_scan_length_max", BOOKS))
        .isEqualTo(stats.maxScanPerEviction())
        .isEqualTo(longest)
        .isLessThanOrEqualTo(SCAN_LIMIT);
  }

  @Test
  void shouldPublishCumulativeBucketsOfTheEvictionsByEntriesExamined() {
    List<Scrape.Sample> buckets = scrape.find(SCAN_BUCKETS, BOOKS);

    assertThat(buckets).extracting(bucket -> bucket.labels().get("le"))
        .containsExactlyInAnyOrder("1.0", "2.0", "3.0", "4.0", (SCAN_LIMIT - 1) + ".0", SCAN_LIMIT + ".0", "+Inf");
    List<Scrape.Sample> ascending = buckets.stream()
        .sorted(Comparator.comparingDouble(bucket -> upperBound(bucket.labels().get("le"))))
        .toList();
    double previous = 0;
    for (Scrape.Sample bucket : ascending) {
      double upperBound = upperBound(bucket.labels().get("le"));
      long counted = policy.evictionCountAtMost((int) Math.min(upperBound, Integer.MAX_VALUE));
      assertThat(bucket.value()).as("bucket le=%s", upperBound)
          .isEqualTo(counted)
          .isGreaterThanOrEqualTo(previous);
      previous = bucket.value();
    }
    assertThat(ascending.get(0).value()).as("a workload where some evictions examine more than one entry")
        .isLessThan(previous);
  }

  @Test
  void shouldCountTheEvictionsThatExaminedTheFullLimitAboveTheLowerLimitBucket() {
    double belowLimit = scrape.value(SCAN_BUCKETS, with("le", (SCAN_LIMIT - 1) + ".0"));
    double atLimit = scrape.value(SCAN_BUCKETS, with("le", SCAN_LIMIT + ".0"));

    assertThat(atLimit - belowLimit)
        .isEqualTo(policy.evictionCountAtMost(SCAN_LIMIT) - policy.evictionCountAtMost(SCAN_LIMIT - 1))
        .isGreaterThanOrEqualTo(policy.scanLimitReachedCount());
    assertThat(atLimit).isEqualTo(stats.evictionCount());
  }

  @Test
  void shouldPublishTheClockProGaugesFromThePolicy() {
    assertThat(scrape.value("cache_hot_size", BOOKS)).isEqualTo(policy.hotSize());
    assertThat(scrape.value("cache_cold_size", BOOKS)).isEqualTo(policy.coldSize());
    assertThat(scrape.value("cache_history_size", BOOKS)).isEqualTo(policy.historySize());
    assertThat(scrape.value("cache_history_limit", BOOKS)).isEqualTo(policy.historyLimit());
    assertThat(scrape.value("cache_cold_target", BOOKS)).isEqualTo(policy.coldTarget());
    assertThat(scrape.value("cache_cold_target_floor", BOOKS)).isEqualTo(policy.coldTargetFloor());
    assertThat(scrape.value("cache_promotion_threshold", BOOKS)).isEqualTo(policy.promotionThreshold());
    assertThat(scrape.value("cache_carry_limit", BOOKS)).isEqualTo(policy.carryLimit());
    assertThat(scrape.value("cache_carry_current", BOOKS))
        .isEqualTo(policy.carryAllowed() ? policy.carryLimit() : 0);
  }

  @Test
  void shouldPublishTheClockProCountersFromThePolicy() {
    assertThat(scrape.value("cache_promotions_total", BOOKS)).isEqualTo(policy.promotionCount());
    assertThat(scrape.value("cache_demotions_total", BOOKS)).isEqualTo(policy.demotionCount());
    assertThat(scrape.value("cache_history_hits_total", BOOKS)).isEqualTo(policy.historyHitCount());
    assertThat(scrape.value("cache_eviction_scan_limit_reached_total", BOOKS))
        .isEqualTo(policy.scanLimitReachedCount());
    assertThat(scrape.value("cache_eviction_lock_waits_total", BOOKS)).isEqualTo(stats.lockWaitCount());
    assertThat(scrape.value("cache_eviction_lock_wait_duration_seconds_total", BOOKS))
        .isEqualTo(stats.totalLockWaitTime() / 1e9);
  }

  @Test
  void shouldPublishOneHistogramWhenTheSameCacheIsBoundTwice() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    PrometheusMeterRegistry twice = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClockProCacheMetrics.monitor(twice, cache, "books");
    ClockProCacheMetrics.monitor(twice, cache, "books");
    Workload.run(cache, 2_000);

    Scrape scraped = Scrape.parse(twice.scrape());
    assertThat(scraped.value("cache_eviction_scan_length_count", Map.of("cache", "books")))
        .isEqualTo(cache.stats().evictionCount());
  }

  @Test
  void shouldFollowTheCacheBoundAfterTheMetersOfTheFirstWereRemoved() {
    ClockProCache<Integer, Integer> first = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    ClockProCache<Integer, Integer> second = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    PrometheusMeterRegistry live = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClockProCacheMetrics.monitor(live, first, "books");
    Workload.run(first, 2_000);

    live.getMeters().forEach(live::remove);
    assertThat(Scrape.parse(live.scrape()).names()).isEmpty();
    ClockProCacheMetrics.monitor(live, second, "books");
    Workload.run(second, 4_000);

    Scrape scraped = Scrape.parse(live.scrape());
    Map<String, String> books = Map.of("cache", "books");
    assertThat(scraped.value("cache_eviction_scan_length_count", books)).isEqualTo(second.stats().evictionCount())
        .isNotEqualTo(first.stats().evictionCount());
    assertThat(scraped.value("cache_evictions_total", books)).isEqualTo(second.stats().evictionCount());
  }

  @Test
  void shouldKeepPublishingTheFirstCacheBoundUnderANameAsMicrometerKeepsItsMeters() {
    ClockProCache<Integer, Integer> first = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    ClockProCache<Integer, Integer> second = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    PrometheusMeterRegistry live = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClockProCacheMetrics.monitor(live, first, "books");
    Workload.run(first, 2_000);
    ClockProCacheMetrics.monitor(live, second, "books");
    Workload.run(second, 4_000);

    Scrape scraped = Scrape.parse(live.scrape());
    Map<String, String> books = Map.of("cache", "books");
    assertThat(scraped.value("cache_eviction_scan_length_count", books)).isEqualTo(first.stats().evictionCount());
    assertThat(scraped.value("cache_evictions_total", books)).isEqualTo(first.stats().evictionCount());
  }

  @Test
  void shouldNotKeepTheRegistryAlive() throws InterruptedException {
    PrometheusMeterRegistry dropped = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClockProCacheMetrics.monitor(dropped, ClockProCache.builder().maximumSize(10).build(), "books");
    WeakReference<PrometheusMeterRegistry> registryReference = new WeakReference<>(dropped);
    WeakReference<PrometheusRegistry> prometheusReference = new WeakReference<>(dropped.getPrometheusRegistry());
    dropped = null;

    for (int attempt = 0; attempt < 50 && prometheusReference.get() != null; attempt++) {
      System.gc();
      Thread.sleep(20);
    }

    assertThat(registryReference.get()).isNull();
    assertThat(prometheusReference.get()).isNull();
  }

  @Test
  void shouldPublishTheHistogramToThePrometheusRegistryOfAComposite() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    SimpleMeterRegistry simple = new SimpleMeterRegistry();
    CompositeMeterRegistry composite = new CompositeMeterRegistry();
    composite.add(prometheus);
    composite.add(simple);
    ClockProCacheMetrics.monitor(composite, cache, "books");
    Workload.run(cache, 2_000);

    Scrape scraped = Scrape.parse(prometheus.scrape());
    assertThat(scraped.value("cache_eviction_scan_length_bucket", Map.of("cache", "books", "le", "+Inf")))
        .isEqualTo(cache.stats().evictionCount());
    assertThat(simple.get(ClockProCacheMetrics.SCAN_LENGTH).meter().getId().getType())
        .isEqualTo(Meter.Type.DISTRIBUTION_SUMMARY);
  }

  @Test
  void shouldApplyTheRegistrysCommonTagsToTheHistogram() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
    PrometheusMeterRegistry tagged = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    tagged.config().commonTags("application", "library");
    ClockProCacheMetrics.monitor(tagged, cache, "books");
    Workload.run(cache, 2_000);

    Scrape scraped = Scrape.parse(tagged.scrape());
    assertThat(scraped.value("cache_eviction_scan_length_count", Map.of("cache", "books", "application", "library")))
        .isEqualTo(cache.stats().evictionCount());
  }

  @Test
  void shouldDropTheHistogramOfACollectedCache() throws InterruptedException {
    PrometheusMeterRegistry weak = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClockProCacheMetrics.monitor(weak, ClockProCache.builder().maximumSize(10).build(), "gone");

    for (int attempt = 0; attempt < 50
        && !Scrape.parse(weak.scrape()).find("cache_eviction_scan_length_count", Map.of()).isEmpty(); attempt++) {
      System.gc();
      Thread.sleep(20);
    }

    assertThat(Scrape.parse(weak.scrape()).find("cache_eviction_scan_length_count", Map.of())).isEmpty();
  }

  /** Parses a bucket's {@code le} label, which spells infinity the Prometheus way. */
  private static double upperBound(String le) {
    return le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
  }

  private static Map<String, String> with(String label, String value) {
    Map<String, String> labels = new HashMap<>(BOOKS);
    labels.put(label, value);
    return labels;
  }
}
