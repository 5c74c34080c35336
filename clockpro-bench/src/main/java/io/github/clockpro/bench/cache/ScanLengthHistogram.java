package io.github.clockpro.bench.cache;

import io.github.clockpro.CacheStats;
import io.github.clockpro.EvictionObserver;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The distribution of entries examined per eviction of a {@code ClockProCache}: an exact count for each length
 * from 1 to the cache's scan limit. Register it with {@code ClockProCache.addEvictionObserver}, or take the
 * difference of two snapshots of the cache's statistics with {@link #between}.
 *
 * <p>Thread-safe: counts are atomic, so concurrent evictions are all counted.
 */
public final class ScanLengthHistogram implements EvictionObserver {

  /** The largest scan limit for which the statistics count every length one by one. */
  public static final int MAXIMUM_SCAN_LIMIT_BETWEEN = 1024;

  private final AtomicLongArray counts;
  private final LongAdder limitReached = new LongAdder();

  /**
   * @param scanLimit the cache's {@code maximumScanPerEviction()}, at least 1
   */
  public ScanLengthHistogram(int scanLimit) {
    if (scanLimit < 1) {
      throw new IllegalArgumentException("scanLimit must be at least 1 but was " + scanLimit);
    }
    this.counts = new AtomicLongArray(scanLimit + 1);
  }

  /**
   * Returns the distribution of the evictions a cache made between two snapshots of its statistics, from their
   * cumulative counts by length ({@link CacheStats#evictionCountAtMost}), which are exact for every length up to
   * 1,024; no observer needed.
   *
   * @param before the earlier snapshot
   * @param after a later snapshot of the same cache
   * @param scanLimit the cache's {@code maximumScanPerEviction()}, from 1 to {@value #MAXIMUM_SCAN_LIMIT_BETWEEN}
   * @return a new histogram holding the difference
   * @throws IllegalArgumentException if {@code scanLimit} is out of that range, or a count in {@code after} is
   *     below the same count in {@code before}
   */
  public static ScanLengthHistogram between(CacheStats before, CacheStats after, int scanLimit) {
    if (scanLimit > MAXIMUM_SCAN_LIMIT_BETWEEN) {
      throw new IllegalArgumentException(
          "scanLimit must be at most " + MAXIMUM_SCAN_LIMIT_BETWEEN + " but was " + scanLimit);
    }
    ScanLengthHistogram histogram = new ScanLengthHistogram(scanLimit);
    long previous = 0;
    for (int length = 0; length <= scanLimit; length++) {
      long atMost = difference(before.evictionCountAtMost(length), after.evictionCountAtMost(length));
      histogram.counts.set(length, atMost - previous);
      previous = atMost;
    }
    histogram.limitReached.add(difference(before.scanLimitReachedCount(), after.scanLimitReachedCount()));
    return histogram;
  }

  private static long difference(long before, long after) {
    if (after < before) {
      throw new IllegalArgumentException("after must be a later snapshot than before: " + after + " < " + before);
    }
    return after - before;
  }

  @Override
  public void onEviction(int entriesExamined, boolean reachedLimit) {
    counts.incrementAndGet(Math.min(entriesExamined, counts.length() - 1));
    if (reachedLimit) {
      limitReached.increment();
    }
  }

  /** Returns the largest length this histogram can hold: the scan limit. */
  public int scanLimit() {
    return counts.length() - 1;
  }

  /** Returns the evictions that examined exactly {@code length} entries. */
  public long count(int length) {
    return counts.get(length);
  }

  /** Returns the number of evictions recorded. */
  public long total() {
    long total = 0;
    for (int length = 0; length < counts.length(); length++) {
      total += counts.get(length);
    }
    return total;
  }

  /** Returns the evictions that stopped at the scan limit. */
  public long limitReachedCount() {
    return limitReached.sum();
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
    for (int length = 0; length < counts.length(); length++) {
      seen += counts.get(length);
      if (seen >= needed) {
        return length;
      }
    }
    return scanLimit();
  }

  /** Returns the longest scan recorded, or 0. */
  public int maximum() {
    for (int length = counts.length() - 1; length >= 0; length--) {
      if (counts.get(length) > 0) {
        return length;
      }
    }
    return 0;
  }

  /** Returns the mean length, or 0.0 if nothing was recorded. */
  public double mean() {
    long total = 0;
    long sum = 0;
    for (int length = 0; length < counts.length(); length++) {
      total += counts.get(length);
      sum += length * counts.get(length);
    }
    return total == 0 ? 0.0 : (double) sum / total;
  }
}
