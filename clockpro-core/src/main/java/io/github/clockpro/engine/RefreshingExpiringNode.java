package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of a cache that both expires and refreshes ({@link RefreshingExpiringCache}): an {@link ExpiringNode}
 * plus the time its value was last written, 8 bytes more. Only that cache makes one, and an {@link ExpiringCache}
 * with both {@code expireAfterWrite} and {@code expireAfterAccess}, whose reads cap the renewed deadline by the write
 * time; so an expiring cache with one fixed lifetime or an {@code Expiry} keeps {@link ExpiringNode}'s layout, and a
 * refreshing cache without expiry {@link RefreshingNode}'s. Its
 * subclass {@link WeightedRefreshingExpiringNode} adds a weight, for a weighted cache that expires and refreshes.
 *
 * <p>{@link #writeTime} is the cache's time (see {@link ExpiringCache}) of the last value write. Written plainly by
 * the constructor, before publication; then with release writes by value writers under the node's monitor, after
 * the value and before the deadline ({@link RefreshingExpiringCache#writeDeadline}). Read by hits with acquire,
 * without a lock. A hit may read a value written just now with the time of the value before it, and so start a
 * reload of a fresh value: a <strong>benign race</strong>, which costs one reload and stores a value the loader
 * returned for that key.
 */
class RefreshingExpiringNode<K, V> extends ExpiringNode<K, V> {

  private static final VarHandle WRITE_TIME;

  static {
    try {
      WRITE_TIME = MethodHandles.lookup().findVarHandle(RefreshingExpiringNode.class, "writeTime", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** See the class comment; accessed through {@link #writeTime()} and {@link #setWriteTime(long)}. */
  private long writeTime;

  RefreshingExpiringNode(K key, int hash, V value, long deadline, long writeTime) {
    super(key, hash, value, deadline);
    this.writeTime = writeTime; // plain: the node is not yet published
  }

  /** Returns a placeholder for a load in flight; see {@link ExpiringNode#placeholder}. */
  @SuppressWarnings("unchecked")
  static <K, V> RefreshingExpiringNode<K, V> placeholder(K key, int hash, Load<V> load, long deadline, long now) {
    RefreshingExpiringNode<K, V> node = new RefreshingExpiringNode<>(key, hash, (V) load, deadline, now);
    node.markLoading();
    return node;
  }

  /** The write time, with an acquire read. */
  long writeTime() {
    return (long) WRITE_TIME.getAcquire(this);
  }

  /** Writes the write time with a release write. */
  void setWriteTime(long time) {
    WRITE_TIME.setRelease(this, time);
  }
}
