package io.github.clockpro;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link ClockProCache} that computes missing values with its {@link CacheLoader}, as Caffeine's
 * {@code LoadingCache}; built by {@link CacheBuilder#build(CacheLoader)}. Everything {@link ClockProCache} promises
 * holds, and loads behave as {@link ClockProCache#get(Object, java.util.function.Function)}'s do: at most one load
 * per key at a time, a load that fails or returns {@code null} caches nothing.
 *
 * <p>With {@link CacheBuilder#refreshAfterWrite}, a read of an entry written at least that long ago returns the
 * value it holds and starts one reload, as {@link #refresh} does; the reloaded value replaces the old one unless the
 * entry was written or removed meanwhile. A reload that fails keeps the old value, is counted in
 * {@link CacheStats#refreshFailureCount()} and is logged.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface ClockProLoadingCache<K, V> extends ClockProCache<K, V> {

  /**
   * Returns the value for the key, loading it with {@link CacheLoader#load} on a miss.
   *
   * @param key the key
   * @return the value, or {@code null} if the loader returned {@code null}
   * @throws NullPointerException if {@code key} is null
   * @throws java.util.concurrent.CompletionException wrapping a checked exception of the loader
   * @throws RuntimeException or {@link Error}, as thrown by the loader
   */
  V get(K key);

  /**
   * Returns the values for the keys, loading the missing ones with one call of {@link CacheLoader#loadAll}, or,
   * if the loader does not implement it, with {@link CacheLoader#load} for each. See
   * {@link ClockProCache#getAll(Iterable, java.util.function.Function)}.
   *
   * @param keys the keys
   * @return an unmodifiable map of the keys that have a value to their values, in the order of {@code keys}
   * @throws NullPointerException if {@code keys} or any key is null, before anything changes
   * @throws java.util.concurrent.CompletionException wrapping a checked exception of the loader
   */
  Map<K, V> getAll(Iterable<? extends K> keys);

  /**
   * Loads a new value for the key asynchronously, as Caffeine's {@code refresh}: with the loader's
   * {@link AsyncCacheLoader#asyncReload} if the key has a value and {@link AsyncCacheLoader#asyncLoad} if not
   * (a {@link CacheLoader}'s run {@link CacheLoader#reload} and {@link CacheLoader#load} on the builder's executor),
   * and, once that future completes, stores the new value unless the entry was written or removed meanwhile; a
   * value not stored is reported to the removal listener as {@code REPLACED}, or as {@code EXPLICIT} if the key
   * has no value then. The current value stays readable while the reload runs. While a refresh of the key is in
   * flight, another returns the same future; a write of the key ends that, so a reload that never completes keeps
   * no key from being refreshed after its next write. Counted in the statistics as a load, as in Caffeine, not as a
   * hit or a miss.
   *
   * @param key the key
   * @return a future of the new value ({@code null} if the loader returned {@code null}, which removes the entry),
   *     completed once the value is stored; completed exceptionally if the loader threw or its future failed, the
   *     old value then kept (also when {@code asyncReload} throws instead of returning a future, which Caffeine's
   *     {@code refresh} throws to its caller)
   * @throws NullPointerException if {@code key} is null
   */
  CompletableFuture<V> refresh(K key);

  /**
   * Refreshes each key as {@link #refresh} does, as Caffeine's {@code refreshAll}.
   *
   * @param keys the keys; duplicates are refreshed once
   * @return a future of an unmodifiable map of the keys whose new value is not {@code null} to those values, in the
   *     order of {@code keys}; completed exceptionally if one of the reloads failed
   * @throws NullPointerException if {@code keys} or any key is null, before any refresh starts
   */
  CompletableFuture<Map<K, V>> refreshAll(Iterable<? extends K> keys);
}
