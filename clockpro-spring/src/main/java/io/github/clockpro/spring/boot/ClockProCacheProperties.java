package io.github.clockpro.spring.boot;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The properties under {@code clockpro.cache}, read by {@link ClockProCacheAutoConfiguration}.
 *
 * <ul>
 *   <li>{@code clockpro.cache.spec}: the specification every cache is built from (see
 *       {@link io.github.clockpro.spring.ClockProCacheSpec}); by default
 *       {@link io.github.clockpro.spring.ClockProCacheManager#DEFAULT_SPECIFICATION}. An invalid one stops the
 *       application from starting, with a message naming the key.
 *   <li>{@code clockpro.cache.cache-names}: the names of the caches to create at startup, and no others; by
 *       default none, and caches are created when first used. Only caches created at startup get actuator's
 *       metrics, as for Spring Boot's own cache providers.
 * </ul>
 */
@ConfigurationProperties("clockpro.cache")
public class ClockProCacheProperties {

  /** Bound by Spring at startup, before the cache manager is built; not changed after. */
  private String spec;

  /** Bound by Spring at startup, before the cache manager is built; not changed after. */
  private List<String> cacheNames = new ArrayList<>();

  /**
   * Returns the specification every cache is built from.
   *
   * @return the specification, or {@code null} for the manager's default
   */
  public String getSpec() {
    return spec;
  }

  /**
   * Sets the specification every cache is built from.
   *
   * @param spec the specification, or {@code null} for the manager's default
   */
  public void setSpec(String spec) {
    this.spec = spec;
  }

  /**
   * Returns the names of the caches to create at startup.
   *
   * @return the names; empty for caches created when first used
   */
  public List<String> getCacheNames() {
    return cacheNames;
  }

  /**
   * Sets the names of the caches to create at startup, and no others.
   *
   * @param cacheNames the names; empty for caches created when first used
   */
  public void setCacheNames(List<String> cacheNames) {
    this.cacheNames = cacheNames;
  }
}
