package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A {@link Node} of a cache built with {@code refreshAfterWrite}: the node plus the time its value was last
 * written, 56 bytes in all (a cache without refresh keeps the 48-byte {@link Node}). Its subclass
 * {@link WeightedRefreshingNode} adds a weight, for a weighted cache that refreshes.
 *
 * <p>{@link #writeTime} is written under the node's monitor by value writers, after the value, with a release
 * write (the constructor's write is plain, before publication); hits read it with acquire. A hit that sees the
 * new time sees the new value, so a fresh value is never taken for a stale one.
 */
class RefreshingNode<K, V> extends Node<K, V> {

  private static final VarHandle WRITE_TIME;

  static {
    try {
      WRITE_TIME = MethodHandles.lookup().findVarHandle(RefreshingNode.class, "writeTime", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** The ticker's reading when the value was last written; see the class comment. */
  private long writeTime;

  RefreshingNode(K key, int hash, V value, long writeTime) {
    super(key, hash, value);
    this.writeTime = writeTime; // plain: unpublished
  }

  @SuppressWarnings("unchecked")
  static <K, V> RefreshingNode<K, V> placeholder(K key, int hash, Load<V> load, long now) {
    RefreshingNode<K, V> node = new RefreshingNode<>(key, hash, (V) load, now);
    node.markLoading();
    return node;
  }

  long writeTime() {
    return (long) WRITE_TIME.getAcquire(this);
  }

  void setWriteTime(long time) {
    WRITE_TIME.setRelease(this, time);
  }
}
