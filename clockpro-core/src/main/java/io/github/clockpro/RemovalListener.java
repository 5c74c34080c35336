package io.github.clockpro;

/**
 * Receives every entry that leaves the cache, exactly once per removed entry.
 *
 * <p>The listener runs on the thread whose operation removed the entry, after the cache has released its
 * locks, so it may call back into the cache. An exception thrown by the listener is logged through
 * {@link System.Logger} and otherwise ignored: the cache stays consistent and the caller's operation completes.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
@FunctionalInterface
public interface RemovalListener<K, V> {

  /**
   * Notifies the listener that an entry was removed.
   *
   * @param key the key of the removed entry, never {@code null}
   * @param value the value the entry held when it was removed; {@code null} only for
   *     {@link RemovalCause#COLLECTED}, whose value the garbage collector took
   * @param cause why the entry was removed
   */
  void onRemoval(K key, V value, RemovalCause cause);
}
