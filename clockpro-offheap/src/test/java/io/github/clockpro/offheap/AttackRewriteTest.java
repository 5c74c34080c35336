package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.RemovalCause;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Probes of replacements of the same size, which a cache without expiry rewrites in place: readers racing them,
 * the listener's reports, and a persisted cache reopened after them.
 */
class AttackRewriteTest {

  /** A value of one length naming its key and its write, seven times over. */
  private static String value(long key, long write) {
    String head = String.format("%08d:%08d:", key, write);
    return head + head.repeat(6);
  }

  private static void check(long key, String value) {
    assertEquals(value(key, Long.parseLong(value.substring(9, 17))), value, "torn value for " + key);
    assertTrue(value.startsWith(String.format("%08d:", key)), "value of another key for " + key);
  }

  @Test
  void readersNeverSeeATornSameSizeRewrite() throws Exception {
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20).build()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      for (long key = 0; key < 8; key++) {
        map.put(key, value(key, 0));
      }
      AtomicBoolean stop = new AtomicBoolean();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> threads = new ArrayList<>();
      for (int writer = 0; writer < 2; writer++) {
        threads.add(new Thread(() -> {
          for (long write = 1; !stop.get(); write++) {
            map.put(write % 8, value(write % 8, write % 100_000_000));
          }
        }));
      }
      for (int reader = 0; reader < 2; reader++) {
        threads.add(new Thread(() -> {
          try {
            while (!stop.get()) {
              for (long key = 0; key < 8; key++) {
                check(key, map.get(key));
              }
              map.forEach(AttackRewriteTest::check);
            }
          } catch (Throwable thrown) {
            failure.compareAndSet(null, thrown);
          }
        }));
      }
      threads.forEach(Thread::start);
      Thread.sleep(2000);
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
      if (failure.get() != null) {
        throw new AssertionError(failure.get());
      }
    }
  }

  @Test
  void listenerGetsEachReplacedOldValueOnce() {
    List<String> replaced = Collections.synchronizedList(new ArrayList<>());
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20)
        .removalListener((Long key, String value, RemovalCause cause) -> {
          if (cause == RemovalCause.REPLACED) {
            replaced.add(value);
          }
        }).build()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      for (int write = 0; write < 100; write++) {
        map.put(1L, value(1, write));
      }
      assertTrue(map.replace(1L, value(1, 99), value(1, 100)));
      assertEquals(value(1, 101), map.merge(1L, "x", (old, given) -> value(1, 101)));
      assertEquals(value(1, 101), map.get(1L));
      List<String> expected = new ArrayList<>();
      for (int write = 0; write < 101; write++) {
        expected.add(value(1, write));
      }
      assertEquals(expected, replaced);
    }
  }

  @TempDir
  Path directory;

  @Test
  void rewriteInPlaceSurvivesCleanCloseAndReopen() {
    for (int round = 0; round < 3; round++) {
      try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
          .maximumBytes(1 << 20).persistTo(directory).build()) {
        ConcurrentMap<Long, String> map = cache.asMap();
        for (long key = 0; key < 50; key++) {
          if (round > 0) {
            assertEquals(value(key, 10 * round - 1), map.get(key), "after reopen " + round);
          }
          for (int write = 10 * round; write < 10 * round + 10; write++) {
            map.put(key, value(key, write));
          }
        }
        assertEquals(50, map.size());
      }
    }
  }
}
