package io.github.clockpro.peers;

import java.util.function.Function;

/**
 * The operations every measurement performs on a cache (the benchmarks, the simulator, the showcase and the
 * adversarial runner), so that every implementation is driven by exactly the same code.
 *
 * <p>Thread safety is that of the wrapped cache: the implementations of {@link Implementation#CONCURRENT} are
 * safe for concurrent use, the simulator's comparators and baseline are not.
 *
 * @param <K> the keys
 * @param <V> the values
 */
public interface PeerCache<K, V> extends AutoCloseable {

  /** Returns the cached value, or computes, caches and returns it with {@code loader} on a miss. */
  V get(K key, Function<K, V> loader);

  /** Returns the cached value, or {@code null}; counts as an access for the eviction policy. */
  V getIfPresent(K key);

  /** Associates the value with the key. */
  void put(K key, V value);

  /** Returns the number of entries the cache holds now, after any pending maintenance. */
  long size();

  /** Returns the wrapped cache object, whose object graph is the memory the cache retains. */
  Object unwrap();

  /** Releases the cache's resources; the cache must not be used afterwards. */
  @Override
  void close();
}
