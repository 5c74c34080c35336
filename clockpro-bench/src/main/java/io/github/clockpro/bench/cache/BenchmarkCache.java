package io.github.clockpro.bench.cache;

import java.util.function.Function;

/**
 * The operations the benchmarks, the simulator and the showcase perform on a cache, with {@code Long} keys and
 * values, so that every implementation is driven by exactly the same code.
 *
 * <p>Thread safety is that of the wrapped cache: the implementations of
 * {@link Implementation#CONCURRENT} are safe for concurrent use, the simulator's comparators and baseline are not.
 */
public interface BenchmarkCache extends AutoCloseable {

  /** Returns the cached value, or computes, caches and returns it with {@code loader} on a miss. */
  Long get(Long key, Function<Long, Long> loader);

  /** Returns the cached value, or {@code null}; counts as an access for the eviction policy. */
  Long getIfPresent(Long key);

  /** Associates the value with the key. */
  void put(Long key, Long value);

  /** Returns the number of entries the cache holds now, after any pending maintenance. */
  long size();

  /** Returns the wrapped cache object, whose object graph is the memory the cache retains. */
  Object unwrap();

  /** Releases the cache's resources; the cache must not be used afterwards. */
  @Override
  void close();
}
