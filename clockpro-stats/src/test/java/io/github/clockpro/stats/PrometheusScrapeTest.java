package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Binds a cache to a Prometheus registry, runs a workload with evictions, and checks the text exposition against
 * the cache's own statistics and against every eviction an independent observer, attached by the test, saw.
 */
class PrometheusScrapeTest {

  private static final int MAXIMUM_SIZE = 200;
  private static final int SCAN_LIMIT = 6;
  private static final Map<String, String> BOOKS = Map.of("cache", "books", "region", "eu");
  private static final String SCAN_BUCKETS = "cache_eviction_scan_evictions_total";

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final List<Integer> observedScans = new ArrayList<>();
  private CacheStats stats;
  private Scrape scrape;

  @BeforeEach
  void runWorkloadAndScrape() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder()
        .maximumSize(MAXIMUM_SIZE)
        .maximumScanPerEviction(SCAN_LIMIT)
        .build();
    ClockProCacheMetrics.monitor(registry, cache, "books", "region", "eu");
    cache.addEvictionObserver((entriesExamined, reachedLimit) -> observedScans.add(entriesExamined));

    Workload.run(cache, 20_000);

    stats = cache.stats();
    scrape = Scrape.parse(registry.scrape());
  }

  @Test
  void shouldRunAWorkloadThatExercisesEveryMeter() {
    assertThat(stats.evictionCount()).isPositive();
    assertThat(stats.maxScanPerEviction()).isGreaterThan(1);
    assertThat(stats.promotionCount()).isPositive();
    assertThat(stats.demotionCount()).isPositive();
    assertThat(stats.nonResidentHitCount()).isPositive();
    assertThat(stats.scanLimitReachedCount()).isPositive();
    assertThat(observedScans).hasSize((int) stats.evictionCount());
  }

  @Test
  void shouldPublishTheStandardCacheSeries() {
    assertThat(scrape.value("cache_gets_total", with("result", "hit"))).isEqualTo(stats.hitCount());
    assertThat(scrape.value("cache_gets_total", with("result", "miss"))).isEqualTo(stats.missCount());
    assertThat(scrape.value("cache_puts_total", BOOKS)).isEqualTo(stats.putCount());
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
  }

  @Test
  void shouldPublishTheEvictionsEntriesExaminedAndLongestScanOfEveryEviction() {
    assertThat(scrape.value(SCAN_BUCKETS, with("le", "+Inf")))
        .isEqualTo(stats.evictionCount())
        .isEqualTo(observedScans.size());
    assertThat(scrape.value("cache_eviction_scanned_entries_total", BOOKS))
        .isEqualTo(stats.scanCount())
        .isEqualTo(observedScans.stream().mapToLong(Integer::longValue).sum());
    assertThat(scrape.value("cache_eviction_scan_max_entries", BOOKS))
        .isEqualTo(stats.maxScanPerEviction())
        .isEqualTo(observedScans.stream().mapToInt(Integer::intValue).max().orElseThrow())
        .isLessThanOrEqualTo(SCAN_LIMIT);
  }

  @Test
  void shouldPublishCumulativeBucketsHoldingEachObservedScan() {
    List<Scrape.Sample> buckets = scrape.find(SCAN_BUCKETS, BOOKS);

    assertThat(buckets).extracting(bucket -> bucket.labels().get("le"))
        .containsExactlyInAnyOrder("1.0", "2.0", "3.0", "4.0", (SCAN_LIMIT - 1) + ".0", SCAN_LIMIT + ".0", "+Inf");
    for (Scrape.Sample bucket : buckets) {
      double upperBound = upperBound(bucket.labels().get("le"));
      long observed = observedScans.stream().filter(scan -> scan <= upperBound).count();
      long counted = stats.evictionCountAtMost((int) Math.min(upperBound, Integer.MAX_VALUE));
      assertThat(bucket.value()).as("bucket le=%s", upperBound).isEqualTo(observed).isEqualTo(counted);
    }
  }

  @Test
  void shouldCountTheEvictionsThatExaminedTheFullLimitAboveTheLowerLimitBucket() {
    double belowLimit = scrape.value(SCAN_BUCKETS, with("le", (SCAN_LIMIT - 1) + ".0"));
    double atLimit = scrape.value(SCAN_BUCKETS, with("le", SCAN_LIMIT + ".0"));

    assertThat(atLimit - belowLimit)
        .isEqualTo(observedScans.stream().filter(scan -> scan == SCAN_LIMIT).count())
        .isEqualTo(stats.evictionCountAtMost(SCAN_LIMIT) - stats.evictionCountAtMost(SCAN_LIMIT - 1))
        .isGreaterThanOrEqualTo(stats.scanLimitReachedCount());
    assertThat(atLimit).isEqualTo(stats.evictionCount());
  }

  @Test
  void shouldPublishTheClockProGaugesFromTheCacheStatistics() {
    assertThat(scrape.value("cache_hot_size_entries", BOOKS)).isEqualTo(stats.hotSize());
    assertThat(scrape.value("cache_cold_size_entries", BOOKS)).isEqualTo(stats.coldSize());
    assertThat(scrape.value("cache_nonresident_size_entries", BOOKS)).isEqualTo(stats.nonResidentSize());
    assertThat(scrape.value("cache_nonresident_limit_entries", BOOKS)).isEqualTo(stats.nonResidentLimit());
    assertThat(scrape.value("cache_cold_target_entries", BOOKS)).isEqualTo(stats.coldTarget());
    assertThat(scrape.value("cache_scan_threshold_references", BOOKS)).isEqualTo(stats.scanThreshold());
    assertThat(scrape.value("cache_carry_limit_references", BOOKS)).isEqualTo(stats.carryLimit());
    assertThat(scrape.value("cache_carry_current_references", BOOKS))
        .isEqualTo(stats.carryAllowed() ? stats.carryLimit() : 0);
  }

  @Test
  void shouldPublishTheClockProCountersFromTheCacheStatistics() {
    assertThat(scrape.value("cache_promoted_entries_total", BOOKS)).isEqualTo(stats.promotionCount());
    assertThat(scrape.value("cache_demoted_entries_total", BOOKS)).isEqualTo(stats.demotionCount());
    assertThat(scrape.value("cache_nonresident_hits_requests_total", BOOKS))
        .isEqualTo(stats.nonResidentHitCount());
    assertThat(scrape.value("cache_eviction_scan_limit_evictions_total", BOOKS))
        .isEqualTo(stats.scanLimitReachedCount());
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
