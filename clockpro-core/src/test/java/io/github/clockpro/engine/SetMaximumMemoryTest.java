package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.clockpro.ClockProCache;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Raising the maximum allocates nothing by the new maximum: the history, its far part and the trials' copies
 * grow with the entries the cache holds, as they do from the start.
 */
class SetMaximumMemoryTest {

  private static final long MEGABYTE = 1 << 20;

  @Test
  void shouldNotAllocateForTheNewMaximumWhenRaisingIt() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
    long thread = Thread.currentThread().getId();
    for (long raised : new long[] {200_000_000, Integer.MAX_VALUE}) {
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();
      for (int key = 0; key < 1_000; key++) {
        cache.put(key, key); // fills the history to its capacity, so its far part exists
      }
      long before = threads.getThreadAllocatedBytes(thread);
      cache.policy().setMaximum(raised);
      long allocated = threads.getThreadAllocatedBytes(thread) - before;
      assertTrue(allocated < MEGABYTE, "setMaximum(" + raised + ") allocated " + allocated + " bytes");
      for (int key = 1_000; key < 3_000; key++) {
        cache.put(key, key);
      }
      assertEquals(2_100, cache.size(), "room for the new maximum all the same");
      cache.policy().setMaximum(50);
      cache.cleanUp();
      assertEquals(50, cache.size());
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    }
  }
}
