package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile uses of the off-heap cache: clears leaving tombstones, clears racing migrations, the largest scan limit. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HostileOffHeapTest {

  /** The keys to insert before a clear so that the clear leaves a table crowded with tombstones only. */
  private static int crowdingKeys() {
    int slots = IndexTable.capacityFor((1 << 20) / 256);
    return slots * IndexTable.CROWDED_PERCENT / 100 + 1;
  }

  @Test
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

  @Test
  void shouldClearEntriesMigratedBetweenChunksOfTheClear() {
    int keys = crowdingKeys() + 100;
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicReference<OffHeapCache<Long, Long>> self = new AtomicReference<>();
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 20).scanLimit(64)
        .removalListener((key, value, cause) -> {
          // Other keys written while the clear runs: enough writes to migrate the whole retiring table.
          if (writing.getAndSet(false)) {
            for (long other = 0; other < 1_000; other++) {
              self.get().put(-other - 1, other);
            }
          }
        })
        .build()) {
      self.set(cache);
      for (long key = 0; key <= keys; key++) {
        cache.put(key, key);
      }
      cache.invalidateAll();
      List<Long> left = new ArrayList<>();
      for (long key = 0; key <= keys; key++) {
        if (cache.getIfPresent(key) != null) {
          left.add(key);
        }
      }
      assertEquals(List.of(), left, "entries present before the clear and never written during it");
    }
  }

  @Test
  void shouldBuildWithTheLargestScanLimit() {
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 20).scanLimit(Integer.MAX_VALUE).build()) {
      cache.put(1L, 1L);
      assertEquals(1L, cache.getIfPresent(1L));
    }
  }
}
