package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** A hit is a map lookup and a counter update: it must allocate nothing. */
class HitAllocationTest {

  private static final int HITS = 1_000_000;

  @Test
  void shouldAllocateNothingPerHit() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported(), "allocation accounting unsupported");
    threads.setThreadAllocatedMemoryEnabled(true);
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(1024).build();
    Long[] keys = new Long[1024];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = 1_000_000L + i;
      cache.put(keys[i], keys[i]);
    }
    long threadId = Thread.currentThread().getId();
    hits(cache, keys); // warm up: let the JIT compile the read path
    hits(cache, keys);
    long before = threads.getThreadAllocatedBytes(threadId);
    long found = hits(cache, keys);
    long allocated = threads.getThreadAllocatedBytes(threadId) - before;
    assertEquals(HITS, found);
    assertEquals(0, allocated, "bytes allocated by " + HITS + " hits");
  }

  private static long hits(ClockProCache<Long, Long> cache, Long[] keys) {
    long found = 0;
    for (int i = 0; i < HITS; i++) {
      if (cache.getIfPresent(keys[i & (keys.length - 1)]) != null) {
        found++;
      }
    }
    return found;
  }
}
