package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClockProCacheMetricsTest {

  private final ClockProCache<Integer, Integer> cache = ClockProCache.builder()
      .maximumSize(10)
      .maximumScanPerEviction(8)
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

    List<String> clockProMeters = List.of(ClockProCacheMetrics.SCAN, ClockProCacheMetrics.SCAN_LIMIT_REACHED,
        ClockProCacheMetrics.HOT_SIZE, ClockProCacheMetrics.COLD_SIZE, ClockProCacheMetrics.NON_RESIDENT_SIZE,
        ClockProCacheMetrics.NON_RESIDENT_LIMIT,
        ClockProCacheMetrics.COLD_TARGET, ClockProCacheMetrics.SCAN_THRESHOLD, ClockProCacheMetrics.CARRY_LIMIT,
        ClockProCacheMetrics.CARRY_CURRENT,
        ClockProCacheMetrics.PROMOTED, ClockProCacheMetrics.DEMOTED, ClockProCacheMetrics.NON_RESIDENT_HITS);
    for (String name : clockProMeters) {
      Meter meter = registry.get(name).meter();
      assertThat(meter.getId().getDescription()).as(name).isNotBlank();
      assertThat(meter.getId().getBaseUnit()).as(name).isNotBlank();
    }
  }

  @Test
  void shouldPlaceBucketBoundariesAtTheScanLimitAndJustBelowIt() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");

    double[] bounds = Arrays.stream(scanSummary(registry).takeSnapshot().histogramCounts())
        .mapToDouble(CountAtBucket::bucket)
        .toArray();
    assertThat(bounds).contains(7.0, 8.0);
    assertThat(ClockProCacheMetrics.scanLimitBoundaries(1)).containsExactly(1.0);
  }

  @Test
  void shouldAttachNoObserverUntilBound() {
    ClockProCacheMetrics<Integer, Integer> binder = new ClockProCacheMetrics<>(cache, "books", Tags.empty());
    assertThat(ScanRecorder.attachedTo(cache)).isZero();

    binder.bindTo(new SimpleMeterRegistry());

    assertThat(ScanRecorder.attachedTo(cache)).isEqualTo(1);
  }

  @Test
  void shouldRecordEachEvictionOnceWhenMonitoredTwiceInOneRegistry() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "books");
    ClockProCacheMetrics.monitor(registry, cache, "books");

    evict(5);

    assertThat(ScanRecorder.attachedTo(cache)).isEqualTo(1);
    assertThat(scanSummary(registry).count()).isEqualTo(5).isEqualTo(cache.stats().evictionCount());
  }

  @Test
  void shouldRecordIntoEveryRegistryItIsBoundTo() {
    MeterRegistry first = new SimpleMeterRegistry();
    MeterRegistry second = new SimpleMeterRegistry();
    ClockProCacheMetrics<Integer, Integer> binder = new ClockProCacheMetrics<>(cache, "books", Tags.empty());
    binder.bindTo(first);
    binder.bindTo(second);

    evict(3);

    assertThat(scanSummary(first).count()).isEqualTo(3);
    assertThat(scanSummary(second).count()).isEqualTo(3);
    assertThat(scanSummary(first).totalAmount()).isEqualTo(cache.stats().scanCount());
  }

  @Test
  void shouldDetachItsObserverOnceTheRegistryIsCollected() throws InterruptedException {
    ClockProCacheMetrics.monitor(new SimpleMeterRegistry(), cache, "books");
    assertThat(ScanRecorder.attachedTo(cache)).isEqualTo(1);

    for (int attempt = 0; attempt < 50 && ScanRecorder.attachedTo(cache) > 0; attempt++) {
      System.gc();
      Thread.sleep(10);
      evict(1);
    }

    assertThat(ScanRecorder.attachedTo(cache)).isZero();
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

  private static DistributionSummary scanSummary(MeterRegistry registry) {
    return registry.get(ClockProCacheMetrics.SCAN).summary();
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
