package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheLoader;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

/**
 * The {@link CacheLoader} of the synchronous view of a cache built with {@code buildAsync(AsyncCacheLoader)}: each
 * method starts the asynchronous loader's and waits for its future, as Caffeine's synchronous view of an
 * {@code AsyncLoadingCache} does. Its asynchronous methods are the asynchronous loader's own, so that refreshes
 * ({@code refreshAfterWrite}, {@code refresh}), which call {@link #asyncReload} (see {@link Refreshing}), wait for
 * nothing, as in Caffeine: a reload that never completes holds no thread. {@link Bulk} adds {@code loadAll} for a
 * loader that loads in bulk, so that the view's test for {@code loadAll} sees the loader's own answer.
 */
class BlockingLoader<K, V> implements CacheLoader<K, V> {

  final AsyncCacheLoader<K, V> loader;
  final Executor executor;

  BlockingLoader(AsyncCacheLoader<K, V> loader, Executor executor) {
    this.loader = loader;
    this.executor = executor;
  }

  /** Adapts a loader, with {@code loadAll} if it loads in bulk. */
  @SuppressWarnings("unchecked")
  static <K, V> CacheLoader<K, V> of(AsyncCacheLoader<? super K, V> loader, Executor executor) {
    AsyncCacheLoader<K, V> typed = (AsyncCacheLoader<K, V>) loader;
    return AsyncLoadingCacheView.loadsInBulk(loader) ? new Bulk<>(typed, executor)
        : new BlockingLoader<>(typed, executor);
  }

  @Override
  public V load(K key) throws Exception {
    return await(loader.asyncLoad(key, executor));
  }

  @Override
  public V reload(K key, V oldValue) throws Exception {
    return await(loader.asyncReload(key, oldValue, executor));
  }

  /** The asynchronous loader's own, which waits for nothing. */
  @Override
  public CompletableFuture<? extends V> asyncLoad(K key, Executor executor) {
    return CacheFactory.call(() -> loader.asyncLoad(key, executor));
  }

  /** The asynchronous loader's own, which waits for nothing. */
  @Override
  public CompletableFuture<? extends V> asyncReload(K key, V oldValue, Executor executor) {
    return CacheFactory.call(() -> loader.asyncReload(key, oldValue, executor));
  }

  /**
   * Waits for the future and returns its value, throwing its failure as the loader's: an unchecked exception or an
   * error as it is, a checked one as itself; a {@code null} future as a {@link NullPointerException} saying so.
   */
  static <T> T await(CompletableFuture<? extends T> future) throws Exception {
    requireNonNull(future, "the asynchronous loader returned null instead of a future");
    try {
      return future.get();
    } catch (ExecutionException failed) {
      Throwable cause = failed.getCause();
      if (cause instanceof Exception exception) {
        throw exception;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw failed;
    }
  }

  /** A blocking loader that loads in bulk. */
  static final class Bulk<K, V> extends BlockingLoader<K, V> {
    Bulk(AsyncCacheLoader<K, V> loader, Executor executor) {
      super(loader, executor);
    }

    @Override
    public Map<? extends K, ? extends V> loadAll(Set<? extends K> keys) throws Exception {
      return await(loader.asyncLoadAll(keys, executor));
    }
  }
}
