package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * The weight meters (docs/metrics.md): {@code cache.eviction.weight} for every cache, {@code cache.weighted.size}
 * and {@code cache.maximum.weight} for a cache built with {@code maximumWeight}.
 */
class WeightMetersTest {

  @Test
  void shouldPublishTheWeightsOfAWeightedCache() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumWeight(100)
        .weigher((Integer key, Integer value) -> value).build();
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "weighted");
    for (int key = 0; key < 30; key++) {
      cache.put(key, 10);
    }
    cache.cleanUp();
    assertThat(registry.get("cache.weighted.size").gauge().value())
        .isEqualTo(cache.policy().weightedSize().orElseThrow());
    assertThat(registry.get("cache.maximum.weight").gauge().value()).isEqualTo(100.0);
    assertThat(registry.get("cache.eviction.weight").functionCounter().count())
        .isEqualTo(cache.stats().evictionWeight()).isEqualTo(200.0);
    cache.policy().setMaximum(50);
    assertThat(registry.get("cache.maximum.weight").gauge().value()).isEqualTo(50.0);
  }

  @Test
  void shouldPublishOnlyTheEvictionWeightOfACacheBoundedBySize() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(10).build();
    MeterRegistry registry = new SimpleMeterRegistry();
    ClockProCacheMetrics.monitor(registry, cache, "sized");
    for (int key = 0; key < 25; key++) {
      cache.put(key, key);
    }
    assertThat(registry.get("cache.eviction.weight").functionCounter().count()).isEqualTo(15.0);
    assertThat(registry.find("cache.weighted.size").gauge()).isNull();
    assertThat(registry.find("cache.maximum.weight").gauge()).isNull();
  }
}
