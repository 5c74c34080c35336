package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CacheStats#scanLengthCount} counts every eviction under the length the eviction observer is told, on a
 * workload whose scans run from one entry up to the scan limit.
 */
class ScanLengthCountTest {

  private static final int SCAN_LIMIT = 16;

  @Test
  void shouldCountEachEvictionUnderTheLengthTheObserverSees() {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(500).maximumScanPerEviction(SCAN_LIMIT).build();
    long[] observed = new long[SCAN_LIMIT + 1];
    cache.addEvictionObserver((examined, reachedLimit) -> observed[examined]++);
    SplittableRandom random = new SplittableRandom(7);
    for (int step = 0; step < 200_000; step++) {
      // a popular loop that fits, read often, so that the hands find referenced entries, plus a scan of new keys
      long key = random.nextInt(4) == 0 ? 1_000_000 + step : random.nextInt(450);
      cache.get(key, k -> k);
    }
    CacheStats stats = cache.stats();
    long evictions = 0;
    long entries = 0;
    int lengthsSeen = 0;
    for (int length = 0; length <= SCAN_LIMIT; length++) {
      assertEquals(observed[length], stats.scanLengthCount(length), "length " + length);
      evictions += observed[length];
      entries += length * observed[length];
      lengthsSeen += observed[length] > 0 ? 1 : 0;
    }
    assertEquals(0, stats.scanLengthCount(0));
    assertEquals(0, stats.scanLengthCount(SCAN_LIMIT + 1));
    assertEquals(0, stats.scanLengthCount(Integer.MAX_VALUE));
    assertEquals(stats.evictionCount(), evictions);
    assertEquals(stats.scanCount(), entries);
    assertTrue(lengthsSeen >= 3, "the workload should produce scans of several lengths: " + lengthsSeen);
    assertEquals(List.of(), cache.checkInvariants());
  }

  @Test
  void shouldRejectANegativeLength() {
    CacheStats stats = ClockProCache.builder().maximumSize(10).build().stats();
    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> stats.scanLengthCount(-1));
    assertTrue(thrown.getMessage().contains("entriesExamined"), thrown.getMessage());
  }
}
