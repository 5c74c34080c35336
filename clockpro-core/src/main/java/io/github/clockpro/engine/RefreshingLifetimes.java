package io.github.clockpro.engine;

import io.github.clockpro.Ticker;
import io.github.clockpro.engine.NodeShape.RefreshingNode;

/**
 * The {@link Lifetimes} of a cache built with {@code refreshAfterWrite} and without expiry: nothing expires; every
 * value write (a create, a put, a replace, a compute, a load's fill, a refresh's store) records the ticker's reading
 * in the node ({@link RefreshingNode}), as the deadline an expiring cache records; a hit reads the ticker once and
 * asks for a refresh of a value at least the period old. A refresh's value, stored as a write, records a new write
 * time; a refresh that failed leaves the value stale, and the next hit starts another.
 *
 * <p>Fields: none change; the period is thread-safe on its own.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class RefreshingLifetimes<K, V> extends Lifetimes<K, V> implements Refreshes<K, V> {

  private final Ticker ticker;
  private final RefreshPeriod period;

  RefreshingLifetimes(long refreshNanos, Ticker ticker) {
    this.ticker = ticker;
    this.period = new RefreshPeriod(refreshNanos);
  }

  @Override
  public RefreshPeriod period() {
    return period;
  }

  @Override
  long readTime() {
    return ticker.read();
  }

  @Override
  long writeTime() {
    return ticker.read();
  }

  @Override
  V readLive(BoundedCache<K, V> cache, Node<K, V> node, long now) {
    V value = cache.read(node);
    if (period.isDue(((RefreshingNode<K, V>) node).writeTime(), now)) {
      cache.refresh(node.key, value);
    }
    return value;
  }

  @Override
  boolean expiredAt(Node<K, V> node, long now) {
    return false;
  }

  /** The write time of a new value is now, read before the load or write. */
  @Override
  long deadlineAfterCreate(K key, V value, long now) {
    return now;
  }

  @Override
  long deadlineAfterUpdate(Node<K, V> node, V value, long now) {
    return now;
  }

  @Override
  long placeholderDeadline(long now) {
    return 0;
  }

  @Override
  void writeDeadline(Node<K, V> node, long deadline) {
    ((RefreshingNode<K, V>) node).setWriteTime(deadline);
  }
}
