package io.github.clockpro.spring.boot;

import io.github.clockpro.spring.ClockProSpringCache;
import io.github.clockpro.stats.ClockProCacheMetrics;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.boot.cache.metrics.CacheMeterBinderProvider;

/**
 * Gives Spring Boot actuator's cache metrics a {@link ClockProCacheMetrics} for each {@link ClockProSpringCache},
 * so that {@code cache.gets}, {@code cache.puts}, {@code cache.evictions} and the CLOCK-Pro meters of
 * {@code docs/metrics.md} cover clockpro caches, with the tags actuator adds ({@code cache},
 * {@code cache.manager}).
 */
public class ClockProCacheMeterBinderProvider implements CacheMeterBinderProvider<ClockProSpringCache> {

  /** Creates the provider. */
  public ClockProCacheMeterBinderProvider() {}

  @Override
  public MeterBinder getMeterBinder(ClockProSpringCache cache, Iterable<Tag> tags) {
    return new ClockProCacheMetrics<>(cache.getNativeCache(), cache.getName(), tags);
  }
}
