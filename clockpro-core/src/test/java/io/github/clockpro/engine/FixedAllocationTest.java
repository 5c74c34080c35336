package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.clockpro.ClockProCache;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * An empty cache costs little whatever its maximum size: every structure sized by use (the table, the history,
 * the carry trial's copies and their tables) starts small and grows with the entries.
 */
class FixedAllocationTest {

  private static final long LIMIT_BYTES = 64 * 1024;

  @Test
  void shouldAllocateLittleToBuildTheLargestCache() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported(), "allocation accounting unsupported");
    threads.setThreadAllocatedMemoryEnabled(true);
    ClockProCache.builder().maximumSize(1000).build().put(1, 1); // loads and initialises the classes
    long threadId = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(threadId);
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(Integer.MAX_VALUE).build();
    long allocated = threads.getThreadAllocatedBytes(threadId) - before;
    assertTrue(allocated < LIMIT_BYTES, "bytes allocated to build a cache of maximum size 2^31 - 1: " + allocated);
    for (long key = 0; key < 100_000; key++) {
      cache.put(key, key);
    }
    assertEquals(100_000, cache.size());
    assertTrue(EngineAccess.checkInvariants(cache).isEmpty(), () -> EngineAccess.checkInvariants(cache).toString());
  }
}
