package io.github.clockpro.bench.cache;

import io.github.clockpro.ClockProCache;
import java.util.function.Function;

/** Drives a {@link ClockProCache}. */
public final class ClockProAdapter implements BenchmarkCache {

  private final ClockProCache<Long, Long> cache;

  ClockProAdapter(int maximumSize) {
    this.cache = ClockProCache.builder().maximumSize(maximumSize).build();
  }

  /** Returns the wrapped cache, for its statistics and eviction observers. */
  public ClockProCache<Long, Long> cache() {
    return cache;
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
    return cache.size();
  }

  @Override
  public Object unwrap() {
    return cache;
  }

  @Override
  public void close() {
    cache.invalidateAll();
  }
}
