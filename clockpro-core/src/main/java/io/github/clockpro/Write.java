package io.github.clockpro;

import java.util.function.BiFunction;

/** The remapping function of {@link ClockProCache#write}; one instance per call, so no lambda captures. */
final class Write<K, V> implements BiFunction<K, Node<K, V>, Node<K, V>> {
  private final V value;
  private final boolean onlyIfAbsent;
  Node<K, V> inserted;
  V previous;

  Write(V value, boolean onlyIfAbsent) {
    this.value = value;
    this.onlyIfAbsent = onlyIfAbsent;
  }

  @Override
  public Node<K, V> apply(K key, Node<K, V> existing) {
    if (existing == null) {
      inserted = new Node<>(key, value);
      return inserted;
    }
    previous = existing.value;
    if (!onlyIfAbsent) {
      existing.value = value;
    }
    existing.recordAccess();
    return existing;
  }
}
