package io.github.clockpro.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.ClockProAdapter.PolicySnapshot;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A histogram taken from two snapshots of a cache's policy holds exactly the scans recorded between them, one per
 * operation that evicted, from the change in the cache's statistics (an operation evicts at most one entry).
 */
class ScanLengthHistogramTest {

  private static final int SCAN_LIMIT = 8;

  @Test
  void shouldHoldBetweenTwoSnapshotsTheScansRecordedMeanwhile() {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(200).scanLimit(SCAN_LIMIT).build();
    SplittableRandom random = new SplittableRandom(3);
    replay(cache, random, 20_000, new long[SCAN_LIMIT + 1]);
    PolicySnapshot before = ClockProAdapter.policy(cache);
    long limitReachedBefore = cache.policy().scanLimitReachedCount();
    long[] observed = new long[SCAN_LIMIT + 1];
    replay(cache, random, 20_000, observed);
    ScanLengthHistogram between = ScanLengthHistogram.between(before, ClockProAdapter.policy(cache));
    long total = 0;
    int longest = 0;
    for (int length = 0; length <= SCAN_LIMIT; length++) {
      assertEquals(observed[length], between.count(length), "length " + length);
      total += observed[length];
      longest = observed[length] > 0 ? length : longest;
    }
    assertEquals(total, between.total());
    assertEquals(longest, between.maximum());
    assertEquals(cache.policy().scanLimitReachedCount() - limitReachedBefore, between.limitReachedCount());
  }

  @Test
  void shouldHoldEveryEvictionSinceCreationGivenOneSnapshot() {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(200).scanLimit(SCAN_LIMIT).build();
    long[] observed = new long[SCAN_LIMIT + 1];
    replay(cache, new SplittableRandom(7), 20_000, observed);
    ScanLengthHistogram all = ScanLengthHistogram.of(ClockProAdapter.policy(cache));
    for (int length = 0; length <= SCAN_LIMIT; length++) {
      assertEquals(observed[length], all.count(length), "length " + length);
    }
    assertEquals(cache.stats().evictionCount(), all.total());
    assertEquals(SCAN_LIMIT, all.scanLimit());
  }

  @Test
  void shouldRejectSnapshotsInTheWrongOrder() {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(10).scanLimit(SCAN_LIMIT).build();
    PolicySnapshot before = ClockProAdapter.policy(cache);
    replay(cache, new SplittableRandom(5), 1_000, new long[SCAN_LIMIT + 1]);
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
        () -> ScanLengthHistogram.between(ClockProAdapter.policy(cache), before));
    assertEquals(true, thrown.getMessage().contains("after"), thrown.getMessage());
  }

  @Test
  void shouldRejectALimitAboveTheLengthsTheCacheCountsOneByOne() {
    PolicySnapshot snapshot = new PolicySnapshot(new long[ScanLengthHistogram.MAXIMUM_SCAN_LIMIT + 2], 0, 0, 0, 0);
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
        () -> ScanLengthHistogram.of(snapshot));
    assertEquals(true, thrown.getMessage().contains("scan limit"), thrown.getMessage());
  }

  /** Replays read-through requests, counting each eviction under its length in {@code observed}. */
  private static void replay(ClockProCache<Long, Long> cache, SplittableRandom random, int requests,
      long[] observed) {
    for (int i = 0; i < requests; i++) {
      long key = random.nextInt(4) == 0 ? random.nextLong(1_000_000) : random.nextInt(180);
      CacheStats before = cache.stats();
      cache.get(key, k -> k);
      CacheStats after = cache.stats();
      long evicted = after.evictionCount() - before.evictionCount();
      assertTrue(evicted <= 1, "an operation evicts at most one entry");
      if (evicted == 1) {
        observed[(int) (after.scanCount() - before.scanCount())]++;
      }
    }
  }
}
