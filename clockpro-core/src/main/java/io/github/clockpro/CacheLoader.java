package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.engine.CacheFactory;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Computes the values of a {@link ClockProLoadingCache}, as Caffeine's {@code CacheLoader}: {@link #load} one key,
 * {@link #loadAll} many at once, {@link #reload} a present key for a refresh. Set with
 * {@link CacheBuilder#build(CacheLoader)}.
 *
 * <p>A checked exception thrown by any of them reaches the caller of the cache's method wrapped in a
 * {@link java.util.concurrent.CompletionException}, as in Caffeine; an {@link InterruptedException} also restores
 * the calling thread's interrupt flag. An unchecked exception or an error reaches the caller as it was thrown.
 * Nothing is cached for a key whose load failed.
 *
 * <p>A {@code CacheLoader} is an {@link AsyncCacheLoader}, as in Caffeine: for
 * {@link CacheBuilder#buildAsync(CacheLoader)}, each asynchronous method runs its synchronous one on the executor.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
@FunctionalInterface
public interface CacheLoader<K, V> extends AsyncCacheLoader<K, V> {

  /**
   * Computes the value for a key.
   *
   * @param key the key, never {@code null}
   * @return the value, or {@code null} to cache nothing (the caller then gets {@code null})
   * @throws Exception if the value cannot be computed
   */
  V load(K key) throws Exception;

  /**
   * Computes the values for many keys in one call, for {@link ClockProLoadingCache#getAll}. It may return
   * fewer keys than asked for (those stay absent) and more (those are cached too). The default throws
   * {@link UnsupportedOperationException}, and the cache then calls {@link #load} for each missing key instead:
   * override it to load in bulk.
   *
   * @param keys the keys missing from the cache, never empty; unmodifiable
   * @return a map of keys to values, neither {@code null}
   * @throws Exception if the values cannot be computed
   */
  default Map<? extends K, ? extends V> loadAll(Set<? extends K> keys) throws Exception {
    throw new UnsupportedOperationException("loadAll is not implemented");
  }

  /**
   * Computes a new value for a key that has a value, for a refresh ({@link CacheBuilder#refreshAfterWrite},
   * {@link ClockProLoadingCache#refresh}). The default calls {@link #load}.
   *
   * @param key the key
   * @param oldValue the value the cache holds
   * @return the new value, or {@code null} to remove the entry
   * @throws Exception if the value cannot be computed; the old value is kept
   */
  default V reload(K key, V oldValue) throws Exception {
    return load(key);
  }

  /** Runs {@link #load} on the executor. */
  @Override
  default CompletableFuture<? extends V> asyncLoad(K key, Executor executor) {
    requireNonNull(key, "key");
    requireNonNull(executor, "executor");
    return CompletableFuture.supplyAsync(() -> CacheFactory.call(() -> load(key)), executor);
  }

  /** Runs {@link #loadAll} on the executor. */
  @Override
  default CompletableFuture<? extends Map<? extends K, ? extends V>> asyncLoadAll(Set<? extends K> keys,
      Executor executor) {
    requireNonNull(keys, "keys");
    requireNonNull(executor, "executor");
    return CompletableFuture.supplyAsync(() -> CacheFactory.call(() -> loadAll(keys)), executor);
  }

  /** Runs {@link #reload} on the executor. */
  @Override
  default CompletableFuture<? extends V> asyncReload(K key, V oldValue, Executor executor) {
    requireNonNull(key, "key");
    requireNonNull(executor, "executor");
    return CompletableFuture.supplyAsync(() -> CacheFactory.call(() -> reload(key, oldValue)), executor);
  }

  /**
   * Returns a loader that loads in bulk with the function, as Caffeine's {@code CacheLoader.bulk}: its
   * {@link #loadAll} is the function, and {@link #load} calls it with a set of one key.
   *
   * @param mappingFunction computes the values for a set of keys
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the loader
   * @throws NullPointerException if {@code mappingFunction} is null
   */
  static <K, V> CacheLoader<K, V> bulk(
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return new CacheLoader<>() {
      @Override
      public V load(K key) {
        return loadAll(Set.of(key)).get(key);
      }

      @Override
      @SuppressWarnings("unchecked")
      public Map<K, V> loadAll(Set<? extends K> keys) {
        return (Map<K, V>) mappingFunction.apply(keys);
      }
    };
  }

}
