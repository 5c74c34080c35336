package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.Weigher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The weighted cache's contract (see {@code CacheBuilder.maximumWeight} and {@code Policy.setMaximum}): the bound
 * at quiescence, the bounded excess and work per operation, bad weights, resizing, and weights with loads,
 * computes and expiry. Each test checks the engine's invariants, which include the weight sums and the ceiling.
 */
class WeightTest {

  /** Weighs an {@code Integer} value by itself. */
  private static final Weigher<Long, Integer> BY_VALUE = (key, value) -> value;

  private final List<Removal> removals = new ArrayList<>();

  private record Removal(Object key, Object value, RemovalCause cause) {}

  private ClockProCache<Long, Integer> newCache(long maximumWeight) {
    return ClockProCache.builder().maximumWeight(maximumWeight).weigher(BY_VALUE)
        .removalListener((Long key, Integer value, RemovalCause cause) -> removals.add(new Removal(key, value, cause)))
        .build();
  }

  private static void assertInvariants(ClockProCache<?, ?> cache) {
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  private static long weightedSize(ClockProCache<?, ?> cache) {
    return cache.policy().weightedSize().orElseThrow();
  }

  /** The sum of the weights of the entries the map holds, by the weigher. */
  private static long sumOfWeights(ClockProCache<Long, Integer> cache) {
    long sum = 0;
    for (Integer value : cache.asMap().values()) {
      sum += value;
    }
    return sum;
  }

  @Test
  void shouldCountWeightsAndReportThemOnThePolicy() {
    ClockProCache<Long, Integer> cache = newCache(1_000);
    cache.put(1L, 10);
    cache.put(2L, 20);
    assertTrue(cache.policy().isWeighted());
    assertEquals(30, weightedSize(cache));
    assertEquals(1_000, cache.policy().maximum());
    cache.put(1L, 5); // lighter
    cache.put(2L, 200); // heavier
    assertEquals(205, weightedSize(cache));
    cache.invalidate(2L);
    assertEquals(5, weightedSize(cache));
    assertEquals(1, cache.size());
    assertInvariants(cache);
  }

  @Test
  void shouldReportNoWeightedSizeForACacheBoundedBySize() {
    ClockProCache<Long, Integer> cache = ClockProCache.builder().maximumSize(10).build();
    cache.put(1L, 1);
    assertFalse(cache.policy().isWeighted());
    assertTrue(cache.policy().weightedSize().isEmpty());
  }

  @Test
  void shouldStayWithinTwiceTheMaximumAndWithinItAfterCleanUp() {
    ClockProCache<Long, Integer> cache = newCache(1_000);
    SplittableRandom random = new SplittableRandom(7);
    for (long key = 0; key < 20_000; key++) {
      int before = removals.size();
      cache.put(key, 1 + random.nextInt(50));
      assertTrue(weightedSize(cache) <= 2_000, "after key " + key);
      assertTrue(removals.size() - before <= CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION + 1);
    }
    cache.cleanUp();
    assertTrue(weightedSize(cache) <= 1_000);
    assertEquals(sumOfWeights(cache), weightedSize(cache));
    CacheStats stats = cache.stats();
    assertEquals(removals.size(), stats.evictionCount());
    assertEquals(removals.stream().mapToLong(removal -> (Integer) removal.value()).sum(), stats.evictionWeight());
    assertTrue(stats.maxScanPerEviction() <= cache.policy().scanLimit(), stats.toString());
    assertInvariants(cache);
  }

  @Test
  void shouldNotKeepAnEntryHeavierThanTheWholeCache() {
    ClockProCache<Long, Integer> cache = newCache(100);
    cache.put(1L, 10);
    cache.put(2L, 101);
    assertNull(cache.getIfPresent(2L));
    assertEquals(List.of(new Removal(2L, 101, RemovalCause.SIZE)), removals);
    assertEquals(10, weightedSize(cache));
    assertEquals(1, cache.stats().evictionCount());
    assertEquals(101, cache.stats().evictionWeight());
    cache.put(1L, 150); // a present entry replaced by one heavier than the cache leaves too
    assertNull(cache.getIfPresent(1L));
    assertEquals(new Removal(1L, 150, RemovalCause.SIZE), removals.get(removals.size() - 1));
    assertEquals(0, weightedSize(cache));
    assertEquals(0, cache.size());
    assertInvariants(cache);
  }

  @Test
  void shouldBoundTheEvictionsAndTheExcessOfOneHeavyInsert() {
    ClockProCache<Long, Integer> cache = newCache(1_000);
    for (long key = 0; key < 1_000; key++) {
      cache.put(key, 1);
    }
    assertEquals(1_000, weightedSize(cache));
    removals.clear();
    cache.put(-1L, 600);
    assertTrue(removals.size() <= CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION, removals.toString());
    assertTrue(weightedSize(cache) > 1_000, "the excess is repaid later");
    assertTrue(weightedSize(cache) <= 2_000);
    assertInvariants(cache);
    long before = weightedSize(cache);
    removals.clear();
    cache.put(-2L, 0); // a write repays while the cache is over its maximum, even one that adds nothing
    assertTrue(removals.size() >= 1 && removals.size() <= CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION);
    assertTrue(weightedSize(cache) < before);
    cache.cleanUp();
    assertTrue(weightedSize(cache) <= 1_000, String.valueOf(weightedSize(cache)));
    assertEquals(sumOfWeights(cache), weightedSize(cache));
    assertInvariants(cache);
  }

  @Test
  void shouldNeverExceedTwiceTheMaximumUnderHeavyInserts() {
    ClockProCache<Long, Integer> cache = newCache(1_000);
    for (long key = 0; key < 1_000; key++) {
      cache.put(key, 1);
    }
    for (long key = 1_000; key < 1_200; key++) {
      int before = removals.size();
      cache.put(key, 900);
      assertTrue(weightedSize(cache) <= 2_000, "after key " + key + ": " + weightedSize(cache));
      assertTrue(removals.size() - before <= CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION + 1);
      assertInvariants(cache);
    }
    cache.cleanUp();
    assertTrue(weightedSize(cache) <= 1_000);
    assertInvariants(cache);
  }

  @Test
  void shouldRejectANegativeWeightBeforeAnyChange() {
    ClockProCache<Long, Integer> cache = newCache(1_000);
    cache.put(1L, 10);
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> cache.put(2L, -3));
    assertTrue(failure.getMessage().contains("weight"), failure.getMessage());
    assertThrows(IllegalArgumentException.class, () -> cache.put(1L, -3));
    assertThrows(IllegalArgumentException.class, () -> cache.asMap().replace(1L, -3));
    assertEquals(10, cache.getIfPresent(1L));
    assertNull(cache.getIfPresent(2L));
    assertEquals(10, weightedSize(cache));
    assertEquals(List.of(), removals);
    assertInvariants(cache);
  }

