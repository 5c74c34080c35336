package io.github.clockpro;

import java.util.Arrays;

/**
 * The evictions of a cache counted by the number of entries each examined: the distribution of scan lengths.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #atMost(int)} is exact for every length up to {@link #EXACT_LENGTHS}, for the scan limit less one,
 *       and for the scan limit and above. With a scan limit above {@code EXACT_LENGTHS + 1}, the lengths between
 *       are counted per power of two, and {@code atMost(n)} there counts the scans up to the largest power of two
 *       not above {@code n}.
 *   <li>Not thread-safe. The cache's policy records into its own instance under the eviction lock; a
 *       {@link CacheStats} snapshot keeps a {@link #copy()} taken under the same lock.
 * </ul>
 *
 * <h2>Design</h2>
 * One counter per length is what a histogram needs and costs one increment of a plain array element per
 * eviction, under a lock the eviction holds anyway. But the scan limit may be any positive {@code int}, and an
 * array as long as the limit could not even be allocated for the largest. So lengths are counted one by one only
 * up to {@link #EXACT_LENGTHS}, which covers the default limit many times over, and longer ones per power of two
 * (one array of 32 counters). The count at the limit itself is kept apart, so that the evictions that examined
 * the whole limit are always known exactly, whatever the limit.
 */
final class ScanLengths {

  /** Scan lengths up to this are counted one by one. */
  static final int EXACT_LENGTHS = 1024;

  private final int scanLimit;
  /** Element {@code n}: scans of exactly {@code n} entries, for {@code n} up to the limit or EXACT_LENGTHS. */
  private final long[] byLength;
  /**
   * Element {@code k}: scans longer than EXACT_LENGTHS of {@code 2^(k-1) + 1} to {@code 2^k} entries. Empty when the
   * limit is within EXACT_LENGTHS.
   */
  private final long[] byPowerOfTwo;
  /** Scans of exactly the limit. */
  private long atLimit;

  /** @param scanLimit the most entries a scan may examine; at least 1 */
  ScanLengths(int scanLimit) {
    this.scanLimit = scanLimit;
    this.byLength = new long[Math.min(scanLimit, EXACT_LENGTHS) + 1];
    this.byPowerOfTwo = new long[scanLimit > EXACT_LENGTHS ? Integer.SIZE : 0];
  }

  private ScanLengths(ScanLengths original) {
    this.scanLimit = original.scanLimit;
    this.byLength = original.byLength.clone();
    this.byPowerOfTwo = original.byPowerOfTwo.clone();
    this.atLimit = original.atLimit;
  }

  /** Counts one scan of {@code examined} entries, from 0 to the limit. */
  void record(int examined) {
    if (examined <= EXACT_LENGTHS) {
      byLength[examined]++;
    } else {
      byPowerOfTwo[powerOfTwoAtOrAbove(examined)]++;
    }
    if (examined == scanLimit) {
      atLimit++;
    }
  }

  /** Returns the scans that examined at most {@code entries} entries; see the class comment for exactness. */
  long atMost(int entries) {
    if (entries >= scanLimit) {
      return total();
    }
    if (entries == scanLimit - 1) {
      return total() - atLimit;
    }
    long scans = 0;
    for (int length = 0; length <= Math.min(entries, byLength.length - 1); length++) {
      scans += byLength[length];
    }
    for (int power = powerOfTwoAtOrAbove(EXACT_LENGTHS + 1); power < byPowerOfTwo.length; power++) {
      if (power == Integer.SIZE - 1 || (1 << power) > entries) {
        break;
      }
      scans += byPowerOfTwo[power];
    }
    return scans;
  }

  /** Returns the number of scans counted: every one is in exactly one of the two arrays. */
  long total() {
    long scans = 0;
    for (long count : byLength) {
      scans += count;
    }
    for (long count : byPowerOfTwo) {
      scans += count;
    }
    return scans;
  }

  /** Returns an independent copy. */
  ScanLengths copy() {
    return new ScanLengths(this);
  }

  /** The exponent {@code k} of the smallest power of two {@code 2^k} at or above {@code length}; length at least 2. */
  private static int powerOfTwoAtOrAbove(int length) {
    return Integer.SIZE - Integer.numberOfLeadingZeros(length - 1);
  }

  @Override
  public String toString() {
    return "ScanLengths{limit=" + scanLimit + ", total=" + total() + ", atLimit=" + atLimit + ", byLength="
        + Arrays.toString(byLength) + "}";
  }
}
