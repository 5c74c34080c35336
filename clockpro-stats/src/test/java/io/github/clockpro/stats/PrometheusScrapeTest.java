package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
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
  private static final String SCAN_BUCKETS = "cache_eviction_scan_evictions_total";

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private CacheStats stats;
  private Policy policy;
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
    assertThat(scrape.value("cache_eviction_scanned_entries_total", BOOKS))
        .isEqualTo(stats.scanCount())
        .isEqualTo(entriesExamined);
    assertThat(scrape.value("cache_eviction_scan_max_entries", BOOKS))
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
    assertThat(scrape.value("cache_hot_size_entries", BOOKS)).isEqualTo(policy.hotSize());
    assertThat(scrape.value("cache_cold_size_entries", BOOKS)).isEqualTo(policy.coldSize());
    assertThat(scrape.value("cache_history_size_entries", BOOKS)).isEqualTo(policy.historySize());
    assertThat(scrape.value("cache_history_limit_entries", BOOKS)).isEqualTo(policy.historyLimit());
    assertThat(scrape.value("cache_cold_target_entries", BOOKS)).isEqualTo(policy.coldTarget());
    assertThat(scrape.value("cache_promotion_threshold_references", BOOKS)).isEqualTo(policy.promotionThreshold());
    assertThat(scrape.value("cache_carry_limit_references", BOOKS)).isEqualTo(policy.carryLimit());
    assertThat(scrape.value("cache_carry_current_references", BOOKS))
        .isEqualTo(policy.carryAllowed() ? policy.carryLimit() : 0);
  }

  @Test
  void shouldPublishTheClockProCountersFromThePolicy() {
    assertThat(scrape.value("cache_promoted_entries_total", BOOKS)).isEqualTo(policy.promotionCount());
    assertThat(scrape.value("cache_demoted_entries_total", BOOKS)).isEqualTo(policy.demotionCount());
    assertThat(scrape.value("cache_history_hits_requests_total", BOOKS)).isEqualTo(policy.historyHitCount());
    assertThat(scrape.value("cache_eviction_scan_limit_evictions_total", BOOKS))
        .isEqualTo(policy.scanLimitReachedCount());
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
