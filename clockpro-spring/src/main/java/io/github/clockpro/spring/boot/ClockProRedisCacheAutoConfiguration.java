package io.github.clockpro.spring.boot;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.RedisNearCache;
import io.github.clockpro.spring.ClockProCacheManager;
import io.github.clockpro.spring.ClockProCacheSpec;
import io.github.clockpro.spring.redis.ClockProRedisCacheManager;
import io.github.clockpro.spring.redis.ClockProRedisSerializers;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizer;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizers;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cache.CacheManager;
import org.springframework.cache.interceptor.CacheAspectSupport;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.io.ResourceLoader;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Spring Boot auto-configuration of a {@link ClockProRedisCacheManager}, the two-level cache, as the application's
 * {@link CacheManager}, when {@code clockpro.cache.redis.enabled=true}.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Active under the conditions of {@link ClockProCacheAutoConfiguration} (caching enabled, no
 *       {@code CacheManager} bean, {@code spring.cache.type} unset), with {@code clockpro-redis} and Spring Data
 *       Redis on the class path and {@code clockpro.cache.redis.enabled=true}; it runs before it, which then backs
 *       off.
 *   <li>The Lettuce client is the bean named {@code clockProRedisClient} if the application defines one (a
 *       {@code RedisClient} made with a URI, or a {@code RedisClusterClient}), otherwise one made from
 *       {@code clockpro.cache.redis.cluster-uris} (a cluster) or {@code clockpro.cache.redis.uri}, shut down with
 *       the context.
 *   <li>The serializer is the bean named {@code clockProCacheSerializer} if the application defines one, otherwise
 *       {@link ClockProRedisSerializers#json} or, with {@code clockpro.cache.redis.serializer=java},
 *       {@link ClockProRedisSerializers#java}, both with {@code clockpro.cache.redis.allowed-classes}.
 *   <li>The near caches are built from {@code clockpro.cache.spec}; entries live in Redis for
 *       {@code clockpro.cache.redis.time-to-live}; the manager is passed to every
 *       {@code CacheManagerCustomizer<ClockProRedisCacheManager>} bean, in order.
 * </ul>
 */
@AutoConfiguration(before = ClockProCacheAutoConfiguration.class,
    beforeName = "org.springframework.boot.cache.autoconfigure.CacheAutoConfiguration")
@ConditionalOnClass({ClockProCache.class, RedisNearCache.class, RedisSerializer.class, CacheManager.class,
    CacheManagerCustomizers.class})
@ConditionalOnBean(CacheAspectSupport.class)
@ConditionalOnMissingBean(value = CacheManager.class, name = "cacheResolver")
@Conditional(SpringCacheTypeUnsetCondition.class)
@ConditionalOnProperty(prefix = "clockpro.cache.redis", name = "enabled", havingValue = "true")
@EnableConfigurationProperties(ClockProCacheProperties.class)
public class ClockProRedisCacheAutoConfiguration {

  /** Creates the auto-configuration; Spring calls it. */
  public ClockProRedisCacheAutoConfiguration() {}

  /**
   * The Lettuce client, from the properties.
   *
   * @param properties the {@code clockpro.cache} properties
   * @return a {@code RedisClusterClient} if cluster URIs are set, otherwise a {@code RedisClient}
   */
  @Bean(destroyMethod = "shutdown")
  @ConditionalOnMissingBean(name = "clockProRedisClient")
  public AbstractRedisClient clockProRedisClient(ClockProCacheProperties properties) {
    List<String> clusterUris = properties.getRedis().getClusterUris();
    if (!clusterUris.isEmpty()) {
      return RedisClusterClient.create(clusterUris.stream().map(RedisURI::create).toList());
    }
    return RedisClient.create(properties.getRedis().getUri());
  }

  /**
   * The values' serializer, from the properties.
   *
   * @param properties the {@code clockpro.cache} properties
   * @param resourceLoader the application's resource loader, for its class loader
   * @return the serializer
   */
  @Bean
  @ConditionalOnMissingBean(name = "clockProCacheSerializer")
  public RedisSerializer<Object> clockProCacheSerializer(ClockProCacheProperties properties,
      ResourceLoader resourceLoader) {
    ClockProCacheProperties.Redis redis = properties.getRedis();
    return switch (redis.getSerializer()) {
      case JSON -> ClockProRedisSerializers.json(redis.getAllowedClasses());
      case JAVA -> ClockProRedisSerializers.java(redis.getAllowedClasses(), resourceLoader.getClassLoader());
    };
  }

  /**
   * The cache manager.
   *
   * @param properties the {@code clockpro.cache} properties
   * @param client the Lettuce client
   * @param serializer the values' serializer
   * @param customizers the application's cache manager customizers
   * @return the manager
   */
  @Bean
  public ClockProRedisCacheManager cacheManager(ClockProCacheProperties properties,
      @Qualifier("clockProRedisClient") AbstractRedisClient client,
      @Qualifier("clockProCacheSerializer") RedisSerializer<Object> serializer,
      ObjectProvider<CacheManagerCustomizer<?>> customizers) {
    String spec = properties.getSpec() != null ? properties.getSpec() : ClockProCacheManager.DEFAULT_SPECIFICATION;
    ClockProRedisCacheManager manager = new ClockProRedisCacheManager(client, ClockProCacheSpec.parse(spec),
        serializer, properties.getRedis().getTimeToLive(), properties.getRedis().isCacheNullValues());
    if (!properties.getCacheNames().isEmpty()) {
      manager.setCacheNames(properties.getCacheNames());
    }
    return new CacheManagerCustomizers(customizers.orderedStream().toList()).customize(manager);
  }
}
