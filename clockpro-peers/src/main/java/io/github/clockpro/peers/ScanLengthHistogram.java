package io.github.clockpro.peers;

import io.github.clockpro.peers.ClockProAdapter.PolicySnapshot;
import java.util.Arrays;

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
  private final long total;
  private final long limitReached;

  private ScanLengthHistogram(long[] counts, long limitReached) {
    this.counts = counts;
    this.total = Arrays.stream(counts).sum();
    this.limitReached = limitReached;
  }

  /** Returns the distribution of every eviction the cache made up to the snapshot. */
  public static ScanLengthHistogram of(PolicySnapshot snapshot) {
    return between(new PolicySnapshot(new long[snapshot.evictionCountAtMost().length], 0, 0, 0, 0), snapshot);
  }

  /**
   * Returns the distribution of the evictions a cache made between two snapshots of its policy.
   *
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
      long atMost = difference(before.evictionCountAtMost()[length], after.evictionCountAtMost()[length]);
      counts[length] = atMost - previous;
      previous = atMost;
    }
    return new ScanLengthHistogram(counts,
        difference(before.scanLimitReachedCount(), after.scanLimitReachedCount()));
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
    return total;
  }

  /** Returns the evictions that stopped at the scan limit. */
  public long limitReachedCount() {
    return limitReached;
  }

  /** Returns the smallest length that at least {@code fraction} of the evictions did not exceed; 0 for none. */
  public int percentile(double fraction) {
    long needed = Math.max(1, (long) Math.ceil(fraction * total));
    long seen = 0;
    for (int length = 0; length < counts.length; length++) {
      seen += counts[length];
      if (seen >= needed) {
        return length;
      }
    }
    return 0;
  }

  /** Returns the longest scan recorded, or 0. */
  public int maximum() {
    int length = counts.length - 1;
    while (length > 0 && counts[length] == 0) {
      length--;
    }
    return length;
  }

  /** Returns the mean length, or 0.0 if nothing was recorded. */
  public double mean() {
    long sum = 0;
    for (int length = 0; length < counts.length; length++) {
      sum += length * counts[length];
    }
    return total == 0 ? 0.0 : (double) sum / total;
  }
}
