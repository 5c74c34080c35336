package io.github.clockpro;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A cache whose loads are asynchronous, as Caffeine's {@code AsyncCache}; built by {@link CacheBuilder#buildAsync()}.
 *
 * <p>A load in flight is a placeholder in the cache, as for {@link ClockProCache#get(Object, Function)}: it takes its
 * place when the load starts (evicting at most one entry), eviction passes over it unless every entry it examines
 * is one, and the key is absent to {@link #synchronous()} until the value arrives. When the future completes with a
 * value, that value is stored without a lock, on the thread that completed the future; a future that fails or
 * completes with {@code null} leaves nothing cached. No thread waits for a load. Every caller gets a future of its
 * own, completed when the load's is: completing or cancelling it changes nothing in the cache.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface ClockProAsyncCache<K, V> {

  /**
   * Returns a future of the key's value if the cache holds one or a load of it is in flight; {@code null}
   * otherwise. Counts a hit or a miss.
   *
   * @param key the key
   * @return a future of the value, or {@code null}
   * @throws NullPointerException if {@code key} is null
   */
  CompletableFuture<V> getIfPresent(K key);

  /**
   * Returns a future of the key's value, running {@code mappingFunction} on the builder's
   * {@link CacheBuilder#executor executor} on a miss.
   *
   * @param key the key
   * @param mappingFunction computes the value; may return {@code null} to cache nothing
   * @return a future of the value
   * @throws NullPointerException if {@code key} or {@code mappingFunction} is null
   */
  CompletableFuture<V> get(K key, Function<? super K, ? extends V> mappingFunction);

  /**
   * Returns a future of the key's value, starting the load that {@code mappingFunction} returns on a miss. The
   * function is called on this thread and must not block; it is given the builder's executor.
   *
   * @param key the key
   * @param mappingFunction starts the load and returns its future, never {@code null}
   * @return a future of the value
   * @throws NullPointerException if {@code key} or {@code mappingFunction} is null, or the function returns
   *     {@code null}
   * @throws RuntimeException or {@link Error}, as thrown by the function (nothing is cached then)
   */
  CompletableFuture<V> get(K key,
      BiFunction<? super K, ? super Executor, ? extends CompletableFuture<? extends V>> mappingFunction);

  /**
   * Stores the future's value when it completes. For an absent key the future is a load in flight at once (a
   * placeholder, as for {@link #get}); for a present key the value it holds stays until the future completes and
   * then is replaced. A future that fails or completes with {@code null} changes nothing.
   *
   * @param key the key
   * @param valueFuture the value to store
   * @throws NullPointerException if {@code key} or {@code valueFuture} is null
   */
  void put(K key, CompletableFuture<? extends V> valueFuture);

  /**
   * Returns a live view of this cache as a {@link ClockProCache}: the same entries, statistics and policy. A load
   * in flight is absent to it, except that its {@code get(key, loader)} waits for that load.
   *
   * @return the view; always the same instance
   */
  ClockProCache<K, V> synchronous();
}
