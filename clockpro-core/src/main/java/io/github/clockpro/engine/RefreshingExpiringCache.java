package io.github.clockpro.engine;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Scheduler;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import io.github.clockpro.engine.NodeShape.ExpiringNode;
import io.github.clockpro.engine.NodeShape.RefreshingExpiringNode;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Executor;

/**
 * The cache of {@code refreshAfterWrite} together with expiry: an {@link ExpiringCache} of
 * {@link RefreshingExpiringNode}s whose hits on an entry that has not expired start a refresh ({@link Refreshing})
 * once its value is {@code refreshNanos} old. An expired entry is not refreshed: the read misses, and a
 * {@code get} loads it as it loads an absent key.
 *
 * <h2>Design</h2>
 * Expiry works exactly as in {@link ExpiringCache}, whose hooks this class leaves alone, except three:
 * <ul>
 *   <li>the node shapes ({@link #newNode}, {@link #newPlaceholder}), which also hold the value's write time;
 *   <li>{@link #writeDeadline}, which every value write (a put, a replace, a compute, a load's fill, a refresh's
 *       store) calls under the node's monitor after the value: it records the write time there, read from the
 *       cache's clock at that moment, and then the deadline. The hooks give a write its deadline only, so the
 *       write time of a load is when its value is stored, after the loader returned, as in Caffeine;
 *   <li>{@link #readUnexpired}, the hit on an entry that has not expired: after the expiring cache's hit (the
 *       deadline renewed where reads renew it), it compares the write time with the time the hit has already
 *       read, so a refresh costs a hit no second ticker reading, and asks for a refresh of a stale value. The hit
 *       never waits for it.
 * </ul>
 * The reload's outcome is stored by {@link Computing#refreshed}, which refuses an expired node as every value
 * writer does (see {@link ExpiringCache}, "Decisions under the monitor"), and a node whose value is no longer the
 * very instance the refresh started from: so a reload that ends after its entry expired, was removed or was
 * replaced changes nothing, and never brings an entry back. A stored reload is a write: it renews the write time,
 * and the deadline as a put would (with an {@link Expiry}, to what its {@code expireAfterUpdate} returns).
 *
 * <p>Why a subclass and not a flag in {@link ExpiringCache}: a flag would cost every expiring cache a test on each
 * hit and each node 8 bytes for a write time it never reads. Each optional feature that needs a field of the
 * node adds one node shape per cache shape it combines with; refresh combines with none or with expiry, and with
 * or without weights, so it adds two classes of cache and four of node, and nothing to the hit path of the others.
 *
 * <p>Fields: none change after construction; the refreshes are thread-safe on their own.
 */
final class RefreshingExpiringCache<K, V> extends ExpiringCache<K, V> implements RefreshPeriod<K> {

  private static final VarHandle REFRESH_NANOS;

  static {
    try {
      REFRESH_NANOS = MethodHandles.lookup().findVarHandle(RefreshingExpiringCache.class, "refreshNanos", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** The refresh period; written and read as {@code RefreshingCache}'s. */
  private long refreshNanos;
  private final Refreshing<K, V> refreshing;

  RefreshingExpiringCache(long maximum, Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity,
      int seed, RemovalListener<? super K, ? super V> removalListener, long expireAfterWriteNanos,
      long expireAfterAccessNanos, Expiry<K, V> expiry, Ticker ticker, Scheduler scheduler,
      CacheLoader<? super K, V> loader, Executor executor, long refreshNanos, ValueStrength values) {
    super(maximum, weigher, scanLimit, initialCapacity, seed, removalListener, expireAfterWriteNanos,
        expireAfterAccessNanos, expiry, ticker, scheduler, true, values);
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
    return ageOf(key, true);
  }

  @Override
  V readUnexpired(ExpiringNode<K, V> entry, long deadline, long now) {
    V value = super.readUnexpired(entry, deadline, now);
    if (now - ((RefreshingExpiringNode<K, V>) entry).writeTime() >= (long) REFRESH_NANOS.getOpaque(this)) {
      refreshing.refresh(entry.key, value);
    }
    return value;
  }

  /**
   * Records the write time, then the deadline: see the design above. With both fixed lifetimes the expiring cache
   * records it too, a second release write of the same kind of time, harmless.
   */
  @Override
  public void writeDeadline(Node<K, V> node, long deadline) {
    ((RefreshingExpiringNode<K, V>) node).setWriteTime(now());
    super.writeDeadline(node, deadline);
  }
}
