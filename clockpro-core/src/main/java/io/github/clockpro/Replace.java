package io.github.clockpro;

import java.util.function.BiFunction;

/** The remapping function of {@link ClockProCache#replace}; runs under the key's bin lock. */
final class Replace<K, V> implements BiFunction<K, Node<K, V>, Node<K, V>> {
  private final Object expected;
  private final V value;
  V previous;

  Replace(Object expected, V value) {
    this.expected = expected;
    this.value = value;
  }

  @Override
  public Node<K, V> apply(K key, Node<K, V> existing) {
    synchronized (existing) {
      V current = existing.value;
      if (expected == null || current.equals(expected)) {
        previous = current;
        existing.value = value;
      }
    }
    if (previous != null) {
      existing.recordAccess();
    }
    return existing;
  }
}
