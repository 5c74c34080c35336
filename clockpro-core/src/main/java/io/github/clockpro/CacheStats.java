package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/**
 * An immutable snapshot of a cache's statistics, taken by {@link ClockProCache#stats()}: what users of any cache
 * read (hits, misses, puts, loads, evictions, expirations) and the eviction work this library bounds (entries examined per
 * eviction, and how often writers waited for the eviction lock). All counts are since the cache was created. What
 * is specific to CLOCK-Pro (hot and cold sizes, the adaptive targets, the scan-length distribution) is on
 * {@link ClockProCache#policy()}.
 *
 * <p>The counts Caffeine's {@code CacheStats} also has mean what they mean there: a lookup is a hit or a miss as
 * Caffeine counts it, {@link #evictionCount()} counts every entry removed by the policy (for size or because it
 * had expired), and {@link #plus}, {@link #minus}, {@link #empty()} and {@link #loadFailureRate()} behave as
 * Caffeine's. {@link #putCount()}, {@link #expirationCount()} and the counts of eviction work are clockpro's own.
 *
 * <p>Taking a snapshot takes no lock: each count is read on its own, so under concurrent use one count may be a
 * little ahead of another, as with {@link java.util.concurrent.atomic.LongAdder#sum()}. Instances are created by
 * the cache, or by {@link #of} for tests and adapters.
 */
public final class CacheStats {

  private final long hitCount;
  private final long missCount;
  private final long putCount;
  private final long loadSuccessCount;
  private final long loadFailureCount;
  private final long totalLoadTime;
  private final long bulkLoadSuccessCount;
  private final long bulkLoadFailureCount;
  private final long refreshSuccessCount;
  private final long refreshFailureCount;
  private final long evictionCount;
  private final long evictionWeight;
  private final long expirationCount;
  private final long scanCount;
  private final int maxScanPerEviction;
  private final long lockWaitCount;
  private final long totalLockWaitTime;

  private static final CacheStats EMPTY = new CacheStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  private CacheStats(long hitCount, long missCount, long putCount, long loadSuccessCount, long loadFailureCount,
      long totalLoadTime, long bulkLoadSuccessCount, long bulkLoadFailureCount, long refreshSuccessCount,
      long refreshFailureCount, long evictionCount, long evictionWeight, long expirationCount, long scanCount,
      int maxScanPerEviction, long lockWaitCount, long totalLockWaitTime) {
    this.hitCount = hitCount;
    this.missCount = missCount;
    this.putCount = putCount;
    this.loadSuccessCount = loadSuccessCount;
    this.loadFailureCount = loadFailureCount;
    this.totalLoadTime = totalLoadTime;
    this.bulkLoadSuccessCount = bulkLoadSuccessCount;
    this.bulkLoadFailureCount = bulkLoadFailureCount;
    this.refreshSuccessCount = refreshSuccessCount;
    this.refreshFailureCount = refreshFailureCount;
    this.evictionCount = evictionCount;
    this.evictionWeight = evictionWeight;
    this.expirationCount = expirationCount;
    this.scanCount = scanCount;
    this.maxScanPerEviction = maxScanPerEviction;
    this.lockWaitCount = lockWaitCount;
    this.totalLockWaitTime = totalLockWaitTime;
  }

