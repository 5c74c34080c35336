package io.github.clockpro.jcache;

import javax.cache.Cache;

/**
 * An entry handed to a caller: by the iterator, and to a {@link javax.cache.integration.CacheWriter}. Immutable.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class EntryProxy<K, V> implements Cache.Entry<K, V> {

  private final K key;
  private final V value;

  EntryProxy(K key, V value) {
    this.key = key;
    this.value = value;
  }

  @Override
  public K getKey() {
    return key;
  }

  @Override
  public V getValue() {
    return value;
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new IllegalArgumentException("Unwrapping to " + type + " is not supported");
  }

  @Override
  public String toString() {
    return key + "=" + value;
  }
}