  @Test
  void shouldChangeNothingWhenTheWeigherThrows() {
    ClockProCache<Long, Integer> cache = ClockProCache.builder().maximumWeight(1_000)
        .weigher((Long key, Integer value) -> {
          if (value == 13) {
            throw new IllegalStateException("unlucky");
          }
          return value;
        }).build();
    cache.put(1L, 10);
    cache.put(2L, 20);
    assertThrows(IllegalStateException.class, () -> cache.put(3L, 13));
    assertThrows(IllegalStateException.class, () -> cache.put(1L, 13));
    assertThrows(IllegalStateException.class, () -> cache.asMap().replace(2L, 13));
    assertThrows(IllegalStateException.class, () -> cache.get(4L, key -> 13));
    assertThrows(IllegalStateException.class, () -> cache.asMap().compute(1L, (key, value) -> 13));
    assertThrows(IllegalStateException.class, () -> cache.asMap().merge(5L, 13, Integer::sum));
    assertEquals(Map.of(1L, 10, 2L, 20), Map.copyOf(cache.asMap()));
    assertEquals(30, weightedSize(cache));
    assertInvariants(cache);
  }

  @Test
  void shouldWeighLoadsComputesAndMerges() {
    ClockProLoadingCache<Long, Integer> cache = ClockProCache.builder().maximumWeight(1_000).weigher(BY_VALUE)
        .build(key -> (int) (long) key);
    assertEquals(40, cache.get(40L));
    assertEquals(40, weightedSize(cache));
    cache.getAll(List.of(1L, 2L));
    assertEquals(43, weightedSize(cache));
    cache.asMap().compute(40L, (key, value) -> value + 60);
    assertEquals(103, weightedSize(cache));
    cache.asMap().merge(2L, 7, Integer::sum);
    assertEquals(110, weightedSize(cache));
    cache.asMap().computeIfAbsent(50L, key -> 50);
    assertEquals(160, weightedSize(cache));
    cache.asMap().computeIfPresent(50L, (key, value) -> null);
    assertEquals(110, weightedSize(cache));
    assertInvariants(cache);
  }

