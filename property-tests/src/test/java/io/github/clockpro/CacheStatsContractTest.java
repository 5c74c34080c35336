package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CacheStats} as its Javadoc describes it: the counts given, the figures derived, the rejections. */
class CacheStatsContractTest {

  /** The names of {@link CacheStats#of}'s arguments, in order: seventeen counts. */
  private static final List<String> NAMES = List.of("hitCount", "missCount", "putCount", "loadSuccessCount",
      "loadFailureCount", "totalLoadTime", "bulkLoadSuccessCount", "bulkLoadFailureCount", "refreshSuccessCount",
      "refreshFailureCount", "evictionCount", "evictionWeight", "expirationCount", "scanCount", "maxScanPerEviction", "lockWaitCount",
      "totalLockWaitTime");

  /** Counts that differ from each other, so that a figure read from the wrong count shows. */
  private static final long[] COUNTS = {30, 10, 7, 3, 1, 800, 12, 13, 14, 15, 22, 21, 17, 40, 9, 6, 600};

  private static CacheStats of(long... counts) {
    return CacheStats.of(counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], counts[7],
        counts[8], counts[9], counts[10], counts[11], counts[12], counts[13], (int) counts[14], counts[15],
        counts[16]);
  }

  /** Statistics with these hit, miss, load failure and load time counts, and no others. */
  private static CacheStats of(long hits, long misses, long loadFailures, long loadTime) {
    return of(hits, misses, 0, 0, loadFailures, loadTime, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  @Test
  void shouldReturnEachCountGiven() {
    CacheStats stats = of(COUNTS);
    assertEquals(30, stats.hitCount());
    assertEquals(10, stats.missCount());
    assertEquals(7, stats.putCount());
    assertEquals(3, stats.loadSuccessCount());
    assertEquals(1, stats.loadFailureCount());
    assertEquals(800, stats.totalLoadTime());
    assertEquals(12, stats.bulkLoadSuccessCount());
    assertEquals(13, stats.bulkLoadFailureCount());
    assertEquals(14, stats.refreshSuccessCount());
    assertEquals(15, stats.refreshFailureCount());
    assertEquals(22, stats.evictionCount());
    assertEquals(21, stats.evictionWeight());
    assertEquals(17, stats.expirationCount());
    assertEquals(40, stats.scanCount());
    assertEquals(9, stats.maxScanPerEviction());
    assertEquals(6, stats.lockWaitCount());
    assertEquals(600, stats.totalLockWaitTime());
  }

  @Test
  void shouldDeriveTheSumsRatesAndAverages() {
    CacheStats stats = of(COUNTS);
    assertEquals(40, stats.requestCount());
    assertEquals(0.75, stats.hitRate());
    assertEquals(0.25, stats.missRate());
    assertEquals(4, stats.loadCount());
    assertEquals(200.0, stats.averageLoadPenalty());
    assertEquals(8.0, stats.averageScanPerEviction(), "per eviction for size: 40 entries examined, 22 - 17");
    assertEquals(0.25, stats.loadFailureRate());
  }

  @Test
  void shouldAddAndSubtractCountByCountAsCaffeineDoes() {
    CacheStats stats = of(COUNTS);
    long[] doubled = COUNTS.clone();
    for (int index = 0; index < doubled.length; index++) {
      doubled[index] *= 2;
    }
    doubled[14] = COUNTS[14]; // maxScanPerEviction: the larger of the two
    assertEquals(of(doubled), stats.plus(stats));
    assertEquals(of(doubled).hashCode(), stats.plus(stats).hashCode());
    assertEquals(stats, of(doubled).minus(stats));
    long[] maximumOnly = new long[17];
    maximumOnly[14] = COUNTS[14];
    assertEquals(of(maximumOnly), stats.minus(stats), "a maximum is not subtracted");
    assertEquals(stats, stats.plus(CacheStats.empty()));
    assertEquals(0, CacheStats.empty().minus(stats).hitCount(), "never below zero");
    long[] huge = new long[17];
    huge[0] = Long.MAX_VALUE;
    assertEquals(Long.MAX_VALUE, of(huge).plus(stats).hitCount(), "saturates, as Caffeine's plus does");
    assertThrows(NullPointerException.class, () -> stats.plus(null));
    assertThrows(NullPointerException.class, () -> stats.minus(null));
  }

  @Test
  void shouldKeepExpirationsWithinEvictionsWhenSubtracting() {
    long[] later = new long[17];
    later[10] = 5; // evictions
    later[12] = 5; // all of them expirations
    long[] earlier = new long[17];
    earlier[10] = 4;
    CacheStats difference = of(later).minus(of(earlier));
    assertEquals(1, difference.evictionCount());
    assertEquals(1, difference.expirationCount());
  }

  @Test
  void shouldRejectMoreExpirationsThanEvictions() {
    long[] counts = new long[17];
    counts[12] = 1;
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> of(counts));
    assertTrue(thrown.getMessage().contains("expirationCount"), thrown.getMessage());
  }

  @Test
  void shouldGiveTheDocumentedFiguresBeforeAnyRequestLoadOrEviction() {
    CacheStats stats = of(new long[17]);
    assertEquals(0, stats.requestCount());
    assertEquals(1.0, stats.hitRate(), "as in Caffeine");
    assertEquals(0.0, stats.missRate());
    assertEquals(0, stats.loadCount());
    assertEquals(0.0, stats.averageLoadPenalty());
    assertEquals(0.0, stats.averageScanPerEviction());
    assertEquals(0.0, stats.loadFailureRate());
    assertEquals(CacheStats.empty(), stats);
  }

  @Test
  void shouldRateOnlyHitsOrOnlyMisses() {
    CacheStats hitsOnly = of(4, 0, 0, 0);
    assertEquals(1.0, hitsOnly.hitRate());
    assertEquals(0.0, hitsOnly.missRate());
    CacheStats missesOnly = of(0, 4, 0, 0);
    assertEquals(0.0, missesOnly.hitRate());
    assertEquals(1.0, missesOnly.missRate());
    CacheStats failuresOnly = of(0, 0, 2, 50);
    assertEquals(25.0, failuresOnly.averageLoadPenalty());
  }

  @Test
  void shouldRejectEachNegativeCountNamingIt() {
    for (int index = 0; index < NAMES.size(); index++) {
      long[] counts = COUNTS.clone();
      counts[index] = -1;
      IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> of(counts));
      assertEquals(NAMES.get(index) + " must not be negative but was -1", error.getMessage());
    }
  }

  @Test
  void shouldNameEveryCountInItsText() {
    String text = of(COUNTS).toString();
    for (int index = 0; index < NAMES.size(); index++) {
      assertTrue(text.contains(NAMES.get(index) + "=" + COUNTS[index]), text);
    }
    assertTrue(text.startsWith("CacheStats{") && text.endsWith("}"), text);
  }
}
