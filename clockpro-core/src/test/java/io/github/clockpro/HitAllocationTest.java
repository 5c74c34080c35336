package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The contract that a hit takes no lock and allocates nothing, through the public API: a hit is a map lookup and
 * a counter update, and a put to a present key is a lookup and a value write under the entry's monitor. Sampled
 * keys included: the carry trial leaves the samples it cannot take without allocating for the next insert.
 */
class HitAllocationTest {

  private static final int RESIDENT = 100_000;
  private static final int RANDOM_HITS = 1_000_000;

  @Test
  void shouldAllocateAtMostOneKilobyteOverAMillionRandomHitsOnAFullCache() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported(), "allocation accounting unsupported");
    threads.setThreadAllocatedMemoryEnabled(true);
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(RESIDENT).build();
    Long[] keys = new Long[RESIDENT];
    for (int i = 0; i < RESIDENT; i++) {
      keys[i] = (long) i;
      cache.put(keys[i], keys[i]);
    }
    int[] order = new java.util.Random(42).ints(RANDOM_HITS, 0, RESIDENT).toArray();
    long threadId = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(threadId);
    long found = hitAll(cache, keys, order);
    long allocated = threads.getThreadAllocatedBytes(threadId) - before;
    assertEquals(RANDOM_HITS, found, "every key is resident");
    assertTrue(allocated <= 1024, "bytes allocated by " + RANDOM_HITS + " random hits: " + allocated);
  }

  private static long hitAll(ClockProCache<Long, Long> cache, Long[] keys, int[] order) {
    long found = 0;
    for (int index : order) {
      if (cache.getIfPresent(keys[index]) != null) {
        found++;
      }
    }
    return found;
  }

  private static final int OPERATIONS = 1_000_000;
  private static final int KEYS = 1024;

  @Test
  void shouldAllocateNothingPerHit() {
    assertAllocatesNothing("hits", (cache, keys) -> {
      long found = 0;
      for (int i = 0; i < OPERATIONS; i++) {
        if (cache.getIfPresent(keys[i & (KEYS - 1)]) != null) {
          found++;
        }
      }
      return found;
    });
  }

  @Test
  void shouldAllocateNothingPerHitWithExpiry() {
    for (CacheBuilder<Object, Object> builder : List.of(
        ClockProCache.builder().expireAfterAccess(Duration.ofHours(1)),
        ClockProCache.builder().expireAfterWrite(Duration.ofHours(1)))) {
      assertAllocatesNothing("hits with expiry", builder, (cache, keys) -> {
        long found = 0;
        for (int i = 0; i < OPERATIONS; i++) {
          if (cache.getIfPresent(keys[i & (KEYS - 1)]) != null) {
            found++;
          }
        }
        return found;
      });
    }
  }

  @Test
  void shouldAllocateNothingPerPutToPresentKey() {
    assertAllocatesNothing("puts to present keys", (cache, keys) -> {
      long replaced = 0;
      for (int i = 0; i < OPERATIONS; i++) {
        Long key = keys[i & (KEYS - 1)];
        cache.put(key, keys[(i + 1) & (KEYS - 1)]);
        replaced++;
      }
      return cache.size() == KEYS ? replaced : -1;
    });
  }

  private static void assertAllocatesNothing(String what, Operations operations) {
    assertAllocatesNothing(what, ClockProCache.builder(), operations);
  }

  /** Runs the operations twice to let the JIT compile them, then measures a third run on this thread. */
  private static void assertAllocatesNothing(String what, CacheBuilder<Object, Object> builder,
      Operations operations) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported(), "allocation accounting unsupported");
    threads.setThreadAllocatedMemoryEnabled(true);
    ClockProCache<Long, Long> cache = builder.maximumSize(2 * KEYS).build();
    Long[] keys = new Long[KEYS];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = 1_000_000L + i;
      cache.put(keys[i], keys[i]);
    }
    long threadId = Thread.currentThread().getId();
    operations.run(cache, keys);
    operations.run(cache, keys);
    long before = threads.getThreadAllocatedBytes(threadId);
    long done = operations.run(cache, keys);
    long allocated = threads.getThreadAllocatedBytes(threadId) - before;
    assertEquals(OPERATIONS, done, what);
    assertEquals(0, allocated, "bytes allocated by " + OPERATIONS + " " + what);
  }

  @FunctionalInterface
  private interface Operations {
    long run(ClockProCache<Long, Long> cache, Long[] keys);
  }
}
