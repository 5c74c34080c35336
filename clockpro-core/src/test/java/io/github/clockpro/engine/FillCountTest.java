package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Loads and puts racing on a few keys, with more threads than processors, must count every entry once.
 *
 * <p>A put that finds a load's placeholder fills it without the eviction lock and counts the fill. An insert that
 * read the placeholder's loading flag after mapping it, as inserts once did, could find it already filled by
 * such a put (the inserting thread descheduled between the two) and count the entry a second time, so that
 * {@code size()} stayed above the entries for good. The window is a few instructions wide, so the test makes
 * many inserts of placeholders on keys that other threads keep putting, and checks the count once everything is
 * invalidated, when it must be exactly 0. On the code with the race, each of three runs of this length failed
 * on a machine with two processors.
 */
class FillCountTest {

  private static final int THREADS = 8;
  private static final int KEYS = 4;

  @Test
  void shouldCountEachEntryOnceWhenPutsFillLoadsInFlight() throws InterruptedException {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(2).build();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Long.getLong("clockpro.fill.millis", 2_000));
    List<Throwable> failures = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      long seed = i;
      Thread thread = new Thread(() -> {
        try {
          SplittableRandom random = new SplittableRandom(seed);
          while (System.nanoTime() < deadline) {
            int key = random.nextInt(KEYS);
            if (random.nextBoolean()) {
              cache.get(key, k -> k);
            } else {
              cache.put(key, key);
            }
          }
        } catch (Throwable failure) {
          synchronized (failures) {
            failures.add(failure);
          }
        }
      }, "fill-count-" + i);
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertTrue(failures.isEmpty(), () -> "a thread failed: " + failures);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache), "invariants at quiescence");
    cache.invalidateAll();
    assertEquals(0, cache.size(), "size once every entry is invalidated");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache), "invariants once every entry is invalidated");
  }
}
