package io.github.clockpro.jcache;

import javax.cache.Cache;
import javax.cache.event.CacheEntryEvent;
import javax.cache.event.EventType;

/**
 * One entry event as a listener receives it. For {@link EventType#REMOVED} and {@link EventType#EXPIRED} the value
 * and the old value are both the value the entry held. The old value of an update is hidden ({@code null}, not
 * available) from a listener registered without {@code isOldValueRequired}.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class JCacheEntryEvent<K, V> extends CacheEntryEvent<K, V> {

  private static final long serialVersionUID = 1L;

  private final K key;
  private final V value;
  private final V oldValue;
  private final boolean oldValueAvailable;

  JCacheEntryEvent(Cache<K, V> source, EventType eventType, K key, V value, V oldValue,
      boolean oldValueAvailable) {
    super(source, eventType);
    this.key = key;
    this.value = value;
    this.oldValue = oldValue;
    this.oldValueAvailable = oldValueAvailable;
  }

  /**
   * This event as a listener that did not ask for old values sees it: an update without its old value. A removal
   * or an expiry keeps it, since its value is the old value, which JSR-107 lets a listener see anyway.
   */
  JCacheEntryEvent<K, V> withoutOldValue() {
    if (!oldValueAvailable || getEventType() != EventType.UPDATED) {
      return this;
    }
    @SuppressWarnings("unchecked")
    Cache<K, V> cache = (Cache<K, V>) getSource();
    return new JCacheEntryEvent<>(cache, getEventType(), key, value, null, false);
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
  public V getOldValue() {
    return oldValue;
  }

  @Override
  public boolean isOldValueAvailable() {
    return oldValueAvailable;
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
    return getEventType() + "[" + key + "=" + value + "]";
  }
}
