package io.github.clockpro;

import java.util.function.BiFunction;

/**
 * The remapping function of {@link ClockProCache#remove(Object, Object)}. Runs under the eviction lock and the
 * key's bin lock, and retires the node it removes under the node's monitor, so that no put lands on it between
 * the comparison and the removal.
 */
final class ConditionalRemove<K, V> implements BiFunction<K, Node<K, V>, Node<K, V>> {
  private final Object expected;
  Node<K, V> removed;

  ConditionalRemove(Object expected) {
    this.expected = expected;
  }

  @Override
  public Node<K, V> apply(K key, Node<K, V> existing) {
    synchronized (existing) {
      if (existing.value.equals(expected)) {
        existing.retire();
        removed = existing;
        return null;
      }
    }
    return existing;
  }
}
