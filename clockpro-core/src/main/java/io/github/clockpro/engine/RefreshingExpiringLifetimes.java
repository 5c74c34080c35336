package io.github.clockpro.engine;

import io.github.clockpro.Expiry;
import io.github.clockpro.Ticker;
import io.github.clockpro.engine.NodeShape.ExpiringNode;
import io.github.clockpro.engine.NodeShape.RefreshingExpiringNode;

/**
 * The {@link Lifetimes} of a cache built with {@code refreshAfterWrite} together with expiry: expiry works exactly
 * as in {@link ExpiringLifetimes}, and a hit on an entry that has not expired asks for a refresh once its value is
 * the period old. An expired entry is not refreshed: the read misses, and a {@code get} loads it as it loads an
 * absent key.
 *
 * <h2>Design</h2>
 * Two methods differ from the expiring lifetimes':
 * <ul>
 *   <li>{@link #writeDeadline}, which every value write (a put, a replace, a compute, a load's fill, a refresh's
 *       store) calls under the node's monitor after the value: it records the write time there, read from the
 *       cache's clock at that moment, and then the deadline. So the write time of a load is when its value is
 *       stored, after the loader returned, as in Caffeine;
 *   <li>{@link #readUnexpired}, the hit on an entry that has not expired: after the expiring hit (the deadline
 *       renewed where reads renew it), it compares the write time with the time the hit has already read, so a
 *       refresh costs a hit no second ticker reading. The hit never waits for the refresh.
 * </ul>
 * The reload's outcome is stored by {@link Computing#refreshed}, which refuses an expired node as every value
 * writer does (see {@link ExpiringCache}, "Decisions under the monitor"), and a node whose value is no longer the
 * very instance the refresh started from: so a reload that ends after its entry expired, was removed or was
 * replaced changes nothing, and never brings an entry back.
 *
 * <p>Why a subclass and not a flag in {@link ExpiringLifetimes}: a flag would cost every expiring cache a test on
 * each hit, and each node 8 bytes for a write time it never reads.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class RefreshingExpiringLifetimes<K, V> extends ExpiringLifetimes<K, V> implements Refreshes<K, V> {

  private final RefreshPeriod period;

  RefreshingExpiringLifetimes(long expireAfterWriteNanos, long expireAfterAccessNanos, Expiry<K, V> expiry,
      Ticker ticker, ValueStrength values, long refreshNanos) {
    super(expireAfterWriteNanos, expireAfterAccessNanos, expiry, ticker, values);
    this.period = new RefreshPeriod(refreshNanos);
  }

  @Override
  public RefreshPeriod period() {
    return period;
  }

  @Override
  boolean keepsWriteTime() {
    return true;
  }

  @Override
  V readUnexpired(BoundedCache<K, V> cache, ExpiringNode<K, V> entry, long deadline, long now) {
    V value = super.readUnexpired(cache, entry, deadline, now);
    if (period.isDue(((RefreshingExpiringNode<K, V>) entry).writeTime(), now)) {
      cache.refresh(entry.key, value);
    }
    return value;
  }

  /**
   * Records the write time, then the deadline: see the design above. Where the expiring lifetimes keep it anyway
   * (both fixed lifetimes, weak or soft values) they record it too: a second release write of the same time, harmless.
   */
  @Override
  void writeDeadline(Node<K, V> node, long deadline) {
    ((RefreshingExpiringNode<K, V>) node).setWriteTime(now());
    super.writeDeadline(node, deadline);
  }
}
