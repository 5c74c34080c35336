package io.github.clockpro.offheap;

import io.github.clockpro.Policy;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link OffHeapCache#policy()} view: the segments' figures summed, read without a lock. The bound and
 * weights are in bytes: {@link #isWeighted()} is true and {@link #weightedSize()} is the entries' bytes. The
 * off-heap policy has no carry trial and no adaptive promotion threshold: {@link #carryLimit()} is 0 and
 * {@link #promotionThreshold()} is 1. Caffeine's run-time views ({@link #eviction()} and the others) are empty: the
 * bound and the lifetimes are fixed at build.
 */
final class OffHeapPolicy<K, V> implements Policy<K, V> {

  private final SegmentedCache<K, V> cache;

  OffHeapPolicy(SegmentedCache<K, V> cache) {
    this.cache = cache;
  }

  /** Reads the value without counting a hit or a miss; the read still sets the entry's reference bit. */
  @Override
  public V getIfPresentQuietly(K key) {
    return cache.lookup(key);
  }

  /** {@return an empty map: the off-heap cache does not refresh} */
  @Override
  public Map<K, CompletableFuture<V>> refreshes() {
    return Map.of();
  }

  /** {@return empty: the off-heap cache's bound is read through {@link #maximum()} and cannot change} */
  @Override
  public Optional<Eviction<K, V>> eviction() {
    return Optional.empty();
  }

  /** {@return empty: lifetimes are read through {@link #expiresAfterWrite()} and cannot change} */
  @Override
  public Optional<FixedExpiration<K, V>> expireAfterWrite() {
    return Optional.empty();
  }

  /** {@return empty: lifetimes are read through {@link #expiresAfterAccess()} and cannot change} */
  @Override
  public Optional<FixedExpiration<K, V>> expireAfterAccess() {
    return Optional.empty();
  }

  /** {@return empty: the off-heap cache offers no view of lifetimes by entry} */
  @Override
  public Optional<VarExpiration<K, V>> expireVariably() {
    return Optional.empty();
  }

  /** {@return empty: the off-heap cache does not refresh} */
  @Override
  public Optional<FixedRefresh<K, V>> refreshAfterWrite() {
    return Optional.empty();
  }

  @Override
  public long maximum() {
    return cache.maximumBytes();
  }

  /** Not supported: the segments' regions are sized at build. */
  @Override
  public void setMaximum(long maximum) {
    throw new UnsupportedOperationException("an off-heap cache's maximumBytes is fixed at build");
  }

  @Override
  public boolean isWeighted() {
    return true;
  }

  @Override
  public OptionalLong weightedSize() {
    long bytes = 0;
    for (Segment segment : cache.segments()) {
      bytes += segment.residentBytes();
    }
    return OptionalLong.of(bytes);
  }

  @Override
  public int scanLimit() {
    return cache.scanLimit();
  }

  @Override
  public OptionalLong expiresAfterWrite() {
    return cache.lifetimes().afterWriteNanos();
  }

  @Override
  public OptionalLong expiresAfterAccess() {
    return cache.lifetimes().afterAccessNanos();
  }

  @Override
  public boolean expiresVariably() {
    return cache.lifetimes().variable();
  }

  @Override
  public int hotSize() {
    long hot = 0;
    for (Segment segment : cache.segments()) {
      hot += segment.hotCount();
    }
    return (int) Math.min(Integer.MAX_VALUE, hot);
  }

  @Override
  public int coldSize() {
    long cold = 0;
    for (Segment segment : cache.segments()) {
      cold += segment.residentCount() - segment.hotCount();
    }
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, cold));
  }

  @Override
  public long coldTarget() {
    long target = 0;
    for (Segment segment : cache.segments()) {
      target += segment.coldTarget();
    }
    return target;
  }

  @Override
  public long coldTargetFloor() {
    long floor = 0;
    for (Segment segment : cache.segments()) {
      floor += segment.coldTargetFloor();
    }
    return floor;
  }

  @Override
  public int promotionThreshold() {
    return 1;
  }

  @Override
  public int carryLimit() {
    return 0;
  }

  @Override
  public boolean carryAllowed() {
    return false;
  }

  @Override
  public int historySize() {
    long history = 0;
    for (Segment segment : cache.segments()) {
      history += segment.historyCount();
    }
    return (int) Math.min(Integer.MAX_VALUE, history);
  }

  /** {@return the resident entries: each segment remembers at most as many evicted keys as it holds} */
  @Override
  public int historyLimit() {
    long limit = 0;
    for (Segment segment : cache.segments()) {
      limit += segment.residentCount();
    }
    return (int) Math.min(Integer.MAX_VALUE, limit);
  }

  @Override
  public long historyHitCount() {
    long hits = 0;
    for (Segment segment : cache.segments()) {
      hits += segment.historyHitCount();
    }
    return hits;
  }

  @Override
  public long promotionCount() {
    long count = 0;
    for (Segment segment : cache.segments()) {
      count += segment.promotionCount();
    }
    return count;
  }

  @Override
  public long demotionCount() {
    long count = 0;
    for (Segment segment : cache.segments()) {
      count += segment.demotionCount();
    }
    return count;
  }

  @Override
  public long scanLimitReachedCount() {
    long count = 0;
    for (Segment segment : cache.segments()) {
      count += segment.scanLimitReachedCount();
    }
    return count;
  }

  @Override
  public long evictionCountAtMost(int entriesExamined) {
    if (entriesExamined < 0) {
      throw new IllegalArgumentException("entriesExamined must not be negative but was " + entriesExamined);
    }
    long count = 0;
    for (Segment segment : cache.segments()) {
      count += segment.evictionCountAtMost(entriesExamined);
    }
    return count;
  }
}
