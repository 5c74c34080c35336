package io.github.clockpro;

/**
 * An immutable snapshot of a cache's statistics, taken by {@link ClockProCache#stats()}. All counts are since the
 * cache was created.
 *
 * <p>The hit, miss, put, load and lock wait counts are kept in striped counters and read without a lock, so
 * under concurrent use a snapshot may see one counter a little ahead of another. The policy figures (sizes,
 * evictions, scans, cold target, scan threshold, carry limit and whether the hand may carry) are read together
 * under the eviction lock and are consistent with each other.
 */
public final class CacheStats {

  private final long hitCount;
  private final long missCount;
  private final long putCount;
  private final long loadSuccessCount;
  private final long loadFailureCount;
  private final long totalLoadTime;
  private final long lockWaitCount;
  private final long totalLockWaitTime;
  private final long evictionCount;
  private final long scanCount;
  private final int maxScanPerEviction;
  /** Evictions by the entries they examined; a copy owned by this snapshot. */
  private final ScanLengths scanLengths;
  private final long scanLimitReachedCount;
  private final long promotionCount;
  private final long demotionCount;
  private final long nonResidentHitCount;
  private final int hotSize;
  private final int coldSize;
  private final int nonResidentSize;
  private final int nonResidentLimit;
  private final int coldTarget;
  private final int scanThreshold;
  private final int carryLimit;
  private final boolean carryAllowed;

  CacheStats(Counters counters, ClockProPolicy<?, ?> policy) {
    long[] sums = counters.sums();
    this.hitCount = sums[Counters.HITS];
    this.missCount = sums[Counters.MISSES];
    this.putCount = sums[Counters.PUTS];
    this.loadSuccessCount = sums[Counters.LOAD_SUCCESSES];
    this.loadFailureCount = sums[Counters.LOAD_FAILURES];
    this.totalLoadTime = sums[Counters.TOTAL_LOAD_TIME];
    this.lockWaitCount = sums[Counters.LOCK_WAITS];
    this.totalLockWaitTime = sums[Counters.LOCK_WAIT_TIME];
    this.evictionCount = policy.evictionCount();
    this.scanCount = policy.scanCount();
    this.maxScanPerEviction = policy.maximumScan();
    this.scanLengths = policy.scanLengths();
    this.scanLimitReachedCount = policy.limitReachedCount();
    this.promotionCount = policy.promotionCount();
    this.demotionCount = policy.demotionCount();
    this.nonResidentHitCount = policy.nonResidentHitCount();
    this.hotSize = policy.hotSize();
    this.coldSize = policy.coldSize();
    this.nonResidentSize = policy.nonResidentSize();
    this.nonResidentLimit = policy.historyLimit();
    this.coldTarget = policy.coldTarget();
    this.scanThreshold = policy.promotionThreshold();
    this.carryLimit = policy.carryLimit();
    this.carryAllowed = policy.carryAllowed();
  }

  /** Lookups through {@code getIfPresent} or {@code get} that found a value. */
  public long hitCount() {
    return hitCount;
  }

  /** Lookups through {@code getIfPresent} or {@code get} that found no value. */
  public long missCount() {
    return missCount;
  }

  /** {@code hitCount() + missCount()}. */
  public long requestCount() {
    return hitCount + missCount;
  }

  /** The fraction of requests that hit, or 1.0 when there were no requests (as in Caffeine). */
  public double hitRate() {
    long requests = requestCount();
    return requests == 0 ? 1.0 : (double) hitCount / requests;
  }

  /** The fraction of requests that missed, or 0.0 when there were no requests. */
  public double missRate() {
    long requests = requestCount();
    return requests == 0 ? 0.0 : (double) missCount / requests;
  }

  /** Values stored by {@code put}, {@code putAll} and the writing methods of {@code asMap()}. */
  public long putCount() {
    return putCount;
  }

  /** Loads that returned a value. */
  public long loadSuccessCount() {
    return loadSuccessCount;
  }

  /** Loads that threw or returned {@code null}. */
  public long loadFailureCount() {
    return loadFailureCount;
  }

  /** {@code loadSuccessCount() + loadFailureCount()}. */
  public long loadCount() {
    return loadSuccessCount + loadFailureCount;
  }

  /** Nanoseconds spent in loaders, successful or not. */
  public long totalLoadTime() {
    return totalLoadTime;
  }

  /**
   * Acquisitions of the eviction lock that found it held and waited for it. Every insert, removal and eviction,
   * and every snapshot of these statistics, takes that lock; hits never do. Together with
   * {@link #totalLockWaitTime()}, this shows how much writers contend: on a read-through workload, compare it with
   * {@link #missCount()}.
   */
  public long lockWaitCount() {
    return lockWaitCount;
  }

  /**
   * Nanoseconds the acquisitions counted by {@link #lockWaitCount()} waited, in total. Wall time: a wait during
   * which the JVM stopped every thread, for a garbage collection for example, counts that pause too, although the
   * waiting thread would have been stopped without the lock.
   */
  public long totalLockWaitTime() {
    return totalLockWaitTime;
  }

  /**
   * Entries evicted for size. Each is reported to the removal listener with {@link RemovalCause#SIZE}, except a
   * load in flight evicted because every entry examined was one: that is reported when its value arrives, and
   * not at all if its loader fails or returns {@code null}.
   */
  public long evictionCount() {
    return evictionCount;
  }

