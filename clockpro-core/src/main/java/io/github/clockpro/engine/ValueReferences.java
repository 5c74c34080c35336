package io.github.clockpro.engine;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;

/**
 * The weak or soft references of a cache built with {@code weakValues} or {@code softValues}, and the queue on
 * which the garbage collector hands back those whose value it took.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #reference} wraps a value written to a node; the node's value field holds the reference, and
 *       {@link #referent} reads the value back, {@code null} once it was collected. A node whose value was
 *       collected is never served: a read takes the {@code null} as a miss, and a write treats the node as absent
 *       (see {@link BoundedCache}).
 *   <li>{@link #poll} is called by the holder of the cache's eviction lock only, at most the scan limit's times in
 *       one critical section: a collection of many values is cleared over many operations, each doing a bounded
 *       share of it, as eviction and expiry are. Never an unbounded drain.
 * </ul>
 *
 * <p>Design. Each reference names its node, so a polled reference leads to the entry to remove without a lookup;
 * the node holds the reference, and the reference the node, a cycle the collector reclaims with the node. A
 * reference that is no longer its node's current value (the value was replaced, or the node left the map) is
 * stale: polling it removes nothing. The queue is the JDK's {@link ReferenceQueue}, thread-safe on its own; this
 * class adds no state of its own to guard.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class ValueReferences<K, V> {

  private final ReferenceQueue<V> queue = new ReferenceQueue<>();
  private final boolean soft;

  private ValueReferences(boolean soft) {
    this.soft = soft;
  }

  /** The references for a cache whose shape holds its values so, or {@code null} for values held strongly. */
  static <K, V> ValueReferences<K, V> of(ValueStrength values) {
    return values == ValueStrength.STRONG ? null : new ValueReferences<>(values == ValueStrength.SOFT);
  }

  /**
   * Returns what the node's value field holds for {@code value}: a new weak or soft reference to it, registered
   * with the queue; typed as the value, which the field is declared to hold.
   */
  @SuppressWarnings("unchecked")
  V reference(Node<K, V> node, V value) {
    Object reference = soft ? new SoftValue<>(value, queue, node) : new WeakValue<>(value, queue, node);
    return (V) reference;
  }

  /**
   * Under the eviction lock: returns the node of the next reference the collector cleared, if that reference is
   * still the node's value; {@code null} if the queue is empty. A stale reference yields its node too, for the
   * caller to find it is no longer collected ({@link Node#isCollected}) and skip it.
   */
  @SuppressWarnings("unchecked")
  Node<K, V> poll() {
    Reference<? extends V> reference = queue.poll();
    return reference == null ? null : (Node<K, V>) ((ValueReference) reference).node();
  }

  /** The value a node's field holds: the referent of a reference, {@code null} once collected; else the field. */
  @SuppressWarnings("unchecked")
  static <V> V referent(Object field) {
    return field instanceof ValueReference ? ((Reference<V>) field).get() : (V) field;
  }

  /** Whether a node's field holds a reference whose value was collected. */
  static boolean isCleared(Object field) {
    return field instanceof ValueReference && ((Reference<?>) field).refersTo(null);
  }

  /**
   * For tests: clears the reference a node's field holds and hands it to the queue, as the collector does when it
   * takes the value. Returns whether the field held a reference.
   */
  static boolean collectForTest(Node<?, ?> node) {
    if (!(node.value instanceof ValueReference)) {
      return false;
    }
    Reference<?> reference = (Reference<?>) node.value;
    reference.clear();
    reference.enqueue();
    return true;
  }

  /** A reference that knows its node. */
  private interface ValueReference {
    Node<?, ?> node();
  }

  private static final class WeakValue<V> extends WeakReference<V> implements ValueReference {
    private final Node<?, ?> node;

    WeakValue(V value, ReferenceQueue<V> queue, Node<?, ?> node) {
      super(value, queue);
      this.node = node;
    }

    @Override
    public Node<?, ?> node() {
      return node;
    }
  }

  private static final class SoftValue<V> extends SoftReference<V> implements ValueReference {
    private final Node<?, ?> node;

    SoftValue(V value, ReferenceQueue<V> queue, Node<?, ?> node) {
      super(value, queue);
      this.node = node;
    }

    @Override
    public Node<?, ?> node() {
      return node;
    }
  }
}