  /**
   * Returns statistics with these counts.
   *
   * @param hitCount lookups that found a value
   * @param missCount lookups that found none
   * @param putCount values stored by the user
   * @param loadSuccessCount loads that returned a value, bulk loads and reloads included
   * @param loadFailureCount loads that threw or returned {@code null}, bulk loads and reloads included
   * @param totalLoadTime nanoseconds spent in loaders
   * @param bulkLoadSuccessCount calls of a bulk loader that returned a map
   * @param bulkLoadFailureCount calls of a bulk loader that threw or returned an invalid map
   * @param refreshSuccessCount reloads that returned (a value or {@code null})
   * @param refreshFailureCount reloads that threw
   * @param evictionCount entries evicted, for size or because they had expired
   * @param evictionWeight the weight of those entries; equal to {@code evictionCount} in a cache without a weigher
   * @param expirationCount entries removed because they had expired, a part of {@code evictionCount}
   * @param scanCount entries examined by every eviction together
   * @param maxScanPerEviction the most entries one eviction examined
   * @param lockWaitCount acquisitions of the eviction lock that waited
   * @param totalLockWaitTime nanoseconds those acquisitions waited
   * @return the statistics
   * @throws IllegalArgumentException if a count is negative, naming it, or if {@code expirationCount} exceeds
   *     {@code evictionCount}
   */
  public static CacheStats of(long hitCount, long missCount, long putCount, long loadSuccessCount,
      long loadFailureCount, long totalLoadTime, long bulkLoadSuccessCount, long bulkLoadFailureCount,
      long refreshSuccessCount, long refreshFailureCount, long evictionCount, long evictionWeight,
      long expirationCount, long scanCount, int maxScanPerEviction, long lockWaitCount, long totalLockWaitTime) {
    requireNonNegative(hitCount, "hitCount");
    requireNonNegative(missCount, "missCount");
    requireNonNegative(putCount, "putCount");
    requireNonNegative(loadSuccessCount, "loadSuccessCount");
    requireNonNegative(loadFailureCount, "loadFailureCount");
    requireNonNegative(totalLoadTime, "totalLoadTime");
    requireNonNegative(bulkLoadSuccessCount, "bulkLoadSuccessCount");
    requireNonNegative(bulkLoadFailureCount, "bulkLoadFailureCount");
    requireNonNegative(refreshSuccessCount, "refreshSuccessCount");
    requireNonNegative(refreshFailureCount, "refreshFailureCount");
    requireNonNegative(evictionCount, "evictionCount");
    requireNonNegative(evictionWeight, "evictionWeight");
    requireNonNegative(expirationCount, "expirationCount");
    requireNonNegative(scanCount, "scanCount");
    requireNonNegative(maxScanPerEviction, "maxScanPerEviction");
    requireNonNegative(lockWaitCount, "lockWaitCount");
    requireNonNegative(totalLockWaitTime, "totalLockWaitTime");
    if (expirationCount > evictionCount) {
      throw new IllegalArgumentException("expirationCount must not exceed evictionCount, which includes it, but was "
          + expirationCount + " > " + evictionCount);
    }
    return new CacheStats(hitCount, missCount, putCount, loadSuccessCount, loadFailureCount, totalLoadTime,
        bulkLoadSuccessCount, bulkLoadFailureCount, refreshSuccessCount, refreshFailureCount, evictionCount,
        evictionWeight, expirationCount, scanCount, maxScanPerEviction, lockWaitCount, totalLockWaitTime);
  }

  /**
   * Returns statistics in which every count is zero, as Caffeine's {@code CacheStats.empty()}.
   *
   * @return the statistics of a cache that has done nothing
   */
  public static CacheStats empty() {
    return EMPTY;
  }

  /**
   * Returns the sum of these statistics and {@code other}, count by count, as Caffeine's {@code plus}; a sum that
   * overflows is {@link Long#MAX_VALUE}. {@link #maxScanPerEviction()} is the larger of the two, being a maximum.
   *
   * @param other the statistics to add
   * @return the sum
   * @throws NullPointerException if {@code other} is null
   */
  public CacheStats plus(CacheStats other) {
    requireNonNull(other, "other");
    return new CacheStats(saturatedAdd(hitCount, other.hitCount), saturatedAdd(missCount, other.missCount),
        saturatedAdd(putCount, other.putCount), saturatedAdd(loadSuccessCount, other.loadSuccessCount),
        saturatedAdd(loadFailureCount, other.loadFailureCount), saturatedAdd(totalLoadTime, other.totalLoadTime),
        saturatedAdd(bulkLoadSuccessCount, other.bulkLoadSuccessCount),
        saturatedAdd(bulkLoadFailureCount, other.bulkLoadFailureCount),
        saturatedAdd(refreshSuccessCount, other.refreshSuccessCount),
        saturatedAdd(refreshFailureCount, other.refreshFailureCount),
        saturatedAdd(evictionCount, other.evictionCount), saturatedAdd(evictionWeight, other.evictionWeight),
        saturatedAdd(expirationCount, other.expirationCount), saturatedAdd(scanCount, other.scanCount),
        Math.max(maxScanPerEviction, other.maxScanPerEviction), saturatedAdd(lockWaitCount, other.lockWaitCount),
        saturatedAdd(totalLockWaitTime, other.totalLockWaitTime));
  }

