package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Computes the values of a {@link ClockProAsyncLoadingCache} asynchronously, as Caffeine's {@code AsyncCacheLoader}:
 * {@link #asyncLoad} one key, {@link #asyncLoadAll} many at once, {@link #asyncReload} a present key for a refresh.
 * Set with {@link CacheBuilder#buildAsync(AsyncCacheLoader)}; every {@link CacheLoader} is one.
 *
 * <p>Each method is called on the thread of the cache's caller and must not block: it starts the work (on the
 * given executor, the builder's) and returns its future. A method that throws fails the caller's call and caches
 * nothing; a checked exception reaches the caller wrapped in {@link java.util.concurrent.CompletionException}. A
 * future that fails or completes with {@code null} caches nothing.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
@FunctionalInterface
public interface AsyncCacheLoader<K, V> {

  /**
   * Starts computing the value for a key.
   *
   * @param key the key, never {@code null}
   * @param executor the builder's {@link CacheBuilder#executor executor}
   * @return a future of the value, never {@code null}; completing with {@code null} caches nothing
   * @throws Exception if the load cannot be started
   */
  CompletableFuture<? extends V> asyncLoad(K key, Executor executor) throws Exception;

  /**
   * Starts computing the values for many keys in one call, for {@link ClockProAsyncLoadingCache#getAll}. Its map may
   * hold fewer keys than asked for (those stay absent) and more (those are cached too). The default throws
   * {@link UnsupportedOperationException}, and the cache then calls {@link #asyncLoad} for each missing key instead:
   * override it to load in bulk.
   *
   * @param keys the keys missing from the cache, never empty; unmodifiable
   * @param executor the builder's executor
   * @return a future of a map of keys to values, neither {@code null}
   * @throws Exception if the load cannot be started
   */
  default CompletableFuture<? extends Map<? extends K, ? extends V>> asyncLoadAll(Set<? extends K> keys,
      Executor executor) throws Exception {
    throw new UnsupportedOperationException("asyncLoadAll is not implemented");
  }

  /**
   * Starts computing a new value for a key that has a value, for a refresh. The default calls {@link #asyncLoad}.
   *
   * @param key the key
   * @param oldValue the value the cache holds
   * @param executor the builder's executor
   * @return a future of the new value; {@code null} removes the entry
   * @throws Exception if the reload cannot be started; the old value is kept
   */
  default CompletableFuture<? extends V> asyncReload(K key, V oldValue, Executor executor) throws Exception {
    return asyncLoad(key, executor);
  }

  /**
   * Returns a loader that loads every key in bulk with the function, run on the executor, as Caffeine's: a single key
   * is loaded as a set of one.
   *
   * @param mappingFunction computes the values for a set of keys
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the loader
   * @throws NullPointerException if {@code mappingFunction} is null
   */
  static <K, V> AsyncCacheLoader<K, V> bulk(
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return bulk((keys, executor) -> CompletableFuture.supplyAsync(() -> mappingFunction.apply(keys), executor));
  }

  /**
   * Returns a loader that loads every key in bulk with the function, as Caffeine's: a single key is loaded as a set
   * of one.
   *
   * @param mappingFunction starts computing the values for a set of keys and returns the future of its map
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the loader
   * @throws NullPointerException if {@code mappingFunction} is null
   */
  static <K, V> AsyncCacheLoader<K, V> bulk(BiFunction<? super Set<? extends K>, ? super Executor,
      ? extends CompletableFuture<? extends Map<? extends K, ? extends V>>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return new AsyncCacheLoader<>() {
      @Override
      public CompletableFuture<V> asyncLoad(K key, Executor executor) {
        return asyncLoadAll(Set.of(key), executor).thenApply(values -> values.get(key));
      }

      @Override
      @SuppressWarnings("unchecked")
      public CompletableFuture<Map<K, V>> asyncLoadAll(Set<? extends K> keys, Executor executor) {
        return (CompletableFuture<Map<K, V>>) (CompletableFuture<?>) mappingFunction.apply(keys, executor);
      }
    };
  }
}
