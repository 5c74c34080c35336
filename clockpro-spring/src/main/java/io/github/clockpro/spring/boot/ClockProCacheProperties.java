package io.github.clockpro.spring.boot;

import java.time.Duration;
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
 *   <li>{@code clockpro.cache.redis.*}: the two-level cache in front of Redis ({@link Redis}).
 * </ul>
 * The jar carries {@code META-INF/spring-configuration-metadata.json}, generated from this class, so IDEs complete
 * and document these properties.
 */
@ConfigurationProperties("clockpro.cache")
public class ClockProCacheProperties {

  // Each field is bound by Spring at startup, before the cache manager is built, and not changed after; its
  // comment is the property's description in the generated metadata.

  /** The specification every cache is built from, for example maximumSize=10000,expireAfterWrite=10m. */
  private String spec;

  /** The names of the caches to create at startup, and no others; caches are created when first used if empty. */
  private List<String> cacheNames = new ArrayList<>();

  /** The two-level cache in front of Redis. */
  private final Redis redis = new Redis();

  /**
   * Returns the properties of the two-level cache in front of Redis.
   *
   * @return the {@code clockpro.cache.redis} properties
   */
  public Redis getRedis() {
    return redis;
  }

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

  /**
   * The properties under {@code clockpro.cache.redis}: with {@code enabled=true}, every cache is a clockpro near
   * cache ({@code clockpro.cache.spec}) in front of Redis, read by {@link ClockProRedisCacheAutoConfiguration}.
   */
  public static class Redis {

    /** Whether every cache is a clockpro near cache in front of Redis. */
    private boolean enabled;

    /** The Redis server, as a Redis URI such as redis://localhost:6379; ignored when cluster-uris is set. */
    private String uri = "redis://localhost:6379";

    /** The seed nodes of a Redis Cluster, as Redis URIs; when set, the caches are in front of that cluster. */
    private List<String> clusterUris = new ArrayList<>();

    /** The time to live of entries in Redis; none if unset. */
    private Duration timeToLive;

    /** How values are serialized in Redis: json (the default) or java, which needs allowed-classes. */
    private Serializer serializer = Serializer.JSON;

    /**
     * The classes the serializer may create from what it reads in Redis, besides the JDK's value types: class
     * names, com.example.* (a package) or com.example.** (with its subpackages).
     */
    private List<String> allowedClasses = new ArrayList<>();

    /** Whether null values are cached, as RedisCacheManager does by default. */
    private boolean cacheNullValues = true;

    /** The value serializers. */
    public enum Serializer {
      /** JSON with type information restricted to the allowed classes. */
      JSON,
      /** Java serialization behind an ObjectInputFilter allowing only the allowed classes. */
      JAVA
    }

    /** Creates the properties with their defaults; Spring calls it. */
    public Redis() {}

    /**
     * Returns whether the two-level cache is on.
     *
     * @return whether every cache is in front of Redis
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets whether the two-level cache is on.
     *
     * @param enabled whether every cache is in front of Redis
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * Returns the Redis server's URI.
     *
     * @return the URI
     */
    public String getUri() {
      return uri;
    }

    /**
     * Sets the Redis server's URI.
     *
     * @param uri the URI
     */
    public void setUri(String uri) {
      this.uri = uri;
    }

    /**
     * Returns the seed nodes of a Redis Cluster.
     *
     * @return the URIs; empty for one Redis
     */
    public List<String> getClusterUris() {
      return clusterUris;
    }

    /**
     * Sets the seed nodes of a Redis Cluster.
     *
     * @param clusterUris the URIs; empty for one Redis
     */
    public void setClusterUris(List<String> clusterUris) {
      this.clusterUris = clusterUris;
    }

    /**
     * Returns the entries' time to live in Redis.
     *
     * @return the time to live, or {@code null} for none
     */
    public Duration getTimeToLive() {
      return timeToLive;
    }

    /**
     * Sets the entries' time to live in Redis.
     *
     * @param timeToLive the time to live, or {@code null} for none
     */
    public void setTimeToLive(Duration timeToLive) {
      this.timeToLive = timeToLive;
    }

    /**
     * Returns the serializer of values.
     *
     * @return the serializer
     */
    public Serializer getSerializer() {
      return serializer;
    }

    /**
     * Sets the serializer of values.
     *
     * @param serializer the serializer
     */
    public void setSerializer(Serializer serializer) {
      this.serializer = serializer;
    }

    /**
     * Returns the classes the serializer may create.
     *
     * @return the patterns
     */
    public List<String> getAllowedClasses() {
      return allowedClasses;
    }

    /**
     * Sets the classes the serializer may create.
     *
     * @param allowedClasses the patterns
     */
    public void setAllowedClasses(List<String> allowedClasses) {
      this.allowedClasses = allowedClasses;
    }

    /**
     * Returns whether null values are cached.
     *
     * @return whether null values are cached
     */
    public boolean isCacheNullValues() {
      return cacheNullValues;
    }

    /**
     * Sets whether null values are cached.
     *
     * @param cacheNullValues whether null values are cached
     */
    public void setCacheNullValues(boolean cacheNullValues) {
      this.cacheNullValues = cacheNullValues;
    }
  }
}
