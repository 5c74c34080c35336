package io.github.clockpro.guava;

import com.google.common.cache.CacheLoader.UnsupportedLoadingOperationException;
import io.github.clockpro.CacheLoader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Guava's {@link com.google.common.cache.CacheLoader} as clockpro's {@link CacheLoader}: {@code load}, {@code reload}
 * (waiting for Guava's future) and {@code loadAll}, which, where Guava's loader does not implement it, loads each key
 * with {@code load}, as Guava's {@code getAll} does. Stateless beside the loader.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class GuavaLoader<K, V> implements CacheLoader<K, V> {

  private final com.google.common.cache.CacheLoader<? super K, V> loader;

  GuavaLoader(com.google.common.cache.CacheLoader<? super K, V> loader) {
    this.loader = loader;
  }

  @Override
  public V load(K key) throws Exception {
    return loader.load(key);
  }

  @Override
  public V reload(K key, V oldValue) throws Exception {
    return loader.reload(key, oldValue).get();
  }

  @Override
  public Map<? extends K, ? extends V> loadAll(Set<? extends K> keys) throws Exception {
    try {
      @SuppressWarnings("unchecked")
      Map<? extends K, ? extends V> loaded = (Map<? extends K, ? extends V>) loader.loadAll(keys);
      return loaded;
    } catch (UnsupportedLoadingOperationException notImplemented) {
      Map<K, V> loaded = new LinkedHashMap<>();
      for (K key : keys) {
        V value = loader.load(key);
        if (value != null) {
          loaded.put(key, value);
        }
      }
      return loaded;
    }
  }
}
