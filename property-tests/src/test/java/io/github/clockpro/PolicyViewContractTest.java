package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ClockProCache#policy()} as {@link Policy} describes it: the bound as built, the figures of a new cache, and
 * after a workload with reuse, every figure within its documented range, consistent with the cache's size and
 * statistics, and moved from its starting value where the workload must move it. Exact values are the reference
 * model's business ({@code model.SyntheticAgreementTest}); these checks hold whatever the tuning.
 */
class PolicyViewContractTest {

  private static final int MAXIMUM = 100;
  private static final int SCAN_LIMIT = 4;

  private final ClockProCache<Long, Long> cache = ClockProCache.builder()
      .maximumSize(MAXIMUM)
      .scanLimit(SCAN_LIMIT)
      .build();
  private final Policy<Long, Long> policy = cache.policy();

  @Test
  void shouldBeTheSameLiveView() {
    assertSame(policy, cache.policy());
    cache.put(1L, 1L);
    assertEquals(1, policy.hotSize() + policy.coldSize(), "live: the insert shows in the view taken before it");
  }

  @Test
  void shouldStartEmptyWithTheBoundAsBuilt() {
    assertEquals(MAXIMUM, policy.maximum());
    assertEquals(SCAN_LIMIT, policy.scanLimit());
    assertEquals(0, policy.hotSize());
    assertEquals(0, policy.coldSize());
    assertEquals(0, policy.historySize());
    assertEquals(MAXIMUM, policy.historyLimit(), "the history starts as long as the paper's");
    assertEquals(MAXIMUM / 100, policy.coldTargetFloor(), "the paper's floor, a hundredth of the maximum");
    assertFalse(policy.carryAllowed(), "a new cache does not carry");
    assertEquals(0, policy.carryLimit());
    assertEquals(0, policy.historyHitCount());
    assertEquals(0, policy.promotionCount());
    assertEquals(0, policy.demotionCount());
    assertEquals(0, policy.scanLimitReachedCount());
    for (int length = 0; length <= SCAN_LIMIT + 1; length++) {
      assertEquals(0, policy.evictionCountAtMost(length));
    }
  }

  @Test
  void shouldKeepEveryFigureInItsRangeAndMoveTheCountsUnderReuse() {
    replaySkewedKeys(20_000);
    assertEquals(MAXIMUM, cache.size());
    assertEquals(cache.size(), policy.hotSize() + policy.coldSize(), "no load in flight: hot + cold = size");
    assertTrue(policy.hotSize() > 0, policy.toString());
    assertTrue(policy.coldSize() > 0, policy.toString());
    assertTrue(policy.coldTarget() >= 1 && policy.coldTarget() <= MAXIMUM, policy.toString());
    assertTrue(policy.coldTargetFloor() == MAXIMUM / 100 || policy.coldTargetFloor() == MAXIMUM / 5,
        "a hundredth or a fifth: " + policy);
    assertTrue(policy.coldTarget() >= policy.coldTargetFloor(), policy.toString());
    assertTrue(policy.promotionThreshold() >= 1 && policy.promotionThreshold() <= 2, policy.toString());
    assertTrue(policy.carryLimit() >= 0, policy.toString());
    assertTrue(policy.historyLimit() >= MAXIMUM / 8 && policy.historyLimit() <= MAXIMUM, policy.toString());
    assertTrue(policy.historySize() > 0 && policy.historySize() <= policy.historyLimit(), policy.toString());
    assertTrue(policy.historyHitCount() > 0, "evicted keys come back within their test period");
    assertTrue(policy.promotionCount() > 0, "cold keys referenced in their test period are promoted");
    assertTrue(policy.demotionCount() > 0, "the hot ring is full, so it demotes");
    assertTrue(policy.scanLimitReachedCount() > 0, "a scan limit of " + SCAN_LIMIT + " is reached under reuse");
    assertTrue(policy.scanLimitReachedCount() <= cache.stats().evictionCount());
  }

  @Test
  void shouldCountEvictionsByScanLengthAsTheStatisticsDo() {
    replaySkewedKeys(20_000);
    CacheStats stats = cache.stats();
    long evictions = stats.evictionCount();
    assertTrue(evictions > 0);
    assertEquals(0, policy.evictionCountAtMost(0), "every eviction examines an entry");
    long previous = 0;
    long weighted = 0;
    for (int length = 1; length <= SCAN_LIMIT; length++) {
      long atMost = policy.evictionCountAtMost(length);
      assertTrue(atMost >= previous, "cumulative");
      weighted += length * (atMost - previous);
      previous = atMost;
    }
    assertEquals(evictions, previous, "every eviction examined at most the limit");
    assertEquals(evictions, policy.evictionCountAtMost(SCAN_LIMIT + 1));
    assertEquals(evictions, policy.evictionCountAtMost(Integer.MAX_VALUE));
    assertEquals(stats.scanCount(), weighted, "the lengths add up to the entries examined");
    assertTrue(policy.evictionCountAtMost(SCAN_LIMIT) - policy.evictionCountAtMost(SCAN_LIMIT - 1)
        >= policy.scanLimitReachedCount(), "an eviction stopped at the limit examined the whole limit");
    assertTrue(policy.evictionCountAtMost(SCAN_LIMIT - 1) < evictions, "some evictions examined the whole limit");
  }

  @Test
  void shouldRejectANegativeScanLengthNamingIt() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> policy.evictionCountAtMost(-1));
    assertEquals("entriesExamined must not be negative but was -1", error.getMessage());
  }

  @Test
  void shouldNameItsFiguresInItsText() {
    replaySkewedKeys(2_000);
    String text = policy.toString();
    List<String> figures = List.of("maximum=" + policy.maximum(), "scanLimit=" + policy.scanLimit(),
        "hotSize=" + policy.hotSize(), "coldSize=" + policy.coldSize(), "coldTarget=" + policy.coldTarget(),
        "promotionThreshold=" + policy.promotionThreshold(), "carryLimit=" + policy.carryLimit(),
        "carryAllowed=" + policy.carryAllowed(), "historySize=" + policy.historySize(),
        "historyLimit=" + policy.historyLimit());
    for (String figure : figures) {
      assertTrue(text.contains(figure), figure + " in " + text);
    }
    String cacheText = cache.toString();
    assertTrue(cacheText.contains("size=" + MAXIMUM), cacheText);
    assertTrue(cacheText.contains(text), cacheText);
    assertTrue(cacheText.contains(cache.stats().toString()), cacheText);
  }

  /**
   * Get-then-put-on-miss: new keys requested three times each, so that they are referenced while cold and in
   * their test period; then keys ten times as many as the cache holds, small keys far more likely than large ones.
   */
  private void replaySkewedKeys(int requests) {
    for (long key = -1; key >= -3 * MAXIMUM; key--) {
      for (int repeat = 0; repeat < 3; repeat++) {
        if (cache.getIfPresent(key) == null) {
          cache.put(key, key);
        }
      }
    }
    SplittableRandom random = new SplittableRandom(MAXIMUM);
    for (int request = 0; request < requests; request++) {
      double uniform = random.nextDouble();
      long key = (long) (10 * MAXIMUM * uniform * uniform * uniform * uniform);
      if (cache.getIfPresent(key) == null) {
        cache.put(key, key);
      }
    }
  }
}
