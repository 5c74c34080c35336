package io.github.clockpro.stats;

import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinderCompatibilityKit;

/**
 * Runs Micrometer's conformance kit for cache binders: the standard meters, their tags and counts, and a binder
 * that lets its cache be collected.
 */
class ClockProCacheMetricsCompatibilityTest
    extends CacheMeterBinderCompatibilityKit<ClockProCache<String, String>> {

  @Override
  public ClockProCache<String, String> createCache() {
    return ClockProCache.builder().maximumSize(100).build();
  }

  @Override
  public CacheMeterBinder<ClockProCache<String, String>> binder() {
    return new ClockProCacheMetrics<>(cache, "mycache", Tags.empty());
  }

  @Override
  public void put(String key, String value) {
    cache.put(key, value);
  }

  @Override
  public String get(String key) {
    return cache.getIfPresent(key);
  }
}
