package io.github.clockpro.spring.redis;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.RedisNearCache;
import io.github.clockpro.spring.ClockProCacheSpec;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.cache.Cache;
import org.springframework.cache.support.AbstractCacheManager;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * A Spring {@link org.springframework.cache.CacheManager} of two-level caches ({@link ClockProRedisCache}): each
 * cache a clockpro near cache, built from a {@link ClockProCacheSpec}, in front of one Redis or a Redis Cluster,
 * kept coherent by Redis's invalidations. A drop-in for Spring Data's {@code RedisCacheManager} with the same
 * keys ({@code <cache name>::<key>}) and, with {@link ClockProRedisSerializers#json}, the same JSON.
 *
 * <pre>{@code
 * RedisClient client = RedisClient.create("redis://localhost:6379");
 * ClockProRedisCacheManager manager = new ClockProRedisCacheManager(client,
 *     ClockProCacheSpec.parse("maximumSize=10000"), ClockProRedisSerializers.json(List.of("com.example.**")),
 *     Duration.ofMinutes(10), true);
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Caches are made when first asked for (and at startup for {@link #setCacheNames}); each opens its own
 *       RESP3 connection with the client, since a near cache needs a connection of its own.
 *   <li>The client belongs to the caller; {@link #destroy()} closes the caches' connections, not the client.
 *   <li>Every argument is checked before anything is made: a null one throws {@link NullPointerException} naming
 *       it; a client other than Lettuce's {@link RedisClient} (made with a URI) or {@link RedisClusterClient},
 *       or a time to live that is not positive, {@link IllegalArgumentException}.
 * </ul>
 */
public final class ClockProRedisCacheManager extends AbstractCacheManager implements DisposableBean {

  private final AbstractRedisClient client;
  private final ClockProCacheSpec spec;
  private final RedisValueCodec codec;
  private final Duration timeToLive;
  private final boolean allowNullValues;

  /** Set once before the manager is initialized; read by {@link #loadCaches()}. */
  private List<String> cacheNames = List.of();

  /**
   * Creates the manager.
   *
   * @param client a Lettuce {@link RedisClient} made with a URI, or a {@link RedisClusterClient}
   * @param spec the near caches' specification
   * @param serializer the values' serializer, for instance {@link ClockProRedisSerializers#json}
   * @param timeToLive the entries' time to live in Redis, or {@code null} for none
   * @param allowNullValues whether a {@code null} value is cached (as {@code RedisCacheManager}'s default does)
   */
  public ClockProRedisCacheManager(AbstractRedisClient client, ClockProCacheSpec spec,
      RedisSerializer<Object> serializer, Duration timeToLive, boolean allowNullValues) {
    requireNonNull(client, "client");
    requireNonNull(spec, "spec");
    requireNonNull(serializer, "serializer");
    if (!(client instanceof RedisClient) && !(client instanceof RedisClusterClient)) {
      throw new IllegalArgumentException("client: a RedisClient or a RedisClusterClient, not a "
          + client.getClass().getName());
    }
    if (timeToLive != null && (timeToLive.isZero() || timeToLive.isNegative())) {
      throw new IllegalArgumentException("timeToLive must be positive but was " + timeToLive);
    }
    this.client = client;
    this.spec = spec;
    this.codec = new RedisValueCodec(serializer);
    this.timeToLive = timeToLive;
    this.allowNullValues = allowNullValues;
  }

  /**
   * Sets the names of the caches made at startup.
   *
   * @param cacheNames the names
   * @throws NullPointerException if {@code cacheNames} or a name is null
   */
  public void setCacheNames(Collection<String> cacheNames) {
    this.cacheNames = List.copyOf(cacheNames);
  }

  @Override
  protected Collection<? extends Cache> loadCaches() {
    List<Cache> caches = new ArrayList<>();
    for (String name : cacheNames) {
      caches.add(createCache(name));
    }
    return caches;
  }

  @Override
  protected Cache getMissingCache(String name) {
    return createCache(name);
  }

  @SuppressWarnings("unchecked")
  private ClockProRedisCache createCache(String name) {
    ClockProCache<String, Object> local = (ClockProCache<String, Object>) (ClockProCache<?, ?>) spec.toBuilder().build();
    if (client instanceof RedisClusterClient cluster) {
      StatefulRedisClusterConnection<String, Object> connection = cluster.connect(codec);
      return new ClockProRedisCache(name, enable(connection, local), connection, connection.sync(), timeToLive,
          allowNullValues);
    }
    StatefulRedisConnection<String, Object> connection = ((RedisClient) client).connect(codec);
    return new ClockProRedisCache(name, enable(connection, local), connection, connection.sync(), timeToLive,
        allowNullValues);
  }

  private static RedisNearCache<String, Object> enable(StatefulRedisClusterConnection<String, Object> connection,
      ClockProCache<String, Object> local) {
    try {
      return RedisNearCache.enable(connection, local);
    } catch (RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  private static RedisNearCache<String, Object> enable(StatefulRedisConnection<String, Object> connection,
      ClockProCache<String, Object> local) {
    try {
      return RedisNearCache.enable(connection, local);
    } catch (RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /** Closes every cache's near cache and connection; the client stays open. */
  @Override
  public void destroy() {
    for (String name : getCacheNames()) {
      Cache cache = lookupCache(name);
      if (cache instanceof ClockProRedisCache redisCache) {
        redisCache.close();
      }
    }
  }
}
