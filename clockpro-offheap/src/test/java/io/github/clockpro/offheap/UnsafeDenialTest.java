package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * On a JDK that has {@code --sun-misc-unsafe-memory-access}, this module's tests run with it set to {@code deny}
 * (the pom's profile for JDK 23 and later), so that every other test of the module shows the cache needs no
 * {@code sun.misc.Unsafe}.
 */
class UnsafeDenialTest {

  static final String DENY = "--sun-misc-unsafe-memory-access=deny";

  @Test
  void shouldRunWithUnsafeMemoryAccessDeniedWhereTheJdkHasTheSwitch() {
    boolean denied = ManagementFactory.getRuntimeMXBean().getInputArguments().contains(DENY);
    assertEquals(Runtime.version().feature() >= 23, denied);
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(32L << 20).build()) {
      cache.put(1L, 2L);
      assertTrue(cache.getIfPresent(1L) == 2L);
    }
  }
}
