package io.github.clockpro.peers;

import io.lettuce.core.TrackingArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.support.caching.CacheAccessor;
import io.lettuce.core.support.caching.CacheFrontend;
import io.lettuce.core.support.caching.ClientSideCaching;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lettuce's own near cache, the peer of {@code RedisNearCache} in the JMH benchmark {@code RedisNearCacheBenchmark}
 * and in the lab's {@code redis-near} comparison: Lettuce's {@code ClientSideCaching} with client tracking, over a
 * map the caller chooses (a {@code ConcurrentHashMap}, as Lettuce's documentation shows, or a bounded cache's map
 * view). It counts the lookups that miss the map, on the miss path only, so that a hit costs what Lettuce's alone
 * does; a caller that counts its reads has the hits as the difference.
 */
public final class LettuceNearCache implements CacheFrontend<String, String> {

  private final Map<String, String> entries;
  private final CacheFrontend<String, String> frontend;
  /** Lookups that found no value in {@link #entries}; incremented by every reading thread. */
  private final LongAdder misses = new LongAdder();

  private LettuceNearCache(Map<String, String> entries, StatefulRedisConnection<String, String> connection) {
    this.entries = entries;
    CacheAccessor<String, String> counting = new CacheAccessor<>() {
      @Override
      public String get(String key) {
        String value = entries.get(key);
        if (value == null) {
          misses.increment();
        }
        return value;
      }

      @Override
      public void put(String key, String value) {
        entries.put(key, value);
      }

      @Override
      public void evict(String key) {
        entries.remove(key);
      }
    };
    this.frontend = ClientSideCaching.enable(counting, connection, TrackingArgs.Builder.enabled());
  }

  /**
   * Enables client tracking on the connection and returns the near cache over {@code entries}.
   *
   * @param entries the map that holds the near cache's entries
   * @param connection the connection whose reads it caches; closing the near cache closes it
   * @return the near cache
   */
  public static LettuceNearCache enable(Map<String, String> entries,
      StatefulRedisConnection<String, String> connection) {
    return new LettuceNearCache(entries, connection);
  }

  @Override
  public String get(String key) {
    return frontend.get(key);
  }

  @Override
  public String get(String key, Callable<String> valueLoader) {
    return frontend.get(key, valueLoader);
  }

  /** Returns the map that holds the entries. */
  public Map<String, String> entries() {
    return entries;
  }

  /** Returns the lookups so far that missed the map (and so read from Redis). */
  public long misses() {
    return misses.sum();
  }

  /** Closes the near cache and its connection. */
  @Override
  public void close() {
    frontend.close();
  }
}