  /**
   * Returns these statistics less {@code other}, count by count, each at least zero, as Caffeine's {@code minus}:
   * the activity between an earlier snapshot ({@code other}) and this one. {@link #maxScanPerEviction()} is this
   * one's, since a maximum cannot be subtracted; {@link #expirationCount()} is at most {@link #evictionCount()}.
   *
   * @param other the statistics to subtract, usually an earlier snapshot of the same cache
   * @return the difference
   * @throws NullPointerException if {@code other} is null
   */
  public CacheStats minus(CacheStats other) {
    requireNonNull(other, "other");
    long evictions = Math.max(0, evictionCount - other.evictionCount);
    return new CacheStats(Math.max(0, hitCount - other.hitCount), Math.max(0, missCount - other.missCount),
        Math.max(0, putCount - other.putCount), Math.max(0, loadSuccessCount - other.loadSuccessCount),
        Math.max(0, loadFailureCount - other.loadFailureCount), Math.max(0, totalLoadTime - other.totalLoadTime),
        Math.max(0, bulkLoadSuccessCount - other.bulkLoadSuccessCount),
        Math.max(0, bulkLoadFailureCount - other.bulkLoadFailureCount),
        Math.max(0, refreshSuccessCount - other.refreshSuccessCount),
        Math.max(0, refreshFailureCount - other.refreshFailureCount), evictions,
        Math.max(0, evictionWeight - other.evictionWeight),
        Math.min(evictions, Math.max(0, expirationCount - other.expirationCount)),
        Math.max(0, scanCount - other.scanCount), maxScanPerEviction,
        Math.max(0, lockWaitCount - other.lockWaitCount), Math.max(0, totalLockWaitTime - other.totalLockWaitTime));
  }

