package io.github.clockpro.bench.cache;

import io.github.clockpro.bench.cache.ClockProAdapter.PolicySnapshot;

/**
 * The distribution of entries examined per eviction of a {@code ClockProCache}, taken from the policy's own
 * counts: an exact count for each length from 0 to the cache's scan limit, for the evictions since the cache was
 * built ({@link #of}) or between two snapshots ({@link #between}). The cache counts every eviction's length under
 * its eviction lock, so nothing needs to watch the evictions as they happen.
 *
 * <p>Immutable.
 */
public final class ScanLengthHistogram {

  /** The largest scan limit for which the cache counts every length one by one. */
  public static final int MAXIMUM_SCAN_LIMIT = 1024;

  /** Evictions by the entries they examined, at indexes 0 to the scan limit. */
  private final long[] counts;
  private final long limitReached;

  private ScanLengthHistogram(long[] counts, long limitReached) {
    this.counts = counts;
    this.limitReached = limitReached;
  }

  /** Returns the distribution of every eviction the cache made up to the snapshot. */
  public static ScanLengthHistogram of(PolicySnapshot snapshot) {
    return between(null, snapshot);
  }

  /**
   * Returns the distribution of the evictions a cache made between two snapshots of its policy.
   *
   * @param before the earlier snapshot, or {@code null} for the cache's creation
   * @param after a later snapshot of the same cache
   * @return a new histogram holding the difference
   * @throws IllegalArgumentException if the scan limit is above {@value #MAXIMUM_SCAN_LIMIT}, or a count in
   *     {@code after} is below the same count in {@code before}
   */
  public static ScanLengthHistogram between(PolicySnapshot before, PolicySnapshot after) {
    int scanLimit = after.evictionCountAtMost().length - 1;
    if (scanLimit > MAXIMUM_SCAN_LIMIT) {
      throw new IllegalArgumentException(
          "the scan limit must be at most " + MAXIMUM_SCAN_LIMIT + " but was " + scanLimit);
    }
    long[] counts = new long[scanLimit + 1];
    long previous = 0;
    for (int length = 0; length <= scanLimit; length++) {
      long atMost = difference(before == null ? 0 : before.evictionCountAtMost()[length],
          after.evictionCountAtMost()[length]);
      counts[length] = atMost - previous;
      previous = atMost;
    }
    long limitReached = difference(before == null ? 0 : before.scanLimitReachedCount(),
        after.scanLimitReachedCount());
    return new ScanLengthHistogram(counts, limitReached);
  }

  private static long difference(long before, long after) {
    if (after < before) {
      throw new IllegalArgumentException("after must be a later snapshot than before: " + after + " < " + before);
    }
    return after - before;
  }

  /** Returns the largest length this histogram can hold: the scan limit. */
  public int scanLimit() {
    return counts.length - 1;
  }

  /** Returns the evictions that examined exactly {@code length} entries. */
  public long count(int length) {
    return counts[length];
  }

  /** Returns the number of evictions recorded. */
  public long total() {
    long total = 0;
    for (long count : counts) {
      total += count;
    }
    return total;
  }

  /** Returns the evictions that stopped at the scan limit. */
  public long limitReachedCount() {
    return limitReached;
  }

  /**
   * Returns the smallest length that at least {@code fraction} of the evictions did not exceed.
   *
   * @param fraction in {@code [0, 1]}
   * @return the percentile, or 0 if nothing was recorded
   */
  public int percentile(double fraction) {
    long total = total();
    if (total == 0) {
      return 0;
    }
    long needed = Math.max(1, (long) Math.ceil(fraction * total));
    long seen = 0;
    for (int length = 0; length < counts.length; length++) {
      seen += counts[length];
      if (seen >= needed) {
        return length;
      }
    }
    return scanLimit();
  }

  /** Returns the longest scan recorded, or 0. */
  public int maximum() {
    for (int length = counts.length - 1; length >= 0; length--) {
      if (counts[length] > 0) {
        return length;
      }
    }
    return 0;
  }

  /** Returns the mean length, or 0.0 if nothing was recorded. */
  public double mean() {
    long total = 0;
    long sum = 0;
    for (int length = 0; length < counts.length; length++) {
      total += counts[length];
      sum += length * counts[length];
    }
    return total == 0 ? 0.0 : (double) sum / total;
  }
}
