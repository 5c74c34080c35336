package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The map view's iterators are weakly consistent as ConcurrentHashMap's: every entry present for the whole iteration
 * is returned exactly once, none twice, whatever removals (which shift index slots back), insertions and the
 * index's growth happen while they run.
 */
class MapViewIterationTest {

  /** One segment whose index starts at 1,024 slots and grows when 870 are filled; nothing is evicted. */
  private static final long BYTES = 256 << 10;
  /** Keys present for the whole iteration. */
  private static final int STABLE = 400;
  /** Keys present when the iteration starts, removed while it runs. */
  private static final long FIRST_REMOVED = 10_000;
  private static final int REMOVED = 200;
  /**
   * Keys inserted while the iteration runs, three for each of the first {@link #STABLE} elements returned: enough
   * to grow the index, not to fill the ring.
   */
  private static final long FIRST_INSERTED = 20_000;
  /** Puts by each writer of the concurrent test: with the stable keys, about 190 KB of the ring's 256 KiB. */
  private static final int WRITES_PER_WRITER = 2_500;

  /** The ways to iterate over the view, each reporting the key and value of every element returned. */
  enum View {
    ENTRY_SET {
      @Override
      void iterate(ConcurrentMap<Long, String> map, BiConsumer<Long, String> action) {
        for (Map.Entry<Long, String> entry : map.entrySet()) {
          action.accept(entry.getKey(), entry.getValue());
        }
      }
    },
    KEY_SET {
      @Override
      void iterate(ConcurrentMap<Long, String> map, BiConsumer<Long, String> action) {
        for (Long key : map.keySet()) {
          action.accept(key, null);
        }
      }
    },
    VALUES {
      @Override
      void iterate(ConcurrentMap<Long, String> map, BiConsumer<Long, String> action) {
        for (String value : map.values()) {
          action.accept(keyOf(value), value);
        }
      }
    },
    FOR_EACH {
      @Override
      void iterate(ConcurrentMap<Long, String> map, BiConsumer<Long, String> action) {
        map.forEach(action);
      }
    };

    abstract void iterate(ConcurrentMap<Long, String> map, BiConsumer<Long, String> action);
  }

  private static OffHeapCache<Long, String> cache() {
    return OffHeapCache.builder(Serializer.longs(), Serializer.string()).maximumBytes(BYTES).scanLimit(4).build();
  }

  private static String valueOf(long key) {
    return "value-" + key;
  }

  private static long keyOf(String value) {
    return Long.parseLong(value.substring("value-".length()));
  }

  @ParameterizedTest
  @EnumSource(View.class)
  void shouldReturnEveryStableEntryOnceWhileOthersAreRemovedAndInserted(View view) {
    try (OffHeapCache<Long, String> cache = cache()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      for (long key = 0; key < STABLE; key++) {
        map.put(key, valueOf(key));
      }
      for (long key = FIRST_REMOVED; key < FIRST_REMOVED + REMOVED; key++) {
        map.put(key, valueOf(key));
      }
      int[] expectedSize = {STABLE + REMOVED};
      long[] nextInserted = {FIRST_INSERTED};
      List<Long> returned = new ArrayList<>();
      view.iterate(map, (key, value) -> {
        if (value != null) {
          assertEquals(valueOf(key), value);
        }
        int step = returned.size();
        returned.add(key);
        if (step < REMOVED) {
          assertEquals(valueOf(FIRST_REMOVED + step), map.remove(FIRST_REMOVED + step));
          expectedSize[0]--;
        }
        for (int insert = 0; insert < (step < STABLE ? 3 : 0); insert++) {
          assertNull(map.put(nextInserted[0], valueOf(nextInserted[0])));
          nextInserted[0]++;
          expectedSize[0]++;
        }
        assertEquals(expectedSize[0], map.size());
      });

      assertReturnedOnceEach(returned, STABLE);
      for (long key : returned) {
        assertTrue(key < STABLE || (key >= FIRST_REMOVED && key < FIRST_REMOVED + REMOVED)
            || (key >= FIRST_INSERTED && key < nextInserted[0]), "a key never put: " + key);
      }
      assertEquals(FIRST_INSERTED + 3 * STABLE, nextInserted[0]);
      assertEquals(0, cache.stats().evictionCount());
      assertEquals(expectedSize[0], map.size());
      assertEquals(expectedSize[0], map.entrySet().stream().count());
    }
  }

