package io.github.clockpro.engine;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The per-operation work stays under the scan limit at every size, for the pattern that drives cache2k 2.6.1 to
 * examine nearly the whole cache in one put, and for uniform random keys.
 */
class ScanBoundTest {

  private static ClockProCache<Long, Long> newCache(int size) {
    return ClockProCache.builder().maximumSize(size).initialCapacity(size).build();
  }

  /** Fill, remove most entries, refill with new keys, read every key once, then insert. */
  @ParameterizedTest
  @ValueSource(ints = {10_000, 100_000, 1_000_000})
  void shouldStayUnderTheLimitForRefillThenTouchEverything(int size) {
    ClockProCache<Long, Long> cache = newCache(size);
    long key = 0;
    for (int i = 0; i < size; i++) {
      cache.put(key, key);
      key++;
    }
    for (long removed = 0; removed < size - size / 100; removed++) {
      cache.invalidate(removed);
    }
    while (cache.size() < size) {
      cache.put(key, key);
      key++;
    }
    for (Long resident : cache.asMap().keySet()) {
      cache.getIfPresent(resident);
    }
    for (int i = 0; i < 1000; i++) {
      cache.put(key, key);
      key++;
    }
    CacheStats stats = cache.stats();
    assertTrue(stats.evictionCount() >= 1000, stats.toString());
    assertTrue(stats.maxScanPerEviction() <= cache.policy().scanLimit(), stats.toString());
    assertEquals(stats.evictionCount(), cache.policy().evictionCountAtMost(cache.policy().scanLimit()));
    assertEquals(size, cache.size());
  }

  @ParameterizedTest
  @ValueSource(ints = {10_000, 100_000, 1_000_000})
  void shouldStayUnderTheLimitForUniformRandomKeys(int size) {
    ClockProCache<Long, Long> cache = newCache(size);
    SplittableRandom random = new SplittableRandom(size);
    long keySpace = size * 2L;
    for (int i = 0; i < size * 4; i++) {
      long key = random.nextLong(keySpace);
      if (cache.getIfPresent(key) == null) {
        cache.put(key, key);
      }
    }
    CacheStats stats = cache.stats();
    assertTrue(stats.evictionCount() > size, stats.toString());
    assertTrue(stats.maxScanPerEviction() <= cache.policy().scanLimit(), stats.toString());
    assertEquals(stats.evictionCount(), cache.policy().evictionCountAtMost(cache.policy().scanLimit()));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 5})
  void shouldHonourASmallLimit(int limit) {
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(1000).scanLimit(limit).build();
    SplittableRandom random = new SplittableRandom(limit);
    for (int i = 0; i < 50_000; i++) {
      long key = random.nextLong(3000);
      if (cache.getIfPresent(key) == null) {
        cache.put(key, key);
      }
      if (i % 7 == 0) {
        cache.getIfPresent(random.nextLong(3000));
      }
    }
    assertTrue(cache.stats().maxScanPerEviction() <= limit, cache.stats().toString());
    assertEquals(java.util.List.of(), EngineAccess.checkInvariants(cache));
  }
}
