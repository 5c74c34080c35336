package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 *   <li>One writer: the cache's policy records under the eviction lock, with opaque stores. Readers take no lock
 *       and read with opaque loads (see the package's access-mode rule): a reader racing an eviction may see a
 *       count one step behind another, never a torn one.
 * </ul>
 *
 * <h2>Design</h2>
 * One counter per length is what a histogram needs and costs one increment of a plain array element per
 * eviction, under a lock the eviction holds anyway, and a plain store on x86 (opaque). But the scan limit may be any positive {@code int}, and an
 * array as long as the limit could not even be allocated for the largest. So lengths are counted one by one only
 * up to {@link #EXACT_LENGTHS}, which covers the default limit many times over, and longer ones per power of two
 * (one array of 32 counters). The count at the limit itself is kept apart, so that the evictions that examined
 * the whole limit are always known exactly, whatever the limit.
 */
final class ScanLengths {

  /** Scan lengths up to this are counted one by one. */
  static final int EXACT_LENGTHS = 1024;

  private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle AT_LIMIT;
  private static final VarHandle SCAN_COUNT;
  private static final VarHandle MAX_SCAN_PER_EVICTION;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      AT_LIMIT = lookup.findVarHandle(ScanLengths.class, "atLimit", long.class);
      SCAN_COUNT = lookup.findVarHandle(ScanLengths.class, "scanCount", long.class);
      MAX_SCAN_PER_EVICTION = lookup.findVarHandle(ScanLengths.class, "maxScanPerEviction", int.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

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
  /** Entries examined by every eviction together. */
  private long scanCount;
  /** The most entries one eviction examined. */
  private int maxScanPerEviction;

  /** @param scanLimit the most entries a scan may examine; at least 1 */
  ScanLengths(int scanLimit) {
    this.scanLimit = scanLimit;
    this.byLength = new long[Math.min(scanLimit, EXACT_LENGTHS) + 1];
    this.byPowerOfTwo = new long[scanLimit > EXACT_LENGTHS ? Integer.SIZE : 0];
  }

  /** Counts one scan of {@code examined} entries, from 0 to the limit. */
  void record(int examined) {
    if (examined <= EXACT_LENGTHS) {
      incrementOpaque(byLength, examined);
    } else {
      incrementOpaque(byPowerOfTwo, powerOfTwoAtOrAbove(examined));
    }
    if (examined == scanLimit) {
      AT_LIMIT.setOpaque(this, atLimit + 1);
    }
    SCAN_COUNT.setOpaque(this, scanCount + examined);
    if (examined > maxScanPerEviction) {
      MAX_SCAN_PER_EVICTION.setOpaque(this, examined);
    }
  }

  /** Entries examined by every eviction together. */
  long scanCount() {
    return (long) SCAN_COUNT.getOpaque(this);
  }

  /** The most entries one eviction examined; 0 before the first. */
  int maxScanPerEviction() {
    return (int) MAX_SCAN_PER_EVICTION.getOpaque(this);
  }

  /** Adds one to a count; the caller holds the eviction lock, so the plain read of its own last write is current. */
  private static void incrementOpaque(long[] counts, int index) {
    COUNT.setOpaque(counts, index, counts[index] + 1);
  }

  private static long countOpaque(long[] counts, int index) {
    return (long) COUNT.getOpaque(counts, index);
  }

  /** Returns the scans that examined at most {@code entries} entries; see the class comment for exactness. */
  long atMost(int entries) {
    if (entries >= scanLimit) {
      return total();
    }
    if (entries == scanLimit - 1) {
      return total() - (long) AT_LIMIT.getOpaque(this);
    }
    long scans = 0;
    for (int length = 0; length <= Math.min(entries, byLength.length - 1); length++) {
      scans += countOpaque(byLength, length);
    }
    for (int power = powerOfTwoAtOrAbove(EXACT_LENGTHS + 1); power < byPowerOfTwo.length; power++) {
      if (power == Integer.SIZE - 1 || (1 << power) > entries) {
        break;
      }
      scans += countOpaque(byPowerOfTwo, power);
    }
    return scans;
  }

  /** The evictions counted: every recorded scan, each in exactly one of the two arrays. */
  long total() {
    long scans = 0;
    for (int index = 0; index < byLength.length; index++) {
      scans += countOpaque(byLength, index);
    }
    for (int index = 0; index < byPowerOfTwo.length; index++) {
      scans += countOpaque(byPowerOfTwo, index);
    }
    return scans;
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
