package io.github.clockpro.guava;

import static java.util.Objects.requireNonNull;

import com.google.common.cache.CacheLoader.InvalidCacheLoadException;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.ImmutableMap;
import com.google.common.util.concurrent.UncheckedExecutionException;
import io.github.clockpro.ClockProLoadingCache;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * Guava's {@link LoadingCache} on a {@link ClockProLoadingCache} that loads with Guava's loader (through
 * {@link GuavaLoader}). Thread-safe as the core is; holds no state of its own.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class GuavaLoadingCache<K, V> extends GuavaCache<K, V> implements LoadingCache<K, V> {

  private final ClockProLoadingCache<K, V> loading;

  GuavaLoadingCache(ClockProLoadingCache<K, V> cache) {
    super(cache);
    this.loading = cache;
  }

  @Override
  public V get(K key) throws ExecutionException {
    requireNonNull(key, "key");
    V value;
    try {
      value = loading.get(key);
    } catch (RuntimeException | Error failure) {
      throw translate(failure);
    }
    if (value == null) {
      throw new InvalidCacheLoadException("The loader returned null for the key " + key);
    }
    return value;
  }

  @Override
  public V getUnchecked(K key) {
    try {
      return get(key);
    } catch (ExecutionException checked) {
      throw new UncheckedExecutionException(checked.getCause());
    }
  }

  @Override
  public ImmutableMap<K, V> getAll(Iterable<? extends K> keys) throws ExecutionException {
    requireNonNull(keys, "keys");
    Set<K> distinct = new LinkedHashSet<>();
    keys.forEach(distinct::add);
    Map<K, V> found;
    try {
      found = loading.getAll(distinct);
    } catch (RuntimeException | Error failure) {
      throw translate(failure);
    }
    for (K key : distinct) {
      if (found.get(key) == null) {
        throw new InvalidCacheLoadException("The loader returned no value for the key " + key);
      }
    }
    return ImmutableMap.copyOf(found);
  }

  /** As {@link #getUnchecked}: Guava's deprecated {@code Function} view. */
  @Override
  @Deprecated
  public V apply(K key) {
    return getUnchecked(key);
  }

  /**
   * Reloads the key's value on the builder's executor, as Caffeine's {@code refresh} does; the old value stays
   * readable meanwhile, and a failure keeps it (the core logs it).
   */
  @Override
  public void refresh(K key) {
    loading.refresh(requireNonNull(key, "key"));
  }
}
