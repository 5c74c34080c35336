package io.github.clockpro.engine;

import io.github.clockpro.CacheStats;
import io.github.clockpro.Policy;
import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The statistics count every eviction under the length the eviction observer is told
 * ({@link Policy#evictionCountAtMost}), and {@link ScanLengths} keeps its promised exactness for any limit.
 */
class ScanLengthsTest {

  private static final int SCAN_LIMIT = 16;

  @Test
  void shouldCountEachEvictionUnderItsScanLength() {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(500).scanLimit(SCAN_LIMIT).build();
    SplittableRandom random = new SplittableRandom(7);
    for (int step = 0; step < 200_000; step++) {
      // a popular set that fits, read often, so that the hands find referenced entries, and new keys besides
      long key = random.nextInt(4) == 0 ? 1_000_000 + step : random.nextInt(450);
      cache.get(key, k -> k);
    }
    CacheStats stats = cache.stats();
    int lengthsSeen = 0;
    long entries = 0;
    for (int length = 1; length <= SCAN_LIMIT; length++) {
      long ofLength = cache.policy().evictionCountAtMost(length) - cache.policy().evictionCountAtMost(length - 1);
      assertTrue(ofLength >= 0, "length " + length);
      entries += length * ofLength;
      lengthsSeen += ofLength > 0 ? 1 : 0;
    }
    assertEquals(stats.scanCount(), entries, "the lengths sum to the entries examined");
    assertEquals(0, cache.policy().evictionCountAtMost(0));
    assertEquals(stats.evictionCount(), cache.policy().evictionCountAtMost(SCAN_LIMIT + 1));
    assertEquals(stats.evictionCount(), cache.policy().evictionCountAtMost(Integer.MAX_VALUE));
    assertTrue(lengthsSeen >= 3, "the workload should produce scans of several lengths: " + lengthsSeen);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldRejectANegativeLength() {
    Policy<Object, Object> policy = ClockProCache.builder().maximumSize(10).build().policy();
    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> policy.evictionCountAtMost(-1));
    assertTrue(thrown.getMessage().contains("entriesExamined"), thrown.getMessage());
  }

  @Test
  void shouldCountLongScansPerPowerOfTwoAndTheLimitExactlyWhateverTheLimit() {
    ScanLengths lengths = new ScanLengths(Integer.MAX_VALUE);
    int[] scans = {1, 1, 5, ScanLengths.EXACT_LENGTHS, ScanLengths.EXACT_LENGTHS + 1, 2048, 2049, 1 << 30,
        Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    for (int scan : scans) {
      lengths.record(scan);
    }
    assertEquals(0, lengths.atMost(0));
    assertEquals(2, lengths.atMost(4));
    assertEquals(3, lengths.atMost(5));
    assertEquals(4, lengths.atMost(ScanLengths.EXACT_LENGTHS));
    assertEquals(4, lengths.atMost(2047), "1025 is counted with the scans up to 2048");
    assertEquals(6, lengths.atMost(2048));
    assertEquals(6, lengths.atMost(4095), "2049 is counted with the scans up to 4096");
    assertEquals(8, lengths.atMost(1 << 30), "2049 and 2^30 are counted at their powers of two");
    assertEquals(scans.length - 1, lengths.atMost(Integer.MAX_VALUE - 1), "all but the one at the limit");
    assertEquals(scans.length, lengths.atMost(Integer.MAX_VALUE));
    assertEquals(scans.length, lengths.total());
  }

  @Test
  void shouldStayExactAtTheLimitForALimitJustAboveTheExactLengths() {
    int limit = ScanLengths.EXACT_LENGTHS + 10;
    ScanLengths lengths = new ScanLengths(limit);
    lengths.record(limit);
    lengths.record(limit - 1);
    lengths.record(ScanLengths.EXACT_LENGTHS + 1);
    assertEquals(0, lengths.atMost(ScanLengths.EXACT_LENGTHS));
    assertEquals(2, lengths.atMost(limit - 1));
    assertEquals(3, lengths.atMost(limit));
  }

  @Test
  void shouldKeepTheInvariantsOfACacheWithoutAPracticalLimit() {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(200).scanLimit(Integer.MAX_VALUE).build();
    SplittableRandom random = new SplittableRandom(11);
    for (int step = 0; step < 50_000; step++) {
      long key = random.nextInt(3) == 0 ? 1_000_000 + step : random.nextInt(190);
      cache.get(key, k -> k);
    }
    CacheStats stats = cache.stats();
    assertEquals(stats.evictionCount(), cache.policy().evictionCountAtMost(stats.maxScanPerEviction()));
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }
}
