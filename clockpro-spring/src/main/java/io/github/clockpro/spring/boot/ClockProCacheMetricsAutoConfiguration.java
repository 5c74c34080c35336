package io.github.clockpro.spring.boot;

import io.github.clockpro.stats.ClockProCacheMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cache.metrics.CacheMeterBinderProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Registers a {@link ClockProCacheMeterBinderProvider} when Micrometer, {@code clockpro-stats} and Spring Boot's
 * cache metrics are present, whether the {@link io.github.clockpro.spring.ClockProCacheManager} was
 * auto-configured or defined by the application. It runs before Spring Boot's {@code CacheMetricsAutoConfiguration},
 * which binds the caches of every cache manager that exist at startup.
 */
@AutoConfiguration(
    beforeName = "org.springframework.boot.cache.autoconfigure.metrics.CacheMetricsAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, ClockProCacheMetrics.class, CacheMeterBinderProvider.class})
public class ClockProCacheMetricsAutoConfiguration {

  /** Creates the auto-configuration; Spring calls it. */
  public ClockProCacheMetricsAutoConfiguration() {}

  /**
   * The provider of meter binders for clockpro caches.
   *
   * @return the provider
   */
  @Bean
  @ConditionalOnMissingBean
  public ClockProCacheMeterBinderProvider clockProCacheMeterBinderProvider() {
    return new ClockProCacheMeterBinderProvider();
  }

  /** The meters of the two-level cache, when clockpro-redis and Spring Data Redis are present. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"io.github.clockpro.redis.RedisNearCacheMetrics",
      "org.springframework.data.redis.serializer.RedisSerializer"})
  static class TwoLevelMetrics {

    @Bean
    @ConditionalOnMissingBean
    ClockProRedisCacheMeterBinderProvider clockProRedisCacheMeterBinderProvider() {
      return new ClockProRedisCacheMeterBinderProvider();
    }
  }
}
