package io.github.clockpro;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
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
   * Returns a future of the values for the keys, running {@code mappingFunction} once on the builder's
   * {@link CacheBuilder#executor executor} for the missing ones. See
   * {@link #getAll(Iterable, BiFunction)}.
   *
   * @param keys the keys; duplicates are looked up once
   * @param mappingFunction computes the missing keys' values, given as an unmodifiable set in the order of
   *     {@code keys}
   * @return a future of an unmodifiable map of the keys that have a value to their values, in the order of
   *     {@code keys}
   * @throws NullPointerException if {@code keys}, any key or {@code mappingFunction} is null, before anything changes
   */
  CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction);

  /**
   * Returns a future of the values for the keys, starting the bulk load that {@code mappingFunction} returns for the
   * missing ones, as Caffeine's {@code AsyncCache.getAll}. Each missing key first gets a placeholder, as for
   * {@link #get}, and counts a miss; a key present or in flight counts a hit. The function is called once, on this
   * thread, with exactly the keys that got a placeholder (a key another caller is loading is not passed to it: the
   * result waits for that load); it must not block. When its future completes, each of those keys is stored with its
   * value; keys its map leaves out stay absent, and keys it adds are stored as by {@link #put}. If the function
   * throws, or its future fails or completes with {@code null} or a map holding a {@code null}, none of its keys is
   * cached and the result fails; a function that throws fails this call.
   *
   * @param keys the keys; duplicates are looked up once
   * @param mappingFunction starts the load of the missing keys, given as an unmodifiable set in the order of
   *     {@code keys}, and returns its future, never {@code null}
   * @return a future of an unmodifiable map of the keys that have a value to their values, in the order of
   *     {@code keys}
   * @throws NullPointerException if {@code keys}, any key or {@code mappingFunction} is null, before anything
   *     changes; or if the function returns {@code null}
   * @throws RuntimeException or {@link Error}, as thrown by the function
   */
  CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      BiFunction<? super Set<? extends K>, ? super Executor,
          ? extends CompletableFuture<? extends Map<? extends K, ? extends V>>> mappingFunction);

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
   * Returns a live view of this cache as a {@link ConcurrentMap} of futures, as Caffeine's {@code AsyncCache.asMap}.
   * Reads return a future of the entry's value, or of a load in flight, and count no hit or miss. A put of a future
   * stores its value when it completes, as {@link #put} does. {@code remove(key)} removes a present value, or
   * discards a load in flight as {@code invalidate} does and returns its future. The conditional writes ({@code putIfAbsent}, {@code replace}, {@code remove(key,
   * value)}, and the defaults built on them) compare the values of completed futures: differing from Caffeine, whose
   * map holds the futures themselves, an argument future that has not completed matches nothing, and
   * {@code putIfAbsent} of one stores it as {@link #put} does if the key is absent and no load is in flight.
   * {@code compute}, {@code computeIfPresent} and {@code merge} over a future not yet complete, or returning one,
   * write their result as {@code put} (or {@code remove} for {@code null}) does, last writer wins, rather than
   * atomically as Caffeine's. {@code size()} counts present values, not loads in flight, which Caffeine's counts.
   * Iteration sees the present values, each as a completed future, weakly consistent.
   *
   * @return the view; always the same instance
   */
  ConcurrentMap<K, CompletableFuture<V>> asMap();

  /**
   * Returns a live view of this cache as a {@link ClockProCache}: the same entries, statistics and policy. A load
   * in flight is absent to it, except that its {@code get(key, loader)} waits for that load.
   *
   * @return the view; always the same instance
   */
  ClockProCache<K, V> synchronous();
}