  /**
   * Entries examined by both hands, summed over all inserts that evicted (an insert evicts at most one entry).
   * An insert into a cache with room evicts nothing but may still run the hot hand to promote a returning key;
   * that work has the same bound and is not counted.
   */
  public long scanCount() {
    return scanCount;
  }

  /**
   * The most entries examined by any single insert that evicted, to evict and to make room for a promotion;
   * never above the scan limit.
   */
  public int maxScanPerEviction() {
    return maxScanPerEviction;
  }

  /**
   * The evictions that examined at most {@code entriesExamined} entries, counted as {@link #scanCount()} counts
   * them: the cumulative distribution of scan lengths, from which a histogram's buckets are read. Every eviction
   * examines at least one entry and at most the scan limit, so this is 0 for 0 and {@link #evictionCount()} at
   * the limit and above; the difference between the limit and one below it is the evictions that examined the
   * whole limit.
   *
   * <p>Exact for every length up to 1,024, which covers the default limit, and at the limit less one and above.
   * With a scan limit above 1,025, scans longer than 1,024 entries are counted per power of two, and the count at
   * a length between 1,024 and the limit less one includes them up to the largest power of two not above it.
   *
   * @param entriesExamined a scan length
   * @return the number of evictions that examined that many entries or fewer
   * @throws IllegalArgumentException if {@code entriesExamined} is negative
   */
  public long evictionCountAtMost(int entriesExamined) {
    if (entriesExamined < 0) {
      throw new IllegalArgumentException("entriesExamined must not be negative but was " + entriesExamined);
    }
    return scanLengths.atMost(entriesExamined);
  }

  /** Evictions that stopped at the scan limit and took the best candidate seen. */
  public long scanLimitReachedCount() {
    return scanLimitReachedCount;
  }

  /** {@code scanCount() / evictionCount()}, or 0.0 before the first eviction. */
  public double averageScanPerEviction() {
    return evictionCount == 0 ? 0.0 : (double) scanCount / evictionCount;
  }

  /** Cold entries moved to the hot clock. */
  public long promotionCount() {
    return promotionCount;
  }

  /** Hot entries moved to the cold clock. */
  public long demotionCount() {
    return demotionCount;
  }

  /** Inserts of keys still in their non-resident test period: evicted recently enough to count as reused. */
  public long nonResidentHitCount() {
    return nonResidentHitCount;
  }

  /** Resident entries in the hot clock. */
  public int hotSize() {
    return hotSize;
  }

  /** Resident entries in the cold clock. */
  public int coldSize() {
    return coldSize;
  }

  /** Evicted keys whose hashes are still in their test period. */
  public int nonResidentSize() {
    return nonResidentSize;
  }

  /**
   * The most evicted keys the history keeps now: the adaptive history length, from an eighth of the maximum size
   * to all of it. It shortens while keys that came back from the history and were made hot are used no more often
   * than the hot entries they displaced, and lengthens while they are used clearly more often.
   */
  public int nonResidentLimit() {
    return nonResidentLimit;
  }

  /** The number of cold entries the policy currently aims for. */
  public int coldTarget() {
    return coldTarget;
  }

  /** The reference count at which the cold hand promotes an entry instead of evicting it. */
  public int scanThreshold() {
    return scanThreshold;
  }

  /**
   * The most references the hot hand carries over when it spares a hot entry, while {@link #carryAllowed()}, so that
   * an entry referenced often survives quiet revolutions of the hand; 0 is the paper's hot hand. It adapts to the
   * workload.
   */
  public int carryLimit() {
    return carryLimit;
  }

  /**
   * Whether the hot hand may carry references over now: the latest decision of the carry trial, which replays a
   * sample of the keys through two small copies of the policy, one carrying and one not, and lets the hand carry
   * while the carrying copy hits more. While this is {@code false} the hand carries none, whatever
   * {@link #carryLimit()} says. A new cache does not carry.
   */
  public boolean carryAllowed() {
    return carryAllowed;
  }

  @Override
  public String toString() {
    return "CacheStats{hitCount=" + hitCount + ", missCount=" + missCount + ", putCount=" + putCount
        + ", loadSuccessCount=" + loadSuccessCount + ", loadFailureCount=" + loadFailureCount
        + ", totalLoadTime=" + totalLoadTime + ", lockWaitCount=" + lockWaitCount
        + ", totalLockWaitTime=" + totalLockWaitTime + ", evictionCount=" + evictionCount
        + ", scanCount=" + scanCount
        + ", maxScanPerEviction=" + maxScanPerEviction + ", scanLimitReachedCount=" + scanLimitReachedCount
        + ", promotionCount=" + promotionCount + ", demotionCount=" + demotionCount
        + ", nonResidentHitCount=" + nonResidentHitCount + ", hotSize=" + hotSize + ", coldSize=" + coldSize
        + ", nonResidentSize=" + nonResidentSize + ", nonResidentLimit=" + nonResidentLimit
        + ", coldTarget=" + coldTarget
        + ", scanThreshold=" + scanThreshold + ", carryLimit=" + carryLimit + ", carryAllowed=" + carryAllowed
        + "}";
  }
}
