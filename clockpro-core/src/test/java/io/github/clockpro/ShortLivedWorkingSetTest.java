package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A short-lived working set: half of the new keys return once, 20 to 45 requests after their first, and never
 * again. LRU hits every return from 50 entries up; the cache must come within a point of it at every size, which
 * it does only if its cold part grows to hold a new key through about 45 insertions. The workload is the
 * simulator's {@code synthetic-short-lived} (clockpro-lab's {@code SyntheticWorkloads.shortLived}), from the same
 * seed and from five others: which keys return, and when, moves the cold target's path from its floor, and a rule
 * that holds for one seed can miss on another. A hit-rate test: it replays through the public API, get then put on
 * a miss; the 48 replays take about a second.
 */
class ShortLivedWorkingSetTest {

  private static final int EVENTS = 100_000;
  private static final int SHORTEST = 20;
  private static final int LONGEST = 45;
  /** The simulator's seed for this workload. */
  private static final long SIMULATOR_SEED = 0x5EED_C10C_9120L + 5;

  static Stream<Arguments> sizesAndSeeds() {
    return LongStream.of(SIMULATOR_SEED, 1, 2, 3, 4, 5).boxed()
        .flatMap(seed -> Stream.of(50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000)
            .map(size -> Arguments.of(size, seed)));
  }

  @ParameterizedTest(name = "{0} entries, seed {1}")
  @MethodSource("sizesAndSeeds")
  void shouldComeWithinOnePointOfLru(int size, long seed) {
    long[] keys = shortLived(seed);
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(size).build();
    Map<Long, Long> lru = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
        return size() > size;
      }
    };
    long hits = 0;
    long lruHits = 0;
    for (long key : keys) {
      if (cache.getIfPresent(key) != null) {
        hits++;
      } else {
        cache.put(key, key);
      }
      if (lru.get(key) != null) {
        lruHits++;
      } else {
        lru.put(key, key);
      }
    }
    double ours = 100.0 * hits / keys.length;
    double lruRate = 100.0 * lruHits / keys.length;
    System.out.printf("short-lived %6d  seed %d  clockpro %6.2f%%  LRU %6.2f%%%n", size, seed, ours, lruRate);
    assertTrue(ours >= lruRate - 1.0,
        String.format("at %d entries, seed %d: %.2f%% against LRU's %.2f%%", size, seed, ours, lruRate));
  }

  /** The keys: each event is the one return of an earlier key or a new key; see the class comment. */
  private static long[] shortLived(long seed) {
    long[] keys = new long[EVENTS];
    long[] returns = new long[EVENTS + LONGEST];
    boolean[] taken = new boolean[returns.length];
    SplittableRandom random = new SplittableRandom(seed);
    long nextKey = 1;
    for (int index = 0; index < keys.length; index++) {
      if (taken[index]) {
        keys[index] = returns[index];
        continue;
      }
      long key = nextKey++ * 0x9E3779B97F4A7C15L;
      keys[index] = key;
      if (random.nextBoolean()) {
        int drawn = index + SHORTEST + random.nextInt(LONGEST - SHORTEST + 1);
        int slot = freeSlot(taken, drawn, index + LONGEST);
        if (slot < 0) {
          slot = freeSlot(taken, index + SHORTEST, drawn - 1);
        }
        if (slot >= 0) {
          taken[slot] = true;
          returns[slot] = key;
        }
      }
    }
    return keys;
  }

  private static int freeSlot(boolean[] taken, int from, int to) {
    for (int slot = from; slot <= to; slot++) {
      if (!taken[slot]) {
        return slot;
      }
    }
    return -1;
  }
}
