package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClockProCacheMetricsTest {

  private static final int SCAN_LIMIT = 8;

  private final ClockProCache<Integer, Integer> cache = ClockProCache.builder()
      .maximumSize(10)
      .scanLimit(SCAN_LIMIT)
      .build();
  private int nextKey;

  @Test
  void shouldRejectNullArgumentsNamingThem() {
    MeterRegistry registry = new SimpleMeterRegistry();

    assertThatNullPointerException().isThrownBy(() -> ClockProCacheMetrics.monitor(null, cache, "c"))
        .withMessage("registry");
    assertThatNullPointerException().isThrownBy(() -> ClockProCacheMetrics.monitor(registry, null, "c"))
        .withMessage("cache");
    assertThatNullPointerException().isThrownBy(() -> ClockProCacheMetrics.monitor(registry, cache, null))
        .withMessage("cacheName");
    assertThatNullPointerException()
        .isThrownBy(() -> ClockProCacheMetrics.monitor(registry, cache, "c", (String[]) null))
        .withMessage("tags");
    assertThatNullPointerException()
        .isThrownBy(() -> ClockProCacheMetrics.monitor(registry, cache, "c", (Iterable<Tag>) null))
        .withMessage("tags");
    assertThatNullPointerException().isThrownBy(() -> new ClockProCacheMetrics<>(cache, "c", Tags.empty())
        .bindTo(null));
    assertThat(registry.getMeters()).isEmpty();
  }

  @Test
  void shouldRejectAnOddNumberOfTagStrings() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ClockProCacheMetrics.monitor(new SimpleMeterRegistry(), cache, "c", "region"));
  }

  @Test
  void shouldReturnTheCacheUnchanged() {
    assertThat(ClockProCacheMetrics.monitor(new SimpleMeterRegistry(), cache, "c")).isSameAs(cache);
  }

  @Test
  void shouldTagEveryMeterWithTheCacheNameAndTheExtraTags() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books", "region", "eu");

    assertThat(registry.getMeters()).hasSizeGreaterThanOrEqualTo(19).allSatisfy(meter -> assertThat(
        meter.getId().getTags()).contains(Tag.of("cache", "books"), Tag.of("region", "eu")));
  }

  @Test
  void shouldGiveEveryClockProMeterADescriptionAndABaseUnit() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    List<String> clockProMeters = List.of(ClockProCacheMetrics.SCAN, ClockProCacheMetrics.SCANNED,
        ClockProCacheMetrics.SCAN_MAX, ClockProCacheMetrics.SCAN_LIMIT_REACHED,
        ClockProCacheMetrics.HOT_SIZE, ClockProCacheMetrics.COLD_SIZE, ClockProCacheMetrics.HISTORY_SIZE,
        ClockProCacheMetrics.HISTORY_LIMIT,
        ClockProCacheMetrics.COLD_TARGET, ClockProCacheMetrics.PROMOTION_THRESHOLD, ClockProCacheMetrics.CARRY_LIMIT,
        ClockProCacheMetrics.CARRY_CURRENT,
        ClockProCacheMetrics.PROMOTED, ClockProCacheMetrics.DEMOTED, ClockProCacheMetrics.HISTORY_HITS,
        ClockProCacheMetrics.EXPIRATIONS);
    for (String name : clockProMeters) {
      for (Meter meter : registry.get(name).meters()) {
        assertThat(meter.getId().getDescription()).as(name).isNotBlank();
        assertThat(meter.getId().getBaseUnit()).as(name).isNotBlank();
      }
    }
  }

  @Test
  void shouldCountExpirationsApartFromEvictions() {
    long[] time = {0};
    ClockProCache<Integer, Integer> expiring = ClockProCache.builder()
        .maximumSize(10)
        .expireAfterWrite(Duration.ofMinutes(1))
        .ticker(() -> time[0])
        .build();
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, expiring, "books");
    for (int key = 0; key < 5; key++) {
      expiring.put(key, key);
    }
    time[0] += Duration.ofMinutes(2).toNanos();
    expiring.cleanUp();

    assertThat(expiring.stats().expirationCount()).isEqualTo(5);
    assertThat(registry.get(ClockProCacheMetrics.EXPIRATIONS).functionCounter().count()).isEqualTo(5);
    assertThat(registry.get("cache.evictions").functionCounter().count()).isZero();
    ClockProCacheMetrics.monitor(registry, cache, "plain");
    assertThat(registry.get(ClockProCacheMetrics.EXPIRATIONS).tag("cache", "plain").functionCounter().count())
        .isZero();
  }

  @Test
  void shouldPlaceBucketBoundsThatGrowByHalfThenAtTheScanLimitAndJustBelowIt() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    assertThat(registry.get(ClockProCacheMetrics.SCAN).functionCounters())
        .extracting(counter -> counter.getId().getTag("le"))
        .containsExactlyInAnyOrder("1.0", "2.0", "3.0", "4.0", "6.0", "7.0", "8.0", "+Inf");
    assertThat(ClockProCacheMetrics.scanBucketBounds(1)).containsExactly(1);
    assertThat(ClockProCacheMetrics.scanBucketBounds(2)).containsExactly(1, 2);
    assertThat(ClockProCacheMetrics.scanBucketBounds(6)).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(ClockProCacheMetrics.scanBucketBounds(7)).containsExactly(1, 2, 3, 4, 6, 7);
    assertThat(ClockProCacheMetrics.scanBucketBounds(CacheBuilder.DEFAULT_SCAN_LIMIT))
        .containsExactly(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 127, 128);
    assertThat(ClockProCacheMetrics.bucketLabel(127)).isEqualTo("127.0");
  }

  @Test
  void shouldCountInEachBucketTheEvictionsThatExaminedAtMostItsBound() {
    ClockProCache<Integer, Integer> larger = ClockProCache.builder()
        .maximumSize(200)
        .scanLimit(SCAN_LIMIT)
        .build();
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, larger, "books");

    Workload.run(larger, 20_000);

    CacheStats stats = larger.stats();
    Policy policy = larger.policy();
    assertThat(policy.scanLimitReachedCount()).as("the workload reaches the scan limit").isPositive();
    for (int bound : ClockProCacheMetrics.scanBucketBounds(SCAN_LIMIT)) {
      assertThat(bucket(registry, bound)).as("le=%d", bound).isEqualTo(policy.evictionCountAtMost(bound));
    }
    assertThat(bucket(registry, "+Inf")).isEqualTo(stats.evictionCount()).isEqualTo(bucket(registry, SCAN_LIMIT));
    assertThat(bucket(registry, SCAN_LIMIT) - bucket(registry, SCAN_LIMIT - 1))
        .isEqualTo(policy.evictionCountAtMost(SCAN_LIMIT) - policy.evictionCountAtMost(SCAN_LIMIT - 1))
        .isGreaterThanOrEqualTo(policy.scanLimitReachedCount());
    assertThat(registry.get(ClockProCacheMetrics.SCANNED).functionCounter().count())
        .isEqualTo(stats.scanCount());
    assertThat(registry.get(ClockProCacheMetrics.SCAN_MAX).gauge().value())
        .isEqualTo(stats.maxScanPerEviction())
        .isEqualTo(SCAN_LIMIT);
  }

  @Test
  void shouldCountTheEvictionsSinceTheCacheWasCreatedNotSinceItWasBound() {
    evict(3);
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    evict(2);

    assertThat(bucket(registry, "+Inf")).isEqualTo(5);
    assertThat(registry.get(ClockProCacheMetrics.SCANNED).functionCounter().count())
        .isEqualTo(cache.stats().scanCount());
  }

  @Test
  void shouldPublishTheSameValuesWhenMonitoredTwiceInOneRegistry() {
    MeterRegistry once = new SimpleMeterRegistry();
    MeterRegistry twice = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(once, cache, "books");
    ClockProCacheMetrics.monitor(twice, cache, "books");
    ClockProCacheMetrics.monitor(twice, cache, "books");

    evict(5);

    assertThat(twice.getMeters()).hasSameSizeAs(once.getMeters());
    assertThat(bucket(twice, "+Inf")).isEqualTo(5).isEqualTo(cache.stats().evictionCount());
    for (int bound : ClockProCacheMetrics.scanBucketBounds(SCAN_LIMIT)) {
      assertThat(bucket(twice, bound)).as("le=%d", bound).isEqualTo(bucket(once, bound));
    }
    assertThat(twice.get(ClockProCacheMetrics.SCANNED).functionCounter().count())
        .isEqualTo(cache.stats().scanCount());
    assertThat(twice.get(ClockProCacheMetrics.SCAN_MAX).gauge().value())
        .isEqualTo(cache.stats().maxScanPerEviction());
  }

  @Test
  void shouldPublishIntoEveryRegistryItIsBoundTo() {
    MeterRegistry first = new SimpleMeterRegistry();
    MeterRegistry second = new SimpleMeterRegistry();
    ClockProCacheMetrics<Integer, Integer> binder = new ClockProCacheMetrics<>(cache, "books", Tags.empty());
    binder.bindTo(first);
    binder.bindTo(second);

    evict(3);

    assertThat(bucket(first, "+Inf")).isEqualTo(3);
    assertThat(bucket(second, "+Inf")).isEqualTo(3);
    assertThat(first.get(ClockProCacheMetrics.SCANNED).functionCounter().count())
        .isEqualTo(second.get(ClockProCacheMetrics.SCANNED).functionCounter().count())
        .isEqualTo(cache.stats().scanCount());
  }

  @Test
  void shouldPublishLoadsAndTheirDuration() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    cache.get(1, key -> key);
    cache.get(2, key -> null);
    cache.get(3, key -> key);

    assertThat(registry.get(ClockProCacheMetrics.LOAD).tag("result", "success").functionCounter().count())
        .isEqualTo(2);
    assertThat(registry.get(ClockProCacheMetrics.LOAD).tag("result", "failure").functionCounter().count())
        .isEqualTo(1);
    assertThat(registry.get(ClockProCacheMetrics.LOAD_DURATION).timeGauge().value())
        .isEqualTo(cache.stats().totalLoadTime() / 1e9);
    assertThat(registry.get("cache.puts").functionCounter().count()).isZero();
  }

  private static double bucket(MeterRegistry registry, int bound) {
    return bucket(registry, ClockProCacheMetrics.bucketLabel(bound));
  }

  private static double bucket(MeterRegistry registry, String le) {
    return registry.get(ClockProCacheMetrics.SCAN).tag("le", le).functionCounter().count();
  }

  /** Inserts new keys until the cache has evicted {@code evictions} more entries. */
  private void evict(int evictions) {
    long target = cache.stats().evictionCount() + evictions;
    while (cache.stats().evictionCount() < target) {
      cache.put(nextKey, nextKey);
      nextKey++;
    }
  }
}
