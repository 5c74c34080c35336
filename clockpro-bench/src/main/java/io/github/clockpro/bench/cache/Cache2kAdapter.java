package io.github.clockpro.bench.cache;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.cache2k.Cache;
import org.cache2k.Cache2kBuilder;

/**
 * Drives a cache2k cache. Read-through uses {@code computeIfAbsent}, so that each caller passes its own loader,
 * as with the other implementations. For the simulator it sets {@code strictEviction(true)}, the setting the
 * reference hit rates in the traces' README were measured with.
 */
final class Cache2kAdapter implements BenchmarkCache {

  /** cache2k requires a unique name per cache within its cache manager. */
  private static final AtomicLong NEXT_NAME = new AtomicLong();

  private final Cache<Long, Long> cache;

  Cache2kAdapter(int maximumSize, Expiration expiration, Bound bound, boolean strictEviction) {
    Cache2kBuilder<Long, Long> builder = Cache2kBuilder.of(Long.class, Long.class)
        .name("clockpro-bench-" + NEXT_NAME.incrementAndGet())
        .strictEviction(strictEviction);
    if (bound == Bound.SIZE) {
      builder.entryCapacity(maximumSize);
    } else {
      builder.maximumWeight(maximumSize).weigher((Long key, Long value) -> 1);
    }
    switch (expiration) {
      case AFTER_WRITE -> builder.expireAfterWrite(Expiration.LIFETIME);
      case AFTER_ACCESS -> builder.idleScanTime(Expiration.LIFETIME); // cache2k's nearest to expiry after access
      case NONE -> { }
    }
    this.cache = builder.build();
  }

  @Override
  public Long get(Long key, Function<Long, Long> loader) {
    return cache.computeIfAbsent(key, loader);
  }

  @Override
  public Long getIfPresent(Long key) {
    return cache.peek(key);
  }

  @Override
  public void put(Long key, Long value) {
    cache.put(key, value);
  }

  @Override
  public long size() {
    return cache.asMap().size();
  }

  @Override
  public Object unwrap() {
    return cache;
  }

  @Override
  public void close() {
    cache.close();
  }
}
