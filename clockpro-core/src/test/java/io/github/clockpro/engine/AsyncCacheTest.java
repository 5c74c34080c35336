package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code buildAsync()}: loads in flight as placeholders, completed without a blocked thread. */
class AsyncCacheTest {

  @Test
  void shouldCompleteWithTheValueAndCacheIt() throws Exception {
    ClockProAsyncCache<Integer, String> cache = ClockProCache.builder().maximumSize(100).buildAsync();
    assertEquals("v1", cache.get(1, key -> "v" + key).get(10, TimeUnit.SECONDS));
    assertEquals("v1", cache.synchronous().getIfPresent(1));
    assertEquals("v1", cache.getIfPresent(1).get());
    assertSame(cache.synchronous(), cache.synchronous());
  }

  @Test
  void shouldHoldALoadInFlightAsAPlaceholderThatEvictionPassesOver() {
    ClockProAsyncCache<Integer, String> cache = ClockProCache.builder().maximumSize(8).buildAsync();
    CompletableFuture<String> pending = new CompletableFuture<>();
    CompletableFuture<String> result = cache.get(1, (key, executor) -> pending);
    assertFalse(result.isDone());
    assertNull(cache.synchronous().getIfPresent(1), "absent to the synchronous view while loading");
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> joined = cache.get(1, (key, executor) -> {
      calls.incrementAndGet();
      return CompletableFuture.completedFuture("other");
    });
    for (int key = 100; key < 200; key++) {
      cache.synchronous().put(key, "filler");
    }
    pending.complete("late");
    assertEquals("late", result.join());
    assertEquals("late", joined.join());
    assertEquals(0, calls.get(), "one load per key");
    assertEquals("late", cache.synchronous().getIfPresent(1), "not evicted while in flight");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache.synchronous()));
  }

  @Test
  void shouldRemoveALoadWhoseFutureFailsOrCompletesWithNull() {
    ClockProAsyncCache<Integer, String> cache = ClockProCache.builder().maximumSize(100).buildAsync();
    CompletableFuture<String> failing = new CompletableFuture<>();
    CompletableFuture<String> result = cache.get(1, (key, executor) -> failing);
    failing.completeExceptionally(new IllegalStateException("down"));
    assertTrue(result.isCompletedExceptionally());
    assertNull(cache.getIfPresent(1));
    assertNull(cache.get(2, (key, executor) -> CompletableFuture.completedFuture(null)).join());
    assertNull(cache.getIfPresent(2));
    assertEquals(0, cache.synchronous().size());
    assertEquals(2, cache.synchronous().stats().loadFailureCount());
    assertEquals("again", cache.get(1, key -> "again").join(), "a failed load leaves the key loadable");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache.synchronous()));
  }

  @Test
  void shouldStoreAPutFutureWhenItCompletes() {
    ClockProAsyncCache<Integer, String> cache = ClockProCache.builder().maximumSize(100).buildAsync();
    CompletableFuture<String> pending = new CompletableFuture<>();
    cache.put(1, pending);
    assertFalse(cache.getIfPresent(1).isDone());
    pending.complete("one");
    assertEquals("one", cache.synchronous().getIfPresent(1));
    cache.put(1, CompletableFuture.completedFuture("uno"));
    assertEquals("uno", cache.synchronous().getIfPresent(1));
  }

  @Test
  void shouldNotifyOnceAndLoseNoValueUnderAsyncLoadsAndEvictions() throws Exception {
    Map<String, AtomicInteger> notified = new ConcurrentHashMap<>();
    ExecutorService loaders = Executors.newFixedThreadPool(2);
    ClockProAsyncCache<Integer, String> cache = ClockProCache.builder().maximumSize(32).executor(loaders)
        .<Integer, String>removalListener((key, value, cause) ->
            notified.computeIfAbsent(value, unused -> new AtomicInteger()).incrementAndGet())
        .buildAsync();
    AtomicInteger sequence = new AtomicInteger();
    List<String> putValues = new java.util.concurrent.CopyOnWriteArrayList<>();
    ExecutorService callers = Executors.newFixedThreadPool(3);
    try {
      List<CompletableFuture<?>> done = new ArrayList<>();
      for (int thread = 0; thread < 3; thread++) {
        int seed = thread;
        done.add(CompletableFuture.runAsync(() -> {
          Random random = new Random(seed);
          List<CompletableFuture<String>> results = new ArrayList<>();
          for (int i = 0; i < 5_000; i++) {
            int key = random.nextInt(200);
            if (random.nextInt(4) == 0) {
              String value = "put" + sequence.incrementAndGet();
              putValues.add(value);
              cache.synchronous().put(key, value);
            } else {
              results.add(cache.get(key, k -> "load" + sequence.incrementAndGet()));
            }
          }
          for (CompletableFuture<String> result : results) {
            String value = result.join();
            assertTrue(value.startsWith("load") || value.startsWith("put"), value);
          }
        }, callers));
      }
      for (CompletableFuture<?> future : done) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      callers.shutdown();
      loaders.shutdown();
      assertTrue(loaders.awaitTermination(10, TimeUnit.SECONDS));
    }
    assertEquals(List.of(), EngineAccess.checkInvariants(cache.synchronous()));
    cache.synchronous().invalidateAll();
    for (Map.Entry<String, AtomicInteger> entry : notified.entrySet()) {
      assertEquals(1, entry.getValue().get(), "one notification for " + entry.getKey());
    }
    for (String value : putValues) {
      assertTrue(notified.containsKey(value), "every value put left once, and was reported: " + value);
    }
    assertEquals(0, cache.synchronous().size());
  }
}
