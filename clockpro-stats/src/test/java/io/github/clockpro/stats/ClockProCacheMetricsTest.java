package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Statistic;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
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
  void shouldGiveEveryClockProMeterADescriptionAndABaseUnitOnlyWhereTheValueHasOne() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    List<String> counts = List.of(ClockProCacheMetrics.SCAN_LENGTH, ClockProCacheMetrics.SCAN_LIMIT_REACHED,
        ClockProCacheMetrics.HOT_SIZE, ClockProCacheMetrics.COLD_SIZE, ClockProCacheMetrics.HISTORY_SIZE,
        ClockProCacheMetrics.HISTORY_LIMIT,
        ClockProCacheMetrics.COLD_TARGET, ClockProCacheMetrics.COLD_TARGET_FLOOR,
        ClockProCacheMetrics.PROMOTION_THRESHOLD, ClockProCacheMetrics.CARRY_LIMIT,
        ClockProCacheMetrics.CARRY_CURRENT,
        ClockProCacheMetrics.PROMOTIONS, ClockProCacheMetrics.DEMOTIONS, ClockProCacheMetrics.HISTORY_HITS,
        ClockProCacheMetrics.EXPIRATIONS, ClockProCacheMetrics.LOCK_WAITS, ClockProCacheMetrics.LOAD,
        ClockProCacheMetrics.BULK_LOADS, ClockProCacheMetrics.REFRESHES);
    for (String name : counts) {
      for (Meter meter : registry.get(name).meters()) {
        assertThat(meter.getId().getDescription()).as(name).isNotBlank();
        assertThat(meter.getId().getBaseUnit()).as(name).isNull();
      }
    }
    FunctionCounter lockWait = registry.get(ClockProCacheMetrics.LOCK_WAIT_DURATION).functionCounter();
    assertThat(lockWait.getId().getDescription()).isNotBlank();
    assertThat(lockWait.getId().getBaseUnit()).isEqualTo("seconds");
    TimeGauge loadTime = registry.get(ClockProCacheMetrics.LOAD_DURATION).timeGauge();
    assertThat(loadTime.getId().getDescription()).isNotBlank();
    assertThat(loadTime.getId().getBaseUnit()).isEqualTo("seconds");
  }

  @Test
  void shouldPublishTheScanLengthsToAnyRegistryAsCountTotalAndMaximum() {
    ClockProCache<Integer, Integer> larger = ClockProCache.builder()
        .maximumSize(200)
        .scanLimit(SCAN_LIMIT)
        .build();
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, larger, "books");

    Workload.run(larger, 20_000);

    CacheStats stats = larger.stats();
    Meter scanLengths = registry.get(ClockProCacheMetrics.SCAN_LENGTH).meter();
    assertThat(scanLengths.getId().getType()).isEqualTo(Meter.Type.DISTRIBUTION_SUMMARY);
    assertThat(statistic(scanLengths, Statistic.COUNT)).isEqualTo(stats.evictionCount()).isPositive();
    assertThat(statistic(scanLengths, Statistic.TOTAL)).isEqualTo(stats.scanCount());
    assertThat(statistic(scanLengths, Statistic.MAX)).isEqualTo(stats.maxScanPerEviction()).isEqualTo(SCAN_LIMIT);
  }

  @Test
  void shouldCountExpirationsAsEvictionsAndOnTheirOwn() {
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
    assertThat(registry.get("cache.evictions").functionCounter().count()).isEqualTo(5);
    ClockProCacheMetrics.monitor(registry, cache, "plain");
    assertThat(registry.get(ClockProCacheMetrics.EXPIRATIONS).tag("cache", "plain").functionCounter().count())
        .isZero();
  }

  @Test
  void shouldPlaceABucketAtEveryLengthUpToEightThenGrowByHalfThenAtTheScanLimitAndJustBelowIt() {
    assertThat(ClockProCacheMetrics.scanBucketBounds(1)).containsExactly(1);
    assertThat(ClockProCacheMetrics.scanBucketBounds(2)).containsExactly(1, 2);
    assertThat(ClockProCacheMetrics.scanBucketBounds(6)).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(ClockProCacheMetrics.scanBucketBounds(8)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    assertThat(ClockProCacheMetrics.scanBucketBounds(14)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14);
    assertThat(ClockProCacheMetrics.scanBucketBounds(CacheBuilder.DEFAULT_SCAN_LIMIT))
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 127, 128);
  }

  @Test
  void shouldCountTheEvictionsSinceTheCacheWasCreatedNotSinceItWasBound() {
    evict(3);
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    evict(2);

    assertThat(statistic(registry, Statistic.COUNT)).isEqualTo(5);
    assertThat(statistic(registry, Statistic.TOTAL)).isEqualTo(cache.stats().scanCount());
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
    assertThat(statistic(twice, Statistic.COUNT)).isEqualTo(5).isEqualTo(statistic(once, Statistic.COUNT));
    assertThat(statistic(twice, Statistic.TOTAL)).isEqualTo(cache.stats().scanCount());
    assertThat(statistic(twice, Statistic.MAX)).isEqualTo(cache.stats().maxScanPerEviction());
  }

  @Test
  void shouldPublishIntoEveryRegistryItIsBoundTo() {
    MeterRegistry first = new SimpleMeterRegistry();
    MeterRegistry second = new SimpleMeterRegistry();
    ClockProCacheMetrics<Integer, Integer> binder = new ClockProCacheMetrics<>(cache, "books", Tags.empty());
    binder.bindTo(first);
    binder.bindTo(second);

    evict(3);

    assertThat(statistic(first, Statistic.COUNT)).isEqualTo(3);
    assertThat(statistic(second, Statistic.COUNT)).isEqualTo(3);
    assertThat(statistic(first, Statistic.TOTAL))
        .isEqualTo(statistic(second, Statistic.TOTAL))
        .isEqualTo(cache.stats().scanCount());
  }

  @Test
  void shouldPublishLoadsBulkLoadsRefreshesAndTheLoadDuration() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    cache.get(1, key -> key);
    cache.get(2, key -> null);
    cache.get(3, key -> key);

    assertThat(registry.get(ClockProCacheMetrics.LOAD).tag("result", "success").functionCounter().count())
        .isEqualTo(2);
    assertThat(registry.get(ClockProCacheMetrics.LOAD).tag("result", "failure").functionCounter().count())
        .isEqualTo(1);
    assertThat(registry.get(ClockProCacheMetrics.LOAD_DURATION).timeGauge().value(TimeUnit.NANOSECONDS))
        .isCloseTo(cache.stats().totalLoadTime(), within(1.0)); // through seconds and back, as a double
    assertThat(registry.get("cache.puts").functionCounter().count()).as("every load, as Caffeine's binder counts")
        .isEqualTo(3);
    cache.put(4, 4);
    assertThat(registry.get("cache.puts").functionCounter().count()).as("and the explicit writes").isEqualTo(4);

    ClockProLoadingCache<Integer, Integer> loading = ClockProCache.builder()
        .maximumSize(100)
        .build(new CacheLoader<Integer, Integer>() {
          @Override
          public Integer load(Integer key) {
            if (key < 0) {
              throw new IllegalStateException("no value for " + key);
            }
            return key;
          }

          @Override
          public Integer reload(Integer key, Integer oldValue) {
            if (key == 2) {
              throw new IllegalStateException("cannot reload " + key);
            }
            return key;
          }

          @Override
          public Map<Integer, Integer> loadAll(Set<? extends Integer> keys) {
            if (keys.contains(-1)) {
              throw new IllegalStateException("no values");
            }
            return keys.stream().collect(Collectors.toMap(key -> key, key -> key));
          }
        });
    MeterRegistry loadingRegistry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(loadingRegistry, loading, "loading");
    loading.getAll(List.of(1, 2, 3));
    assertThatThrownBy(() -> loading.getAll(List.of(-1, 4))).isInstanceOf(IllegalStateException.class);
    loading.refresh(1).join();
    loading.refresh(2).handle((value, failure) -> value).join();

    CacheStats stats = loading.stats();
    assertThat(stats.bulkLoadSuccessCount()).isEqualTo(1);
    assertThat(stats.bulkLoadFailureCount()).isEqualTo(1);
    assertThat(stats.refreshSuccessCount()).isEqualTo(1);
    assertThat(stats.refreshFailureCount()).isEqualTo(1);
    assertThat(result(loadingRegistry, ClockProCacheMetrics.BULK_LOADS, "success")).isEqualTo(1);
    assertThat(result(loadingRegistry, ClockProCacheMetrics.BULK_LOADS, "failure")).isEqualTo(1);
    assertThat(result(loadingRegistry, ClockProCacheMetrics.REFRESHES, "success")).isEqualTo(1);
    assertThat(result(loadingRegistry, ClockProCacheMetrics.REFRESHES, "failure")).isEqualTo(1);
  }

  private static double result(MeterRegistry registry, String name, String result) {
    return registry.get(name).tag("result", result).functionCounter().count();
  }

  private static double statistic(MeterRegistry registry, Statistic statistic) {
    return statistic(registry.get(ClockProCacheMetrics.SCAN_LENGTH).meter(), statistic);
  }

  private static double statistic(Meter meter, Statistic statistic) {
    for (Measurement measurement : meter.measure()) {
      if (measurement.getStatistic() == statistic) {
        return measurement.getValue();
      }
    }
    throw new AssertionError("No " + statistic + " in " + meter.getId());
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
