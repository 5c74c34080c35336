package io.github.clockpro.bench.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.function.Function;

/**
 * Drives a Caffeine cache. For concurrent measurements it keeps Caffeine's defaults (maintenance on the common
 * fork-join pool); for the simulator and the memory measurement it runs maintenance on the calling thread, so
 * that replays are deterministic and the measured object graph does not reach into the pool's threads.
 */
final class CaffeineAdapter implements BenchmarkCache {

  private final Cache<Long, Long> cache;

  CaffeineAdapter(int maximumSize, Expiration expiration, Bound bound, boolean sameThreadMaintenance) {
    Caffeine<Object, Object> builder = Caffeine.newBuilder();
    if (bound == Bound.SIZE) {
      builder.maximumSize(maximumSize);
    } else {
      builder = builder.maximumWeight(maximumSize).weigher((Object key, Object value) -> 1);
    }
    switch (expiration) {
      case AFTER_WRITE -> builder.expireAfterWrite(Expiration.LIFETIME);
      case AFTER_ACCESS -> builder.expireAfterAccess(Expiration.LIFETIME);
      case NONE -> { }
    }
    if (sameThreadMaintenance) {
      builder.executor(Runnable::run);
    }
    this.cache = builder.build();
  }

  @Override
  public Long get(Long key, Function<Long, Long> loader) {
    return cache.get(key, loader);
  }

  @Override
  public Long getIfPresent(Long key) {
    return cache.getIfPresent(key);
  }

  @Override
  public void put(Long key, Long value) {
    cache.put(key, value);
  }

  @Override
  public long size() {
    cache.cleanUp();
    return cache.estimatedSize();
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
