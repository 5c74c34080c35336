package io.github.clockpro.spring.boot;

import io.github.clockpro.redis.RedisNearCacheMetrics;
import io.github.clockpro.spring.redis.ClockProRedisCache;
import io.github.clockpro.stats.ClockProCacheMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.boot.cache.metrics.CacheMeterBinderProvider;

/**
 * Gives Spring Boot actuator's cache metrics the meters of both levels of each {@link ClockProRedisCache}: the
 * near cache's ({@code cache.gets}, {@code cache.puts}, ... of {@link ClockProCacheMetrics}, counting near-cache
 * hits and the misses that went to Redis), the near cache's coherence ({@code cache.near.*} of
 * {@link RedisNearCacheMetrics}), and Redis's answers to those misses: {@code cache.redis.gets} tagged
 * {@code result=hit} (Redis had the entry) or {@code result=miss}.
 */
public class ClockProRedisCacheMeterBinderProvider implements CacheMeterBinderProvider<ClockProRedisCache> {

  /** Creates the provider. */
  public ClockProRedisCacheMeterBinderProvider() {}

  @Override
  public MeterBinder getMeterBinder(ClockProRedisCache cache, Iterable<Tag> tags) {
    return registry -> {
      new ClockProCacheMetrics<>(cache.getNativeCache().cache(), cache.getName(), tags).bindTo(registry);
      new RedisNearCacheMetrics(cache.getNativeCache(), cache.getName(), tags).bindTo(registry);
      Tags redisTags = Tags.concat(tags, "cache", cache.getName());
      FunctionCounter.builder("cache.redis.gets", cache,
              redisCache -> redisCache.getNativeCache().cache().stats().missCount() - redisCache.redisMissCount())
          .tags(redisTags).tag("result", "hit")
          .description("Near-cache misses that Redis answered with an entry")
          .baseUnit("requests")
          .register(registry);
      FunctionCounter.builder("cache.redis.gets", cache, ClockProRedisCache::redisMissCount)
          .tags(redisTags).tag("result", "miss")
          .description("Near-cache misses that Redis answered without an entry")
          .baseUnit("requests")
          .register(registry);
    };
  }
}