  /** Every key returned at most once, and each of {@code 0} to {@code stable - 1} exactly once. */
  private static void assertReturnedOnceEach(List<Long> returned, int stable) {
    Set<Long> distinct = new HashSet<>();
    for (long key : returned) {
      assertTrue(distinct.add(key), "returned twice: " + key);
    }
    for (long key = 0; key < stable; key++) {
      assertTrue(distinct.contains(key), "never returned: " + key);
    }
  }

  @Test
  void shouldRemoveThroughTheIteratorWhileOthersAreInserted() {
    try (OffHeapCache<Long, String> cache = cache()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      Map<Long, String> expected = new HashMap<>();
      for (long key = 0; key < STABLE; key++) {
        map.put(key, valueOf(key));
        expected.put(key, valueOf(key));
      }
      long inserted = FIRST_INSERTED;
      List<Long> returned = new ArrayList<>();
      Iterator<Long> keys = map.keySet().iterator();
      assertThrows(IllegalStateException.class, keys::remove);
      while (keys.hasNext()) {
        long key = keys.next();
        returned.add(key);
        if (key % 2 == 0) {
          keys.remove();
          expected.remove(key);
          assertThrows(IllegalStateException.class, keys::remove);
        }
        map.put(inserted, valueOf(inserted));
        expected.put(inserted, valueOf(inserted));
        inserted++;
        assertEquals(expected.size(), map.size());
      }
      assertThrows(NoSuchElementException.class, keys::next);
      assertReturnedOnceEach(returned, STABLE);
      assertEquals(expected, Map.copyOf(map));
    }
  }

  @Test
  void shouldReturnEveryStableEntryOnceUnderConcurrentWrites() throws InterruptedException {
    try (OffHeapCache<Long, String> cache = cache()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      for (long key = 0; key < STABLE; key++) {
        map.put(key, valueOf(key));
      }
      AtomicReference<Throwable> failure = new AtomicReference<>();
      CountDownLatch started = new CountDownLatch(2);
      List<Thread> writers = new ArrayList<>();
      for (int writer = 0; writer < 2; writer++) {
        long first = FIRST_INSERTED + writer * 100_000L;
        Thread thread = new Thread(() -> {
          started.countDown();
          try {
            // Each writer keeps a window of 300 keys present, sliding it forward: removals shift probe runs back
            // and the two windows with the stable keys fill the index past the point where it grows. The ring
            // holds every put without wrapping, so that nothing is evicted.
            for (long key = first; key < first + WRITES_PER_WRITER; key++) {
              map.put(key, valueOf(key));
              if (key - first >= 300) {
                map.remove(key - 300);
              }
            }
          } catch (Throwable e) {
            failure.set(e);
          }
        });
        thread.start();
        writers.add(thread);
      }
      started.await();
      int round = 0;
      do {
        List<Long> returned = new ArrayList<>();
        View view = View.values()[round++ % View.values().length];
        view.iterate(map, (key, value) -> {
          if (value != null) {
            assertEquals(valueOf(key), value);
          }
          returned.add(key);
        });
        assertReturnedOnceEach(returned, STABLE);
      } while (writers.stream().anyMatch(Thread::isAlive));
      for (Thread thread : writers) {
        thread.join();
      }
      assertNull(failure.get());
      assertEquals(0, cache.stats().evictionCount(), "the puts must fit in the ring");
    }
  }
}
