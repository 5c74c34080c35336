package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A hostile user's attacks through the public API, each under a watchdog so that a hang fails the test: recursive
 * computes and loads of one key, entries of weight 0 while the maximum shrinks under writers, asynchronous values
 * that never complete or fail with an error, listeners, a weigher and an {@link Expiry} that overflow the stack, and
 * computes that read other keys while entries expire and are evicted. Where the contract is Caffeine's, Caffeine runs
 * the same scenario beside it.
 */
class HostileUseTest {

  private static final Duration WATCHDOG = Duration.ofSeconds(60);

  @Test
  void shouldRejectRecursiveComputeOnTheSameKey() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();
      ConcurrentMap<Integer, Integer> map = cache.asMap();
      assertThrows(IllegalStateException.class, () -> map.compute(1, (key, value) -> map.compute(1, (k, v) -> 7)));
      assertNull(map.get(1));
      map.put(1, 2);
      assertEquals(2, map.get(1));
      assertEquals(2, cache.get(1, k -> 99));
    });
  }

  @Test
  void shouldRejectRecursiveLoadOnTheSameKey() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();
      assertThrows(IllegalStateException.class, () -> cache.get(1, key -> cache.get(1, k -> 5)));
      assertNull(cache.getIfPresent(1));
      cache.put(1, 2);
      assertEquals(2, cache.getIfPresent(1));
    });
  }

  @Test
  void shouldKeepWeightZeroEntriesThroughShrinkingMaximumWhileWritersRun() throws Exception {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      List<Integer> evictedPinned = new ArrayList<>();
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumWeight(1_000)
          .weigher((Integer key, Integer value) -> key < 100 ? 0 : value)
          .evictionListener((Integer key, Integer value, RemovalCause cause) -> {
            if (key < 100) {
              synchronized (evictedPinned) {
                evictedPinned.add(key);
              }
            }
          }).build();
      for (int key = 0; key < 100; key++) {
        cache.put(key, key);
      }
      Thread[] writers = new Thread[3];
      for (int t = 0; t < writers.length; t++) {
        writers[t] = new Thread(() -> {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          for (int i = 0; i < 20_000; i++) {
            int key = 100 + random.nextInt(2_000);
            if (random.nextBoolean()) {
              cache.put(key, 1 + random.nextInt(20));
            } else {
              cache.asMap().merge(key, 1, Integer::sum);
            }
          }
        });
        writers[t].start();
      }
      for (int i = 0; i < 200; i++) {
        cache.policy().setMaximum(i % 2 == 0 ? 0 : 1 + ThreadLocalRandom.current().nextInt(1_000));
        Thread.yield();
      }
      for (Thread writer : writers) {
        writer.join();
      }
      cache.policy().setMaximum(0);
      cache.cleanUp();
      assertEquals(List.of(), evictedPinned);
      for (int key = 0; key < 100; key++) {
        assertEquals(key, cache.getIfPresent(key));
      }
      assertEquals(0, cache.policy().weightedSize().orElseThrow());
    });
  }

  @Test
  void shouldLoadAfreshAfterInvalidatingANeverCompletingAsyncLoad() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      ClockProAsyncCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(10).buildAsync();
      CompletableFuture<Integer> hung = new CompletableFuture<>();
      cache.put(1, hung);
      cache.synchronous().invalidate(1);
      assertEquals(3, cache.get(1, k -> 3).get(30, TimeUnit.SECONDS));
      hung.complete(5); // late completion after invalidate
      assertEquals(3, cache.synchronous().getIfPresent(1));
      CompletableFuture<Integer> failing = new CompletableFuture<>();
      cache.put(2, failing);
      failing.completeExceptionally(new StackOverflowError());
      assertNull(cache.synchronous().getIfPresent(2));
      assertEquals(4, cache.get(2, k -> 4).get(30, TimeUnit.SECONDS));
      CompletableFuture<Integer> hung2 = new CompletableFuture<>();
      cache.put(3, hung2);
      cache.synchronous().invalidateAll();
      assertNull(cache.getIfPresent(3));
      hung2.complete(9);
      assertNull(cache.synchronous().getIfPresent(3));
    });
  }

  @Test
  void shouldSurviveAnEvictionListenerThatOverflowsTheStack() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      AtomicInteger calls = new AtomicInteger();
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(10)
          .evictionListener((Integer key, Integer value, RemovalCause cause) -> {
            calls.incrementAndGet();
            throw new StackOverflowError();
          })
          .removalListener((Integer key, Integer value, RemovalCause cause) -> {
            throw new IllegalStateException("removal");
          }).build();
      for (int key = 0; key < 1_000; key++) {
        try {
          cache.put(key, key);
        } catch (RuntimeException | Error ignored) {
          // a listener's failure may surface; the cache must stay sound
        }
      }
      cache.cleanUp();
      assertTrue(cache.size() <= 10, "size " + cache.size());
      assertTrue(calls.get() > 0);
      try {
        cache.put(5_000, 1);
      } catch (StackOverflowError expected) {
        // an error thrown by a listener reaches the caller, after the cache's work
      }
      assertEquals(1, cache.getIfPresent(5_000));
      assertTrue(cache.size() <= 10, "size " + cache.size());
    });
  }

  @Test
  void shouldNotHangWhenAComputeReadsAndWritesOtherKeysWhileEvicting() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(16)
          .expireAfterWrite(Duration.ofMillis(1)).build();
      ConcurrentMap<Integer, Integer> map = cache.asMap();
      Thread[] threads = new Thread[4];
      for (int t = 0; t < threads.length; t++) {
        threads[t] = new Thread(() -> {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          for (int i = 0; i < 20_000; i++) {
            int key = random.nextInt(64);
            int other = random.nextInt(64);
            switch (random.nextInt(4)) {
              case 0 -> map.compute(key, (k, v) -> {
                map.get(other);
                return v == null ? 1 : v + 1;
              });
              case 1 -> map.merge(key, 1, (a, b) -> {
                cache.getIfPresent(other);
                return a + b;
              });
              case 2 -> cache.get(key, k -> {
                cache.getIfPresent(other);
                return 1;
              });
              default -> map.put(key, 1);
            }
          }
        });
        threads[t].start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      cache.cleanUp();
      assertTrue(cache.size() <= 16 + 8);
    });
  }

  @Test
  void shouldCompareRecursiveComputeOnAPresentKeyWithCaffeine() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();
      com.github.benmanes.caffeine.cache.Cache<Integer, Integer> caffeine =
          com.github.benmanes.caffeine.cache.Caffeine.newBuilder().maximumSize(100).build();
      for (ConcurrentMap<Integer, Integer> map : List.of(cache.asMap(), caffeine.asMap())) {
        map.put(1, 1);
        // both run the inner compute under the outer's reentrant lock, as ConcurrentHashMap does for a present key
        assertEquals(111, map.compute(1, (key, value) -> map.compute(1, (k, v) -> v + 10) + 100));
        assertEquals(111, map.get(1));
        map.put(1, 2);
        assertEquals(2, map.get(1));
      }
    });
  }

  @Test
  void shouldKeepTheKeyUsableAfterAWeigherAndAnExpiryOverflowTheStack() {
    assertTimeoutPreemptively(WATCHDOG, () -> {
      AtomicInteger failing = new AtomicInteger();
      ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumWeight(100)
          .weigher((Integer key, Integer value) -> {
            if (value < 0) {
              throw new StackOverflowError();
            }
            return 1;
          })
          .expireAfter(new Expiry<Integer, Integer>() {
            @Override
            public long expireAfterCreate(Integer key, Integer value, long currentTime) {
              return Long.MAX_VALUE;
            }

            @Override
            public long expireAfterUpdate(Integer key, Integer value, long currentTime, long currentDuration) {
              if (value == 13) {
                throw new StackOverflowError();
              }
              return currentDuration;
            }

            @Override
            public long expireAfterRead(Integer key, Integer value, long currentTime, long currentDuration) {
              return currentDuration;
            }
          }).build();
      ConcurrentMap<Integer, Integer> map = cache.asMap();
      map.put(1, 1);
      for (Runnable attack : List.<Runnable>of(() -> map.put(1, -1), () -> map.put(2, -1),
          () -> map.compute(1, (k, v) -> -1), () -> map.merge(1, 13, (a, b) -> b), () -> map.put(1, 13),
          () -> cache.get(3, k -> -1), () -> map.computeIfAbsent(4, k -> -1), () -> map.replace(1, 13))) {
        try {
          attack.run();
        } catch (StackOverflowError expected) {
          failing.incrementAndGet();
        }
      }
      for (int key = 1; key <= 4; key++) {
        int k = key;
        map.put(k, 5);
        assertEquals(5, map.get(k));
        assertEquals(6, map.compute(k, (x, v) -> v + 1));
        assertEquals(6, cache.get(k, x -> 0));
      }
      assertEquals(8, failing.get());
    });
  }
}
