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

/** Probes of same-size rewrites in place (commit f6f4ded). */
class AttackRewriteTest {

  private static String value(long key, long n) {
    String head = String.format("%08d:%08d:", key, n);
    return head + head.repeat(6);
  }

  private static void check(long key, String v) {
    assertEquals(value(key, Long.parseLong(v.substring(9, 17))), v, "torn value for " + key);
    assertTrue(v.startsWith(String.format("%08d:", key)), "value of another key for " + key);
  }

  @Test
  void readersNeverSeeATornSameSizeRewrite() throws Exception {
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20).build()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      for (long k = 0; k < 8; k++) {
        map.put(k, value(k, 0));
      }
      AtomicBoolean stop = new AtomicBoolean();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        threads.add(new Thread(() -> {
          for (long n = 1; !stop.get(); n++) {
            map.put(n % 8, value(n % 8, n % 100_000_000));
          }
        }));
      }
      for (int t = 0; t < 2; t++) {
        threads.add(new Thread(() -> {
          try {
            while (!stop.get()) {
              for (long k = 0; k < 8; k++) {
                check(k, map.get(k));
              }
              map.forEach((k, v) -> check(k, v));
            }
          } catch (Throwable e) {
            failure.compareAndSet(null, e);
          }
        }));
      }
      threads.forEach(Thread::start);
      Thread.sleep(2000);
      stop.set(true);
      for (Thread t : threads) {
        t.join();
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
        .removalListener((Long key, String v, RemovalCause cause) -> {
          if (cause == RemovalCause.REPLACED) {
            replaced.add(v);
          }
        }).build()) {
      ConcurrentMap<Long, String> map = cache.asMap();
      for (int n = 0; n < 100; n++) {
        map.put(1L, value(1, n));
      }
      assertTrue(map.replace(1L, value(1, 99), value(1, 100)));
      assertEquals(value(1, 101), map.merge(1L, "x", (a, b) -> value(1, 101)));
      assertEquals(value(1, 101), map.get(1L));
      List<String> expected = new ArrayList<>();
      for (int n = 0; n < 101; n++) {
        expected.add(value(1, n));
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
        for (long k = 0; k < 50; k++) {
          if (round > 0) {
            assertEquals(value(k, 10 * round - 1), map.get(k), "after reopen " + round);
          }
          for (int n = 10 * round; n < 10 * round + 10; n++) {
            map.put(k, value(k, n));
          }
        }
        assertEquals(50, map.size());
      }
    }
  }
}
