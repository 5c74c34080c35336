package io.github.clockpro.guava;

import static java.util.Objects.requireNonNull;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheLoader.InvalidCacheLoadException;
import com.google.common.cache.CacheStats;
import com.google.common.collect.ImmutableMap;
import com.google.common.util.concurrent.ExecutionError;
import com.google.common.util.concurrent.UncheckedExecutionException;
import io.github.clockpro.ClockProCache;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;

/**
 * Guava's {@link Cache} on a {@link ClockProCache}: each method is the core's method of the same meaning, with
 * Guava's exceptions (see {@link ClockProGuava}). Thread-safe as the core is; holds no state of its own.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
class GuavaCache<K, V> implements Cache<K, V> {

  final ClockProCache<K, V> cache;

  GuavaCache(ClockProCache<K, V> cache) {
    this.cache = cache;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V getIfPresent(Object key) {
    return cache.getIfPresent((K) requireNonNull(key, "key"));
  }

  @Override
  public V get(K key, Callable<? extends V> loader) throws ExecutionException {
    requireNonNull(key, "key");
    requireNonNull(loader, "loader");
    V value;
    try {
      value = cache.get(key, absent -> call(loader));
    } catch (RuntimeException | Error failure) {
      throw translate(failure);
    }
    if (value == null) {
      throw new InvalidCacheLoadException("The loader returned null for the key " + key);
    }
    return value;
  }

  /** Runs Guava's callable, carrying a checked exception out of the core in a {@link CompletionException}. */
  private static <V> V call(Callable<? extends V> loader) {
    try {
      return loader.call();
    } catch (RuntimeException | Error unchecked) {
      throw unchecked;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new CompletionException(interrupted);
    } catch (Exception checked) {
      throw new CompletionException(checked);
    }
  }

  /**
   * Guava's exception for a failure of a loader: a checked exception (carried in a {@link CompletionException})
   * in {@link ExecutionException}, an unchecked one in {@link UncheckedExecutionException}, an error in
   * {@link ExecutionError}. Rethrows as it is what Guava's caches would: {@link InvalidCacheLoadException}.
   */
  static ExecutionException translate(Throwable failure) {
    if (failure instanceof CompletionException && failure.getCause() != null
        && !(failure.getCause() instanceof RuntimeException) && !(failure.getCause() instanceof Error)) {
      return new ExecutionException(failure.getCause());
    }
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause() : failure;
    if (cause instanceof InvalidCacheLoadException invalid) {
      throw invalid;
    }
    if (cause instanceof Error error) {
      throw new ExecutionError(error);
    }
    throw new UncheckedExecutionException(cause);
  }

  @Override
  @SuppressWarnings("unchecked")
  public ImmutableMap<K, V> getAllPresent(Iterable<? extends Object> keys) {
    return ImmutableMap.copyOf(cache.getAllPresent((Iterable<? extends K>) requireNonNull(keys, "keys")));
  }

  @Override
  public void put(K key, V value) {
    cache.put(key, value);
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    cache.putAll(map);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void invalidate(Object key) {
    cache.invalidate((K) requireNonNull(key, "key"));
  }

  @Override
  @SuppressWarnings("unchecked")
  public void invalidateAll(Iterable<? extends Object> keys) {
    cache.invalidateAll((Iterable<? extends K>) requireNonNull(keys, "keys"));
  }

  @Override
  public void invalidateAll() {
    cache.invalidateAll();
  }

  @Override
  public long size() {
    return cache.estimatedSize();
  }

  /** Guava's statistics of the core's counts; evictions include expirations, as Caffeine's do. */
  @Override
  public CacheStats stats() {
    io.github.clockpro.CacheStats stats = cache.stats();
    return new CacheStats(stats.hitCount(), stats.missCount(), stats.loadSuccessCount(), stats.loadFailureCount(),
        stats.totalLoadTime(), stats.evictionCount());
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return cache.asMap();
  }

  @Override
  public void cleanUp() {
    cache.cleanUp();
  }
}