  @Test
  void shouldWeighAnExpiringCacheAndForgetTheWeightOfExpiredEntries() {
    ManualTicker ticker = new ManualTicker(0);
    ClockProCache<Long, Integer> cache = ClockProCache.builder().maximumWeight(100).weigher(BY_VALUE)
        .expireAfterWrite(Duration.ofSeconds(10)).ticker(ticker).build();
    for (long key = 0; key < 50; key++) {
      cache.put(key, 10);
      assertTrue(weightedSize(cache) <= 100);
    }
    assertInvariants(cache);
    ticker.advance(Duration.ofSeconds(11).toNanos());
    cache.cleanUp();
    assertEquals(0, weightedSize(cache));
    assertEquals(0, cache.size());
    cache.put(1L, 150);
    cache.put(2L, 60);
    cache.put(3L, 60);
    cache.cleanUp();
    assertTrue(weightedSize(cache) <= 100);
    assertInvariants(cache);
  }

  @Test
  void shouldGrowAndShrinkAtRunTime() {
    ClockProCache<Long, Integer> cache = newCache(100);
    for (long key = 0; key < 100; key++) {
      cache.put(key, 1);
    }
    cache.policy().setMaximum(200);
    assertEquals(200, cache.policy().maximum());
    for (long key = 100; key < 200; key++) {
      cache.put(key, 1);
    }
    assertEquals(200, weightedSize(cache));
    assertTrue(removals.isEmpty(), "growing evicts nothing");
    assertInvariants(cache);

    cache.policy().setMaximum(20);
    assertEquals(CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION, removals.size(), "a shrink does one operation's work");
    assertInvariants(cache);
    long before = weightedSize(cache);
    cache.put(1_000L, 1);
    assertTrue(weightedSize(cache) < before, "later writes repay the excess");
    assertInvariants(cache);
    cache.cleanUp();
    assertEquals(20, weightedSize(cache));
    assertInvariants(cache);
  }

  @Test
  void shouldResizeACacheBoundedBySize() {
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(1_000).build();
    for (long key = 0; key < 1_000; key++) {
      cache.put(key, key);
    }
    cache.policy().setMaximum(100);
    assertInvariants(cache);
    assertTrue(cache.size() > 100, "the excess is repaid later");
    for (long key = 1_000; key < 1_200; key++) {
      cache.put(key, key);
      assertInvariants(cache);
    }
    assertEquals(100, cache.size(), "each insert repaid up to eight entries");
    cache.policy().setMaximum(2_000);
    for (long key = 2_000; key < 5_000; key++) {
      cache.put(key, key);
    }
    assertEquals(2_000, cache.size());
    assertInvariants(cache);
    assertThrows(IllegalArgumentException.class, () -> cache.policy().setMaximum(1L + Integer.MAX_VALUE));
  }

