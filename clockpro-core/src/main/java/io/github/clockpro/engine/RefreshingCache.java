package io.github.clockpro.engine;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import io.github.clockpro.engine.NodeShape.RefreshingNode;
import io.github.clockpro.engine.NodeShape.WeightedRefreshingNode;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Executor;

/**
 * The cache of {@code refreshAfterWrite}: a {@link BoundedCache} of {@link RefreshingNode}s whose hits start a
 * refresh ({@link Refreshing}) once the entry's value is {@code refreshNanos} old, or, with a weigher, of
 * {@link WeightedRefreshingNode}s. Chosen at build time, so that other caches keep their node and their hit path.
 *
 * <h2>Design</h2>
 * Every value write (a create, a put, a replace, a compute, a load's fill, a refresh's store) records the
 * ticker's reading in the node, through the hooks that an expiring cache uses for deadlines: the write time is
 * this cache's "deadline". A hit reads the ticker once; if the value is at least {@code refreshNanos} old it asks
 * {@link Refreshing} for a refresh, which starts one unless one is in flight, and returns the value it read: the
 * hit never waits. The refresh's value, stored as a write, records a new write time, so the entry is fresh again;
 * a refresh that failed leaves it stale, and the next hit starts another. Nothing expires here: a cache with both
 * refresh and expiry is a {@link RefreshingExpiringCache}.
 */
final class RefreshingCache<K, V> extends BoundedCache<K, V> implements RefreshPeriod<K> {

  private static final VarHandle REFRESH_NANOS;

  static {
    try {
      REFRESH_NANOS = MethodHandles.lookup().findVarHandle(RefreshingCache.class, "refreshNanos", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  private final Ticker ticker;
  /**
   * The refresh period; written with opaque writes by {@link #setRefreshNanos} (Policy.FixedRefresh), read with
   * opaque reads by hits: a hit that races with the change compares with the old or the new period.
   */
  private long refreshNanos;
  private final Refreshing<K, V> refreshing;

  RefreshingCache(long maximum, Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity, int seed,
      RemovalListener<? super K, ? super V> removalListener, CacheLoader<? super K, V> loader, Executor executor,
      long refreshNanos, Ticker ticker, ValueStrength values) {
    super(maximum, weigher, scanLimit, initialCapacity, seed, removalListener, PolicyView.Expiration.NONE,
        NodeShape.of(weigher != null, false, true, values));
    this.ticker = ticker;
    this.refreshNanos = refreshNanos;
    this.refreshing = new Refreshing<>(this, loader, executor);
  }

  Refreshing<K, V> refreshing() {
    return refreshing;
  }

  @Override
  public long refreshNanos() {
    return (long) REFRESH_NANOS.getOpaque(this);
  }

  @Override
  public void setRefreshNanos(long nanos) {
    REFRESH_NANOS.setOpaque(this, nanos);
  }

  @Override
  public long writeAge(Object key) {
    @SuppressWarnings("unchecked")
    Node<K, V> node = lookup((K) key, data.hash(key));
    return node == null || node.loading ? -1 : Math.max(0, ticker.read() - ((RefreshingNode<K, V>) node).writeTime());
  }

  @Override
  public long writeTime() {
    return ticker.read();
  }

  @Override
  long readTime() {
    return ticker.read();
  }

  @Override
  V readLive(Node<K, V> node, long now) {
    V value = read(node);
    if (now - ((RefreshingNode<K, V>) node).writeTime() >= (long) REFRESH_NANOS.getOpaque(this)) {
      refreshing.refresh(node.key, value);
    }
    return value;
  }

  /** The write time of a new value is now, read before the load or write. */
  @Override
  long deadlineAfterCreate(K key, V value, long now) {
    return now;
  }

  @Override
  public long deadlineAfterUpdate(Node<K, V> node, V value, long now) {
    return now;
  }

  @Override
  public void writeDeadline(Node<K, V> node, long deadline) {
    ((RefreshingNode<K, V>) node).setWriteTime(deadline);
  }
}
