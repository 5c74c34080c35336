package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile uses of the off-heap cache's index: tombstones, migrations, colliding keys, iteration under writes. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HostileOffHeapTest {

  /** The keys to insert before a clear so that the clear leaves a table crowded with tombstones only. */
  private static int crowdingKeys() {
    int slots = IndexTable.capacityFor((1 << 20) / 256);
    return slots * IndexTable.CROWDED_PERCENT / 100 + 1;
  }

  @Test
  @DisplayName("inserts after a clear of a crowded table overflow the small table that replaces it")
  void shouldServeInsertsAfterClearingACrowdedTable() {
    for (int keys = crowdingKeys() - 3; keys <= crowdingKeys() + 3; keys++) {
      try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
          .maximumBytes(1 << 20).build()) {
        for (int key = 0; key < keys; key++) {
          cache.put((long) key, (long) key);
        }
        cache.invalidateAll();
        for (int key = 0; key < 1_000; key++) {
          cache.put(-key - 1L, (long) key);
        }
        assertEquals(1_000, cache.asMap().size());
      }
    }
  }
}
