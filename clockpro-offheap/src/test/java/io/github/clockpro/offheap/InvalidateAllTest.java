package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.RemovalCause;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.Test;

/**
 * {@code invalidateAll()} removes every entry present for the whole call, whatever other writes do between its
 * bounded steps: removals that shift index slots back and insertions that grow the index. Here those writes run
 * in the removal listener, which the sweep calls between its lock holds.
 */
class InvalidateAllTest {

  /** One segment whose index starts at 1,024 slots; nothing is evicted. */
  private static final long BYTES = 256 << 10;
  private static final int STABLE = 400;
  private static final long FIRST_REMOVED = 10_000;
  private static final int REMOVED = 200;
  private static final long FIRST_INSERTED = 20_000;

  @Test
  void shouldRemoveEveryEntryPresentThroughoutWhileOthersAreRemovedAndInserted() {
    Set<Long> reported = new HashSet<>();
    ConcurrentMap<Long, String>[] view = new ConcurrentMap[1];
    long[] nextRemoved = {FIRST_REMOVED};
    long[] nextInserted = {FIRST_INSERTED};
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(BYTES)
        .scanLimit(4)
        .removalListener((Long key, String value, RemovalCause cause) -> {
          if (cause == RemovalCause.EXPLICIT && key < FIRST_REMOVED) {
            assertTrue(reported.add(key), "reported twice: " + key);
            if (nextRemoved[0] < FIRST_REMOVED + REMOVED) {
              view[0].remove(nextRemoved[0]++);
            }
            for (int insert = 0; insert < 3; insert++) {
              view[0].put(nextInserted[0], "inserted");
              nextInserted[0]++;
            }
          }
        })
        .build()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      view[0] = map;
      for (long key = 0; key < STABLE; key++) {
        map.put(key, "stable");
      }
      for (long key = FIRST_REMOVED; key < FIRST_REMOVED + REMOVED; key++) {
        map.put(key, "removed");
      }

      cache.invalidateAll();

      for (long key = 0; key < STABLE; key++) {
        assertNull(map.get(key), "left behind: " + key);
      }
      assertEquals(STABLE, reported.size());
      assertTrue(nextRemoved[0] > FIRST_REMOVED + REMOVED / 2, "the listener's removals ran during the sweep");
      assertEquals(0, cache.stats().evictionCount());
    }
  }
}
