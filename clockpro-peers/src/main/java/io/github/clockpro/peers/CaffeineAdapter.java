package io.github.clockpro.peers;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.Expiry;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * Drives a Caffeine cache. For concurrent measurements it keeps Caffeine's defaults (maintenance on the common
 * fork-join pool); built {@link PeerSettings#forReplay() for replay} it runs maintenance on the calling thread, so
 * that replays are deterministic, an operation's latency includes the eviction work it caused, and the measured
 * object graph does not reach into the pool's threads.
 */
final class CaffeineAdapter<K, V> implements LibraryCache<K, V> {

  private final Cache<K, V> cache;

  CaffeineAdapter(PeerSettings settings) {
    Caffeine<Object, Object> builder = Caffeine.newBuilder();
    if (settings.bound() == Bound.SIZE) {
      builder.maximumSize(settings.maximumSize());
    } else {
      builder = builder.maximumWeight(settings.maximumSize()).weigher((Object key, Object value) -> 1);
    }
    switch (settings.expiration()) {
      case AFTER_WRITE -> builder.expireAfterWrite(settings.lifetime());
      case AFTER_ACCESS -> builder.expireAfterAccess(settings.lifetime());
      case NONE -> { }
    }
    if (settings.expiry() != null) {
      builder.expireAfter(caffeineExpiry(settings.expiry()));
    }
    if (settings.ticker() != null) {
      builder.ticker(settings.ticker()::read);
    }
    if (settings.replay()) {
      builder.executor(Runnable::run);
    }
    if (settings.isRecordingStats()) {
      builder.recordStats();
    }
    this.cache = builder.build();
  }

  /** clockpro's {@code Expiry} as Caffeine's: the two interfaces have the same methods and meaning. */
  private static com.github.benmanes.caffeine.cache.Expiry<Object, Object> caffeineExpiry(
      Expiry<Object, Object> expiry) {
    return new com.github.benmanes.caffeine.cache.Expiry<>() {
      @Override
      public long expireAfterCreate(Object key, Object value, long currentTime) {
        return expiry.expireAfterCreate(key, value, currentTime);
      }

      @Override
      public long expireAfterUpdate(Object key, Object value, long currentTime, long currentDuration) {
        return expiry.expireAfterUpdate(key, value, currentTime, currentDuration);
      }

      @Override
      public long expireAfterRead(Object key, Object value, long currentTime, long currentDuration) {
        return expiry.expireAfterRead(key, value, currentTime, currentDuration);
      }
    };
  }

  @Override
  public V get(K key, Function<K, V> loader) {
    return cache.get(key, loader);
  }

  @Override
  public V getIfPresent(K key) {
    return cache.getIfPresent(key);
  }

  @Override
  public void put(K key, V value) {
    cache.put(key, value);
  }

  @Override
  public void invalidate(K key) {
    cache.invalidate(key);
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return cache.asMap();
  }

  @Override
  public long size() {
    cache.cleanUp();
    return cache.estimatedSize();
  }

  @Override
  public EvictionWork evictionWork() {
    return new EvictionWork(cache.stats().evictionCount(), 0, false);
  }

  @Override
  public Object unwrap() {
    return cache;
  }

  @Override
  public void close() {
    cache.invalidateAll();
    cache.cleanUp();
  }
}
