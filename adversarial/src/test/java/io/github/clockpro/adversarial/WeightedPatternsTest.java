package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Adversarial patterns for a cache bounded by weight: one huge entry among small ones, weights that flip, and a
 * storm of resizes. Each operation must evict at most {@link CacheBuilder#MAXIMUM_EVICTIONS_PER_OPERATION} other
 * entries (plus, at most, the one it wrote), with no eviction examining more than the scan limit; the resident
 * weight stays within its bound while running and within the maximum after {@code cleanUp()}.
 */
class WeightedPatternsTest {

  private static final long MAXIMUM_WEIGHT = 100_000;

  /** Evictions reported since the last {@link #takeEvictions()}. */
  private final AtomicInteger evictions = new AtomicInteger();
  private int mostEvictionsInOneOperation;

  private ClockProCache<Long, Integer> newCache() {
    return ClockProCache.builder().maximumWeight(MAXIMUM_WEIGHT).weigher((Long key, Integer value) -> value)
        .removalListener((Long key, Integer value, RemovalCause cause) -> {
          if (cause == RemovalCause.SIZE) {
            evictions.incrementAndGet();
          }
        }).build();
  }

  /** Runs one operation's bookkeeping: the most evictions one operation caused so far. */
  private void afterOperation(ClockProCache<Long, Integer> cache, long bound) {
    mostEvictionsInOneOperation = Math.max(mostEvictionsInOneOperation, evictions.getAndSet(0));
    long weight = cache.policy().weightedSize().orElseThrow();
    assertTrue(weight <= bound, () -> "resident weight " + weight + " above " + bound);
  }

  private void assertBounded(ClockProCache<Long, Integer> cache) {
    assertTrue(mostEvictionsInOneOperation <= CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION + 1,
        () -> "one operation evicted " + mostEvictionsInOneOperation);
    assertTrue(cache.stats().maxScanPerEviction() <= cache.policy().scanLimit(), cache.stats()::toString);
    cache.cleanUp();
    assertTrue(cache.policy().weightedSize().orElseThrow() <= cache.policy().maximum());
  }

  @Test
  void oneHugeEntryAmongSmallOnesShouldEvictABoundedNumberPerOperation() {
    ClockProCache<Long, Integer> cache = newCache();
    for (long key = 0; key < 200_000; key++) {
      cache.put(key, key % 1_000 == 0 ? 90_000 : 1);
      afterOperation(cache, 2 * MAXIMUM_WEIGHT);
    }
    assertBounded(cache);
  }

  @Test
  void weightsThatFlipShouldKeepTheBound() {
    ClockProCache<Long, Integer> cache = newCache();
    SplittableRandom random = new SplittableRandom(3);
    for (int step = 0; step < 300_000; step++) {
      long key = random.nextInt(2_000);
      boolean heavy = (step / 10_000) % 2 == 0 ? key % 2 == 0 : key % 2 == 1; // the heavy half flips
      cache.put(key, heavy ? 500 + random.nextInt(500) : 1 + random.nextInt(10));
      afterOperation(cache, 2 * MAXIMUM_WEIGHT);
    }
    assertBounded(cache);
  }

  @Test
  void aResizeStormShouldKeepTheBoundOfEachOperation() {
    ClockProCache<Long, Integer> cache = newCache();
    SplittableRandom random = new SplittableRandom(5);
    long ceiling = 2 * MAXIMUM_WEIGHT;
    for (int step = 0; step < 200_000; step++) {
      if (step % 100 == 0) {
        long weight = cache.policy().weightedSize().orElseThrow();
        long maximum = 1 + random.nextInt(200_000);
        cache.policy().setMaximum(maximum);
        ceiling = Math.max(2 * maximum, weight); // a shrink may leave what the cache held, repaid later
        afterOperation(cache, ceiling);
      }
      cache.put((long) random.nextInt(50_000), 1 + random.nextInt(100));
      long weight = cache.policy().weightedSize().orElseThrow();
      ceiling = Math.max(2 * cache.policy().maximum(), Math.min(ceiling, weight));
      afterOperation(cache, ceiling);
    }
    assertBounded(cache);
  }
}
