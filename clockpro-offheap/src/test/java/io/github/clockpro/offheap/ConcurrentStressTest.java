package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Four threads read, write and remove overlapping keys of a cache that evicts all the time, so that reads race
 * moves, evictions and the index's migrations, with values of varied sizes or all of one size (so that most
 * replacements are rewritten in place). Every value read must be whole (it encodes its key, length and write), the
 * bytes must stay within the bound, and the listener must account for every entry that left.
 */
class ConcurrentStressTest {

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void shouldServeOnlyWholeValuesWhileEvictingConcurrently(boolean fixedSize) throws Exception {
    AtomicLong removed = new AtomicLong();
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(2 << 20).removalListener((key, value, cause) -> {
          if (!CrashTest.whole(key, value)) {
            throw new AssertionError("torn removal " + key);
          }
          removed.incrementAndGet();
        }).build()) {
      ExecutorService threads = Executors.newFixedThreadPool(4);
      List<Future<Long>> results = new ArrayList<>();
      AtomicLong stored = new AtomicLong();
      for (int thread = 0; thread < 4; thread++) {
        int seed = thread;
        results.add(threads.submit(() -> {
          SplittableRandom random = new SplittableRandom(seed);
          long hits = 0;
          for (int step = 0; step < 60_000; step++) {
            long key = random.nextLong(20_000);
            int action = random.nextInt(10);
            if (action < 6) {
              String value = cache.getIfPresent(key);
              if (value != null) {
                assertTrue(CrashTest.whole(key, value), "torn value for " + key);
                hits++;
              }
            } else if (action < 9) {
              cache.put(key, CrashTest.valueOf(key, fixedSize ? 200 : random.nextInt(10, 400), step));
              stored.incrementAndGet();
            } else {
              cache.invalidate(key);
            }
          }
          return hits;
        }));
      }
      long hits = 0;
      for (Future<Long> result : results) {
        hits += result.get();
      }
      threads.shutdown();
      assertTrue(hits > 0);
      assertTrue(cache.policy().weightedSize().getAsLong() <= cache.policy().maximum());
      assertTrue(cache.stats().maxScanPerEviction() <= cache.policy().scanLimit());
      long resident = cache.asMap().entrySet().stream().peek(entry ->
          assertTrue(CrashTest.whole(entry.getKey(), entry.getValue()))).count();
      assertEquals(cache.size(), resident);
      long replacedOrRemoved = removed.get();
      assertTrue(replacedOrRemoved + cache.size() <= stored.get());
      assertTrue(replacedOrRemoved + cache.size() >= stored.get() - 0, "every stored value is resident or left");
    }
  }
}