  private static long saturatedAdd(long first, long second) {
    long sum = first + second;
    return ((first ^ sum) & (second ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }

  private static void requireNonNegative(long count, String name) {
    if (count < 0) {
      throw new IllegalArgumentException(name + " must not be negative but was " + count);
    }
  }

  /** {@return lookups through {@code getIfPresent}, {@code getAllPresent} or {@code get} that found a value} */
  public long hitCount() {
    return hitCount;
  }

  /** {@return lookups through {@code getIfPresent}, {@code getAllPresent} or {@code get} that found no value} */
  public long missCount() {
    return missCount;
  }

  /** {@return {@code hitCount() + missCount()}} */
  public long requestCount() {
    return hitCount + missCount;
  }

  /** {@return the fraction of requests that hit, or 1.0 when there were no requests (as in Caffeine)} */
  public double hitRate() {
    long requests = requestCount();
    return requests == 0 ? 1.0 : (double) hitCount / requests;
  }

  /** {@return the fraction of requests that missed, or 0.0 when there were no requests} */
  public double missRate() {
    long requests = requestCount();
    return requests == 0 ? 0.0 : (double) missCount / requests;
  }

  /** {@return values stored by {@code put}, {@code putAll} and the writing methods of {@code asMap()}} */
  public long putCount() {
    return putCount;
  }

  /**
   * {@return loads that returned a value: single-key loads, each call of a bulk loader that returned a map (one load,
   * however many keys), and reloads of a refresh that returned a value}
   */
  public long loadSuccessCount() {
    return loadSuccessCount;
  }

  /** {@return loads that threw or returned {@code null}, counted as {@link #loadSuccessCount()} counts them} */
  public long loadFailureCount() {
    return loadFailureCount;
  }

  /** {@return {@code loadSuccessCount() + loadFailureCount()}} */
  public long loadCount() {
    return loadSuccessCount + loadFailureCount;
  }

  /** {@return nanoseconds spent in loaders, successful or not} */
  public long totalLoadTime() {
    return totalLoadTime;
  }

  /**
   * {@return calls of a bulk loader ({@code getAll}) that returned a valid map; each also counts as one load success}
   */
  public long bulkLoadSuccessCount() {
    return bulkLoadSuccessCount;
  }

  /**
   * {@return calls of a bulk loader that threw, or returned {@code null} or a map with a {@code null} key or value;
   * each also counts as one load failure}
   */
  public long bulkLoadFailureCount() {
    return bulkLoadFailureCount;
  }

  /**
   * {@return reloads for a refresh ({@code refreshAfterWrite} or {@code refresh}) that returned, with a value or with
   * {@code null} (which removes the entry)}
   */
  public long refreshSuccessCount() {
    return refreshSuccessCount;
  }

  /** {@return reloads for a refresh that threw; the old value was kept, and the failure logged} */
  public long refreshFailureCount() {
    return refreshFailureCount;
  }

  /** {@return {@code loadFailureCount() / loadCount()}, or 0.0 before the first load (as in Caffeine)} */
  public double loadFailureRate() {
    long loads = loadCount();
    return loads == 0 ? 0.0 : (double) loadFailureCount / loads;
  }

  /** {@return {@code totalLoadTime() / loadCount()} in nanoseconds, or 0.0 before the first load} */
  public double averageLoadPenalty() {
    long loads = loadCount();
    return loads == 0 ? 0.0 : (double) totalLoadTime / loads;
  }

  /**
   * {@return entries the policy removed, as Caffeine counts them: those evicted for size and those removed because
   * they had expired ({@link #expirationCount()}), that is every removal whose {@link RemovalCause#wasEvicted()}.
   * An entry evicted for size is reported to the removal listener with {@link RemovalCause#SIZE}, except a load in
   * flight evicted because every entry examined was one: that is reported when its value arrives, and not at all
   * if its loader fails or returns {@code null}}
   */
  public long evictionCount() {
    return evictionCount;
  }

  /**
   * {@return the weight of the entries evicted, as the cache's {@link Weigher} weighed them when they left: the sum
   * over the entries {@link #evictionCount()} counts, expired ones included. In a cache without a weigher every
   * entry weighs one, so this equals {@link #evictionCount()}}
   */
  public long evictionWeight() {
    return evictionWeight;
  }

  /**
   * {@return entries removed because they had expired, each reported to the removal listener with
   * {@link RemovalCause#EXPIRED}; counted when removed, as evictions are, not when a read first finds one
   * expired. A part of {@link #evictionCount()}, as in Caffeine, which has no count of its own for them. Always 0
   * for a cache without expiry}
   */
  public long expirationCount() {
    return expirationCount;
  }

  /**
   * {@return entries examined by both hands, summed over all evictions. An insert into a cache with room evicts
   * nothing but may still run the hot hand to promote a returning key; that work has the same bound and is not
   * counted. An entry evicted without a scan (heavier than the whole cache, or evicted to keep a weighted cache's
   * overshoot bound, see {@link CacheBuilder#maximumWeight}) counts as an eviction that examined nothing}
   */
  public long scanCount() {
    return scanCount;
  }

  /**
   * {@return the most entries examined by any single eviction, to evict and to make room for a promotion; never
   * above the scan limit ({@link Policy#scanLimit()}). An operation of a weighted cache may evict several entries,
   * each with its own scan: see {@link CacheBuilder#maximumWeight}}
   */
  public int maxScanPerEviction() {
    return maxScanPerEviction;
  }

  /**
   * {@return {@code scanCount()} per eviction for size ({@code evictionCount() - expirationCount()}), or 0.0 before
   * the first; expirations examine no entry}
   */
  public double averageScanPerEviction() {
    long forSize = evictionCount - expirationCount;
    return forSize == 0 ? 0.0 : (double) scanCount / forSize;
  }

  /**
   * {@return acquisitions of the eviction lock that found it held and waited for it. Every insert, removal and eviction
   * takes that lock; hits and statistics never do. Together with {@link #totalLockWaitTime()}, this shows how much
   * writers contend: on a read-through workload, compare it with {@link #missCount()}}
   */
  public long lockWaitCount() {
    return lockWaitCount;
  }

  /**
   * {@return nanoseconds the acquisitions counted by {@link #lockWaitCount()} waited, in total. Wall time: a wait
   * during which the JVM stopped every thread, for a garbage collection for example, counts that pause too}
   */
  public long totalLockWaitTime() {
    return totalLockWaitTime;
  }

  /** {@return whether {@code other} is a {@code CacheStats} with the same counts} */
  @Override
  public boolean equals(Object other) {
    return other instanceof CacheStats that && Arrays.equals(counts(), that.counts());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(counts());
  }

  private long[] counts() {
    return new long[] {hitCount, missCount, putCount, loadSuccessCount, loadFailureCount, totalLoadTime,
        bulkLoadSuccessCount, bulkLoadFailureCount, refreshSuccessCount, refreshFailureCount, evictionCount,
        evictionWeight, expirationCount, scanCount, maxScanPerEviction, lockWaitCount, totalLockWaitTime};
  }

  @Override
  public String toString() {
    return "CacheStats{hitCount=" + hitCount + ", missCount=" + missCount + ", putCount=" + putCount
        + ", loadSuccessCount=" + loadSuccessCount + ", loadFailureCount=" + loadFailureCount
        + ", totalLoadTime=" + totalLoadTime + ", bulkLoadSuccessCount=" + bulkLoadSuccessCount
        + ", bulkLoadFailureCount=" + bulkLoadFailureCount + ", refreshSuccessCount=" + refreshSuccessCount
        + ", refreshFailureCount=" + refreshFailureCount + ", evictionCount=" + evictionCount + ", evictionWeight="
        + evictionWeight + ", expirationCount=" + expirationCount + ", scanCount=" + scanCount
        + ", maxScanPerEviction=" + maxScanPerEviction + ", lockWaitCount=" + lockWaitCount
        + ", totalLockWaitTime=" + totalLockWaitTime + "}";
  }
}