  @Test
  void shouldRejectABadMaximumBeforeAnyChange() {
    ClockProCache<Long, Integer> cache = newCache(100);
    cache.put(1L, 50);
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> cache.policy().setMaximum(-1));
    assertTrue(failure.getMessage().contains("maximum"), failure.getMessage());
    assertEquals(100, cache.policy().maximum());
    assertEquals(50, cache.getIfPresent(1L));
  }

  @Test
  void shouldKeepItsInvariantsThroughAResizeStorm() {
    ClockProCache<Long, Integer> cache = newCache(10_000);
    SplittableRandom random = new SplittableRandom(11);
    for (int step = 0; step < 100_000; step++) {
      long key = random.nextInt(5_000);
      int action = random.nextInt(100);
      if (action == 0) {
        cache.policy().setMaximum(1 + random.nextInt(20_000));
      } else if (action < 70) {
        cache.put(key, random.nextInt(200));
      } else if (action < 80) {
        cache.invalidate(key);
      } else {
        cache.getIfPresent(key);
      }
      if (step % 1_000 == 0) {
        assertInvariants(cache);
      }
    }
    cache.cleanUp();
    assertTrue(weightedSize(cache) <= cache.policy().maximum());
    assertEquals(sumOfWeights(cache), weightedSize(cache));
    assertInvariants(cache);
  }

  @Test
  void shouldKeepTheBoundWhenWeightsFlip() {
    AtomicLong flips = new AtomicLong();
    // The same value weighs little, then much: the weight counted is the one weighed when the value was written.
    ClockProCache<Long, String> cache = ClockProCache.builder().maximumWeight(10_000)
        .weigher((Long key, String value) -> flips.incrementAndGet() % 2 == 0 ? 1 : 1_000).build();
    for (long key = 0; key < 50_000; key++) {
      cache.put(key % 200, "value");
    }
    cache.cleanUp();
    assertTrue(cache.policy().weightedSize().orElseThrow() <= 10_000);
    assertInvariants(cache);
  }

  @Test
  void shouldStayWithinTheMaximumAfterTwoWritersAndAHeavyEntry() throws InterruptedException {
    // Two threads put 600,000 entries of weights 1 to 1,000 into a cache of maximum weight 1,000,000.
    ClockProCache<Long, Integer> cache = ClockProCache.builder().maximumWeight(1_000_000).weigher(BY_VALUE).build();
    Thread[] writers = new Thread[2];
    for (int writer = 0; writer < writers.length; writer++) {
      long first = writer * 300_000L;
      SplittableRandom random = new SplittableRandom(writer);
      writers[writer] = new Thread(() -> {
        for (long key = first; key < first + 300_000; key++) {
          cache.put(key, 1 + random.nextInt(1_000));
        }
      });
      writers[writer].start();
    }
    for (Thread writer : writers) {
      writer.join();
    }
    cache.cleanUp();
    assertWithinNinetyAndAHundredPercent(cache);
    cache.put(-1L, 600_000);
    cache.cleanUp();
    assertWithinNinetyAndAHundredPercent(cache);
    assertTrue(cache.stats().maxScanPerEviction() <= 128, cache.stats().toString());
    assertInvariants(cache);
  }

  /** The README's example: a cache of byte arrays bounded by their length, shrunk at run time. */
  @Test
  void shouldRunTheReadmeExample() {
    ClockProCache<String, byte[]> cache = ClockProCache.builder()
        .maximumWeight(256L << 20)
        .weigher((String key, byte[] value) -> value.length)
        .build();
    byte[] megabyte = new byte[1 << 20]; // one array for every entry: the test weighs 200 MB, holds 1
    for (int index = 0; index < 200; index++) {
      cache.put("key" + index, megabyte);
    }
    assertEquals(200L << 20, cache.policy().weightedSize().orElseThrow());
    cache.policy().setMaximum(128L << 20);
    cache.cleanUp();
    assertEquals(128L << 20, cache.policy().weightedSize().orElseThrow());
    assertEquals(128, cache.size());
    assertEquals(128L << 20, cache.policy().maximum());
    assertInvariants(cache);
  }

  private static void assertWithinNinetyAndAHundredPercent(ClockProCache<Long, Integer> cache) {
    long weight = weightedSize(cache);
    assertTrue(weight >= 900_000 && weight <= 1_000_000, String.valueOf(weight));
    assertEquals(sumOfWeights(cache), weight);
  }
}
