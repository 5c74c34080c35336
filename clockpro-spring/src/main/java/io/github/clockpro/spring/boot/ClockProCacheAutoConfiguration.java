package io.github.clockpro.spring.boot;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.spring.ClockProCacheManager;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizer;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizers;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cache.CacheManager;
import org.springframework.cache.interceptor.CacheAspectSupport;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Spring Boot auto-configuration of a {@link ClockProCacheManager}, as the application's {@link CacheManager}.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Active when caching is enabled ({@code @EnableCaching}), Spring Boot's cache module is present
 *       ({@code spring-boot-starter-cache}), no {@link CacheManager} bean (nor a bean named {@code cacheResolver})
 *       is defined, and {@code spring.cache.type} is not set. It runs before Spring Boot's own
 *       {@code CacheAutoConfiguration}, which then backs off for the manager it finds. Spring Boot's
 *       {@code spring.cache.type} takes only Spring Boot's own providers, so an application that sets it chose one
 *       of those, and this configuration backs off.
 *   <li>The manager is built from {@link ClockProCacheProperties} ({@code clockpro.cache.spec},
 *       {@code clockpro.cache.cache-names}), takes the application's {@link CacheLoader} bean if it has exactly
 *       one, and is then passed to every {@code CacheManagerCustomizer<ClockProCacheManager>} bean, in order.
 * </ul>
 */
@AutoConfiguration(beforeName = "org.springframework.boot.cache.autoconfigure.CacheAutoConfiguration")
@ConditionalOnClass({ClockProCache.class, CacheManager.class, CacheManagerCustomizers.class})
@ConditionalOnBean(CacheAspectSupport.class)
@ConditionalOnMissingBean(value = CacheManager.class, name = "cacheResolver")
@Conditional(SpringCacheTypeUnsetCondition.class)
@EnableConfigurationProperties(ClockProCacheProperties.class)
public class ClockProCacheAutoConfiguration {

  /** Creates the auto-configuration; Spring calls it. */
  public ClockProCacheAutoConfiguration() {}

  /**
   * The cache manager.
   *
   * @param properties the {@code clockpro.cache} properties
   * @param cacheLoader the application's cache loader, if it defines one
   * @param customizers the application's cache manager customizers
   * @return the manager
   */
  @Bean
  @SuppressWarnings("unchecked")
  public ClockProCacheManager cacheManager(ClockProCacheProperties properties,
      ObjectProvider<CacheLoader<?, ?>> cacheLoader, ObjectProvider<CacheManagerCustomizer<?>> customizers) {
    ClockProCacheManager manager = new ClockProCacheManager();
    CacheLoader<?, ?> loader = cacheLoader.getIfUnique();
    if (loader != null) {
      // Before the specification, which may need a loader for refreshAfterWrite.
      manager.setCacheLoader((CacheLoader<Object, Object>) loader);
    }
    if (properties.getSpec() != null) {
      manager.setCacheSpecification(properties.getSpec());
    }
    List<String> cacheNames = properties.getCacheNames();
    if (!cacheNames.isEmpty()) {
      manager.setCacheNames(cacheNames);
    }
    return new CacheManagerCustomizers(customizers.orderedStream().toList()).customize(manager);
  }
}
