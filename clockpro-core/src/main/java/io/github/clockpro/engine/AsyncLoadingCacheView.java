package io.github.clockpro.engine;

import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncLoadingCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The {@link ClockProAsyncLoadingCache} that {@code buildAsync(loader)} returns: an {@link AsyncCacheView} with the
 * loader, and a {@link LoadingCacheView} of the same engine as its synchronous view. {@code getAll} loads in bulk if
 * the loader implements {@link AsyncCacheLoader#asyncLoadAll} (or, for a {@link CacheLoader},
 * {@link CacheLoader#loadAll}), decided once, here; else it loads each missing key as {@code get} does.
 *
 * <p>Fields: none change; the views are thread-safe on their own.
 */
final class AsyncLoadingCacheView<K, V> implements ClockProAsyncLoadingCache<K, V> {

  private final AsyncCacheView<K, V> async;
  private final ClockProLoadingCache<K, V> synchronous;
  private final BiFunction<K, Executor, CompletableFuture<? extends V>> load;
  /** {@code null} if the loader does not load in bulk. */
  private final BiFunction<Set<? extends K>, Executor,
      CompletableFuture<? extends Map<? extends K, ? extends V>>> loadAll;

  AsyncLoadingCacheView(AsyncCacheView<K, V> async, ClockProLoadingCache<K, V> synchronous,
      AsyncCacheLoader<? super K, V> loader) {
    this.async = async;
    this.synchronous = synchronous;
    this.load = (key, executor) -> CacheFactory.call(() -> loader.asyncLoad(key, executor));
    @SuppressWarnings("unchecked")
    AsyncCacheLoader<K, V> typed = (AsyncCacheLoader<K, V>) loader;
    this.loadAll = loadsInBulk(loader)
        ? (keys, executor) -> CacheFactory.call(() -> typed.asyncLoadAll(keys, executor)) : null;
  }

  @Override
  public CompletableFuture<V> get(K key) {
    return async.get(key, load);
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys) {
    if (loadAll != null) {
      return async.getAll(keys, loadAll);
    }
    Set<K> distinct = AsyncCacheView.distinctKeys(keys);
    Map<K, CompletableFuture<V>> futures = new LinkedHashMap<>();
    for (K key : distinct) {
      futures.put(key, get(key));
    }
    return AsyncCacheView.collect(futures);
  }

  @Override
  public CompletableFuture<V> getIfPresent(K key) {
    return async.getIfPresent(key);
  }

  @Override
  public CompletableFuture<V> get(K key, Function<? super K, ? extends V> mappingFunction) {
    return async.get(key, mappingFunction);
  }

  @Override
  public CompletableFuture<V> get(K key,
      BiFunction<? super K, ? super Executor, ? extends CompletableFuture<? extends V>> mappingFunction) {
    return async.get(key, mappingFunction);
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    return async.getAll(keys, mappingFunction);
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      BiFunction<? super Set<? extends K>, ? super Executor,
          ? extends CompletableFuture<? extends Map<? extends K, ? extends V>>> mappingFunction) {
    return async.getAll(keys, mappingFunction);
  }

  @Override
  public void put(K key, CompletableFuture<? extends V> valueFuture) {
    async.put(key, valueFuture);
  }

  @Override
  public ConcurrentMap<K, CompletableFuture<V>> asMap() {
    return async.asMap();
  }

  @Override
  public ClockProLoadingCache<K, V> synchronous() {
    return synchronous;
  }

  @Override
  public String toString() {
    return async.toString();
  }

  /**
   * Whether the loader loads in bulk: a {@link CacheLoader} whose class implements {@code loadAll}, or another
   * loader whose class implements {@code asyncLoadAll}; the interfaces' defaults do not count.
   */
  static boolean loadsInBulk(AsyncCacheLoader<?, ?> loader) {
    if (loader instanceof CacheLoader<?, ?> synchronousLoader) {
      return LoadingCacheView.overridesLoadAll(synchronousLoader);
    }
    for (Class<?> type = loader.getClass(); type != null; type = type.getSuperclass()) {
      try {
        type.getDeclaredMethod("asyncLoadAll", Set.class, Executor.class);
        return true;
      } catch (NoSuchMethodException notHere) {
        // look in the superclass; an interface's default does not count
      }
    }
    return false;
  }
}
