package io.github.clockpro.spring.redis;

import io.github.clockpro.redis.RedisNearCache;
import io.github.clockpro.spring.redis.RedisValueCodec.Undecodable;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.cache.support.AbstractValueAdaptingCache;

/**
 * A Spring {@link org.springframework.cache.Cache} with two levels: a clockpro near cache in this application
 * instance, and Redis (or a Redis Cluster) shared by every instance. Made by {@link ClockProRedisCacheManager}.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>An entry lives in Redis under {@code <cache name>::<key>} ({@code String.valueOf(key)}), as
 *       {@code RedisCacheManager} stores it, its value serialized by the manager's {@code RedisSerializer}, with the
 *       manager's time to live if it has one.
 *   <li>A read is served by the near cache, or reads Redis and fills the near cache; Redis's invalidations keep
 *       the near cache coherent (see {@link RedisNearCache}): once an entry written by any instance has had its
 *       invalidation delivered here, reads here see it.
 *   <li>{@link #put}, {@link #evict}, {@link #clear} and {@link #putIfAbsent} write to Redis, then drop the key
 *       from this instance's near cache (so that this instance reads its own writes at once, as with
 *       {@code RedisCacheManager}); the other instances' near caches drop it when Redis's invalidation arrives.
 *   <li>{@link #get(Object, Callable)} ({@code @Cacheable(sync = true)}) runs the loader at most once at a time
 *       per key in this instance, as {@code RedisCache} does; instances do not coordinate.
 *   <li>A value that the serializer refuses to read (a class not allowed, a corrupt entry) makes the read throw
 *       {@link org.springframework.data.redis.serializer.SerializationException}; nothing is instantiated.
 * </ul>
 */
public final class ClockProRedisCache extends AbstractValueAdaptingCache {

  private static final int LOCK_STRIPES = 64;

  private final String name;
  private final String prefix;
  private final RedisNearCache<String, Object> nearCache;
  private final StatefulConnection<String, Object> connection;
  private final RedisClusterCommands<String, Object> commands;
  private final Duration timeToLive;
  private final ReentrantLock[] loadLocks = new ReentrantLock[LOCK_STRIPES];

  /** Reads that missed the near cache and found nothing in Redis; incremented by readers. */
  private final LongAdder redisMisses = new LongAdder();

  ClockProRedisCache(String name, RedisNearCache<String, Object> nearCache, StatefulConnection<String, Object> connection,
      RedisClusterCommands<String, Object> commands, Duration timeToLive, boolean allowNullValues) {
    super(allowNullValues);
    this.name = name;
    this.prefix = name + "::";
    this.nearCache = nearCache;
    this.connection = connection;
    this.commands = commands;
    this.timeToLive = timeToLive;
    for (int i = 0; i < LOCK_STRIPES; i++) {
      loadLocks[i] = new ReentrantLock();
    }
  }

  @Override
  public String getName() {
    return name;
  }

  /** Returns the near cache in front of Redis. */
  @Override
  public RedisNearCache<String, Object> getNativeCache() {
    return nearCache;
  }

  /**
   * Returns the reads that missed the near cache and found nothing in Redis. The near cache's misses
   * ({@code getNativeCache().cache().stats().missCount()}) are the reads that went to Redis; those that found a
   * value there are the difference.
   *
   * @return the count since the cache was made
   */
  public long redisMissCount() {
    return redisMisses.sum();
  }

  private String redisKey(Object key) {
    return prefix + key;
  }

  @Override
  protected Object lookup(Object key) {
    Object value = nearCache.get(redisKey(key));
    if (value == null) {
      redisMisses.increment();  // the near cache holds no absent key: this read went to Redis
    }
    if (value instanceof Undecodable undecodable) {
      throw undecodable.failure();
    }
    return value;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T get(Object key, Callable<T> valueLoader) {
    Object stored = lookup(key);
    if (stored != null) {
      return (T) fromStoreValue(stored);
    }
    ReentrantLock lock = loadLocks[Math.floorMod(key.hashCode(), LOCK_STRIPES)];
    lock.lock();
    try {
      stored = lookup(key);
      if (stored != null) {
        return (T) fromStoreValue(stored);
      }
      T value;
      try {
        value = valueLoader.call();
      } catch (Exception e) {
        throw new ValueRetrievalException(key, valueLoader, e);
      }
      put(key, value);
      return value;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void put(Object key, Object value) {
    Object stored = toStoreValue(value);
    String redisKey = redisKey(key);
    if (timeToLive == null) {
      commands.set(redisKey, stored);
    } else {
      commands.set(redisKey, stored, SetArgs.Builder.px(timeToLive));
    }
    nearCache.invalidate(redisKey);  // read your own write before Redis's invalidation arrives
  }

  @Override
  public ValueWrapper putIfAbsent(Object key, Object value) {
    Object stored = toStoreValue(value);
    SetArgs arguments = SetArgs.Builder.nx();
    if (timeToLive != null) {
      arguments.px(timeToLive);
    }
    if ("OK".equals(commands.set(redisKey(key), stored, arguments))) {
      nearCache.invalidate(redisKey(key));
      return null;
    }
    return toValueWrapper(lookup(key));
  }

  @Override
  public void evict(Object key) {
    commands.del(redisKey(key));
    nearCache.invalidate(redisKey(key));
  }

  /** Deletes every entry of this cache in Redis, found with {@code SCAN}. */
  @Override
  public void clear() {
    ScanArgs matching = ScanArgs.Builder.matches(globEscaped(prefix) + "*").limit(1_000);
    KeyScanCursor<String> cursor = commands.scan(matching);
    while (true) {
      for (String redisKey : cursor.getKeys()) {
        commands.del(redisKey);
        nearCache.invalidate(redisKey);
      }
      if (cursor.isFinished()) {
        break;
      }
      cursor = commands.scan(cursor, matching);
    }
  }

  /** The pattern that matches {@code text} alone in Redis's glob syntax: each special character escaped. */
  private static String globEscaped(String text) {
    return text.replaceAll("([\\\\*?\\[\\]])", "\\\\$1");
  }

  /** Closes the near cache and its connection. */
  void close() {
    nearCache.close();
    connection.close();
  }
}
