package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import java.util.function.Function;
import javax.cache.processor.MutableEntry;

/**
 * The entry an {@link javax.cache.processor.EntryProcessor} works on, with the semantics of JSR-107: changes are
 * applied to the cache only after the processor returns, and only the last one counts. It records what the
 * processor did as an {@link Action}, which the {@link CacheProxy} then applies: a value read, loaded, created,
 * updated or removed. Used by one thread, inside one {@code invoke}.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class EntryProcessorEntry<K, V> implements MutableEntry<K, V> {

  /** What the processor's calls amount to. */
  enum Action {
    /** Nothing the cache must apply. */
    NONE,
    /** The present value was read: an access. */
    READ,
    /** The value was loaded through read-through and not changed since: stored without the writer. */
    LOADED,
    /** A value was set for an absent key. */
    CREATED,
    /** A value was set for a present key. */
    UPDATED,
    /** A present entry was removed. */
    DELETED
  }

  private final K key;
  /** The value present when the processor started, or {@code null}. */
  private final V original;
  /** Loads the value on a read of an absent key, or {@code null} without read-through. */
  private final Function<K, V> loader;
  private V value;
  private Action action = Action.NONE;

  EntryProcessorEntry(K key, V original, Function<K, V> loader) {
    this.key = key;
    this.original = original;
    this.value = original;
    this.loader = loader;
  }

  @Override
  public K getKey() {
    return key;
  }

  @Override
  public V getValue() {
    if (action == Action.NONE) {
      if (original != null) {
        action = Action.READ;
      } else if (loader != null) {
        value = loader.apply(key);
        if (value != null) {
          action = Action.LOADED;
        }
      }
    }
    return value;
  }

  @Override
  public boolean exists() {
    return value != null;
  }

  @Override
  public void remove() {
    // Removing a value created or loaded within this call undoes it: nothing to apply. Otherwise the removal
    // reaches the writer even for an absent key, as a Cache.remove does.
    action = (action == Action.CREATED || action == Action.LOADED) ? Action.NONE : Action.DELETED;
    value = null;
  }

  @Override
  public void setValue(V value) {
    requireNonNull(value, "value");
    action = original == null ? Action.CREATED : Action.UPDATED;
    this.value = value;
  }

  /** What the processor did. */
  Action action() {
    return action;
  }

  /** Whether the key had a value when the processor started. */
  boolean existed() {
    return original != null;
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new IllegalArgumentException("Unwrapping to " + type + " is not supported");
  }
}
