package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of an expiring cache: a {@link Node} with the time its entry expires and its links in the
 * {@link TimerWheel}. A cache without expiry never makes one, so its entries keep {@link Node}'s 48 bytes; this
 * shape is 64 (8 for the deadline, 8 for the two links). Its subclasses add what some expiring caches need:
 * {@link RefreshingExpiringNode} the write time, for a cache that also refreshes, and {@link WeightedExpiringNode} a
 * weight, for a weighted expiring cache.
 *
 * <h2>Fields and who writes them</h2>
 * <ul>
 *   <li>{@link #deadline}: the cache's time (see {@link ExpiringCache}) at or after which a read misses. Written
 *       plainly by the constructor, before publication; then with release writes: by value writers under the
 *       node's monitor, after the value (so that a reader who sees the new deadline sees the new value), by the
 *       fill before it clears {@link #loading}, and by hits that renew it (expiry after access, or an
 *       {@link io.github.clockpro.Expiry} that changes it on reads) without a lock. Read with acquire reads. Two
 *       renewals, or a renewal and an update, may race; the last write wins, a <strong>benign race</strong>:
 *       each value written is a deadline some operation decided, and the wheel re-reads the field before it
 *       expires the entry, under the monitor that value writers hold.
 *   <li>{@link #previousInWheel}, {@link #nextInWheel}: the node's place in one of the wheel's circular lists;
 *       guarded by the eviction lock. A sentinel (a node with no key) heads each list.
 * </ul>
 */
class ExpiringNode<K, V> extends Node<K, V> {

  private static final VarHandle DEADLINE;

  static {
    try {
      DEADLINE = MethodHandles.lookup().findVarHandle(ExpiringNode.class, "deadline", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** See the class comment; accessed through {@link #deadline()} and {@link #setDeadline(long)}. */
  private long deadline;
  /** Guarded by the eviction lock. */
  ExpiringNode<K, V> previousInWheel;
  /** Guarded by the eviction lock. */
  ExpiringNode<K, V> nextInWheel;

  ExpiringNode(K key, int hash, V value, long deadline) {
    super(key, hash, value);
    this.deadline = deadline; // plain: the node is not yet published
  }

  /** Returns a placeholder for a load in flight, held by the wheel at {@code deadline} until it is filled. */
  @SuppressWarnings("unchecked")
  static <K, V> ExpiringNode<K, V> placeholder(K key, int hash, Load<V> load, long deadline) {
    ExpiringNode<K, V> node = new ExpiringNode<>(key, hash, (V) load, deadline);
    node.markLoading();
    return node;
  }

  /** Returns an empty list's head for the wheel: a node with no key, linked to itself. */
  static <K, V> ExpiringNode<K, V> sentinel() {
    ExpiringNode<K, V> sentinel = new ExpiringNode<>(null, 0, null, 0);
    sentinel.previousInWheel = sentinel;
    sentinel.nextInWheel = sentinel;
    return sentinel;
  }

  /** The deadline, with an acquire read. */
  long deadline() {
    return (long) DEADLINE.getAcquire(this);
  }

  /** Writes the deadline with a release write. */
  void setDeadline(long deadline) {
    DEADLINE.setRelease(this, deadline);
  }

  /** Whether the node is in one of the wheel's lists; under the eviction lock. */
  boolean inWheel() {
    return nextInWheel != null;
  }
}
