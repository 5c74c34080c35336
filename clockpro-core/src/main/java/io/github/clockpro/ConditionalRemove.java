package io.github.clockpro;

import java.util.function.BiFunction;

/** The remapping function of {@link ClockProCache#remove(Object, Object)}. */
final class ConditionalRemove<K, V> implements BiFunction<K, Node<K, V>, Node<K, V>> {
  private final Object expected;
  Node<K, V> removed;

  ConditionalRemove(Object expected) {
    this.expected = expected;
  }

  @Override
  public Node<K, V> apply(K key, Node<K, V> existing) {
    if (existing.value.equals(expected)) {
      removed = existing;
      return null;
    }
    return existing;
  }
}
