package io.github.clockpro;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link ClockProAsyncCache} that computes missing values with its loader, as Caffeine's {@code AsyncLoadingCache};
 * built by {@link CacheBuilder#buildAsync(CacheLoader)} or {@link CacheBuilder#buildAsync(AsyncCacheLoader)}.
 * Everything {@link ClockProAsyncCache} promises holds; {@link #get(Object)} loads as
 * {@link ClockProAsyncCache#get(Object, java.util.function.BiFunction)} does, with the loader's
 * {@link AsyncCacheLoader#asyncLoad}.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface ClockProAsyncLoadingCache<K, V> extends ClockProAsyncCache<K, V> {

  /**
   * Returns a future of the key's value, starting the loader's {@link AsyncCacheLoader#asyncLoad} on a miss.
   *
   * @param key the key
   * @return a future of the value; of {@code null} if the loader's future completed with {@code null}
   * @throws NullPointerException if {@code key} is null
   * @throws java.util.concurrent.CompletionException wrapping a checked exception the loader threw
   * @throws RuntimeException or {@link Error}, as thrown by the loader (nothing is cached then)
   */
  CompletableFuture<V> get(K key);

  /**
   * Returns a future of the values for the keys, loading the missing ones with one call of the loader's
   * {@link AsyncCacheLoader#asyncLoadAll} if it implements it, and with {@link AsyncCacheLoader#asyncLoad} for each
   * if not. See {@link ClockProAsyncCache#getAll(Iterable, java.util.function.BiFunction)}.
   *
   * @param keys the keys
   * @return a future of an unmodifiable map of the keys that have a value to their values, in the order of
   *     {@code keys}
   * @throws NullPointerException if {@code keys} or any key is null, before anything changes
   */
  CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys);

  /**
   * Returns a live view of this cache as a {@link ClockProLoadingCache}: the same entries, statistics and policy,
   * whose {@code get} waits for the loader's future.
   *
   * @return the view; always the same instance
   */
  @Override
  ClockProLoadingCache<K, V> synchronous();
}
