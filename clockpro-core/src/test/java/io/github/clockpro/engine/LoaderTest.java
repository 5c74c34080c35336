package io.github.clockpro.engine;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class LoaderTest {

  private final ClockProCache<Integer, String> cache = ClockProCache.builder().maximumSize(100).build();

  @Test
  void shouldLoadOnAMissAndHitAfterwards() {
    assertEquals("v1", cache.get(1, key -> "v" + key));
    assertEquals("v1", cache.get(1, key -> "other"));
    CacheStats stats = cache.stats();
    assertEquals(1, stats.hitCount());
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.loadSuccessCount());
    assertTrue(stats.totalLoadTime() >= 0);
  }

  @Test
  void shouldShareOneLoadBetweenConcurrentCallersForTheSameKey() throws Exception {
    AtomicInteger loads = new AtomicInteger();
    CountDownLatch loaderStarted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        results.add(pool.submit(() -> cache.get(7, key -> {
          loads.incrementAndGet();
          loaderStarted.countDown();
          await(release);
          return "seven";
        })));
      }
      assertTrue(loaderStarted.await(10, TimeUnit.SECONDS));
      Thread.sleep(100); // let the other callers reach the load in flight
      release.countDown();
      for (Future<String> result : results) {
        assertEquals("seven", result.get(10, TimeUnit.SECONDS));
      }
      assertEquals(1, loads.get());
      assertEquals(1, cache.stats().loadSuccessCount());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldPropagateALoaderFailureCacheNothingAndLeaveOtherKeysAlone() {
    for (int key = 0; key < 50; key++) {
      cache.put(key, "value" + key);
    }
    IllegalStateException failure = new IllegalStateException("database down");
    IllegalStateException thrown = assertThrows(IllegalStateException.class,
        () -> cache.get(1000, key -> {
          throw failure;
        }));
    assertSame(failure, thrown);
    assertNull(cache.getIfPresent(1000));
    assertEquals(50, cache.size());
    for (int key = 0; key < 50; key++) {
      assertEquals("value" + key, cache.asMap().get(key));
    }
    assertEquals(1, cache.stats().loadFailureCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    assertEquals("later", cache.get(1000, key -> "later"));
  }

  @Test
  void shouldGiveEveryWaiterTheLoadersException() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> loader = startBlockedLoad(pool, 3, release, () -> {
        throw new IllegalArgumentException("bad key");
      });
      Future<String> waiter = pool.submit(() -> cache.get(3, key -> "never"));
      Thread.sleep(100);
      release.countDown();
      for (Future<String> result : List.of(loader, waiter)) {
        java.util.concurrent.ExecutionException error =
            assertThrows(java.util.concurrent.ExecutionException.class, () -> result.get(10, TimeUnit.SECONDS));
        assertTrue(error.getCause() instanceof IllegalArgumentException, error.getCause().toString());
      }
      assertNull(cache.getIfPresent(3));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldCacheNothingWhenTheLoaderReturnsNull() {
    assertNull(cache.get(5, key -> null));
    assertNull(cache.getIfPresent(5));
    assertEquals(0, cache.size());
    assertEquals(1, cache.stats().loadFailureCount());
  }

  @Test
  void shouldRefuseARecursiveLoadOfTheSameKey() {
    assertThrows(IllegalStateException.class, () -> cache.get(9, key -> cache.get(9, inner -> "inner")));
    assertNull(cache.getIfPresent(9));
    assertEquals("loads other keys", cache.get(10, key -> cache.get(11, inner -> "loads other keys")));
  }

  @Test
  void shouldReturnAValuePutDuringTheLoadInsteadOfOverwritingIt() {
    assertEquals("put", cache.get(4, key -> {
      cache.put(4, "put");
      return "loaded";
    }));
    assertEquals("put", cache.getIfPresent(4));
  }

  @Test
  void shouldEvictOneEntryForALoadThatFailsOnAFullCacheAndNoneForTheNext() {
    List<Integer> evicted = new ArrayList<>();
    ClockProCache<Integer, String> full = ClockProCache.builder().maximumSize(100)
        .<Integer, String>removalListener((key, value, cause) -> evicted.add(key))
        .build();
    for (int key = 0; key < 100; key++) {
      full.put(key, "value" + key);
    }
    assertThrows(IllegalStateException.class, () -> full.get(1000, key -> {
      assertEquals(99, full.size()); // the load took its place when it started
      throw new IllegalStateException("database down");
    }));
    assertNull(full.get(1001, key -> null)); // the failed load's place is free again
    assertEquals(99, full.size());
    assertEquals(1, full.stats().evictionCount());
    assertEquals(1, evicted.size());
    for (int key = 0; key < 100; key++) {
      assertEquals(evicted.contains(key) ? null : "value" + key, full.asMap().get(key));
    }
    assertEquals(List.of(), EngineAccess.checkInvariants(full));
  }

  @Test
  void shouldKeepALoadInFlightInItsPlaceWhileOtherEntriesAreEvicted() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(1);
    try {
      Future<String> loader = startBlockedLoad(cache, pool, 7, release, () -> "loaded");
      for (int key = 1000; key < 1500; key++) {
        cache.put(key, "value" + key);
        assertTrue(cache.size() <= 99);
      }
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
      release.countDown();
      assertEquals("loaded", loader.get(10, TimeUnit.SECONDS));
      assertEquals("loaded", cache.getIfPresent(7));
      assertEquals(100, cache.size());
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldEvictALoadInFlightOnlyWhenEveryPlaceIsALoadAndStillReturnItsValue() throws Exception {
    ClockProCache<Integer, String> tiny = ClockProCache.builder().maximumSize(1).build();
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> first = startBlockedLoad(tiny, pool, 1, release, () -> "first");
      Future<String> second = startBlockedLoad(tiny, pool, 2, release, () -> "second");
      assertEquals(0, tiny.size());
      assertEquals(List.of(), EngineAccess.checkInvariants(tiny));
      release.countDown();
      assertEquals("first", first.get(10, TimeUnit.SECONDS)); // evicted while loading: returned, not cached
      assertEquals("second", second.get(10, TimeUnit.SECONDS));
      assertNull(tiny.getIfPresent(1));
      assertEquals("second", tiny.getIfPresent(2));
      assertEquals(1, tiny.size());
      assertEquals(List.of(), EngineAccess.checkInvariants(tiny));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldHideALoadInFlightFromEveryOtherOperation() {
    for (int key = 0; key < 10; key++) {
      cache.put(key, "value" + key);
    }
    assertEquals("loaded", cache.get(20, key -> {
      assertNull(cache.getIfPresent(20));
      assertNull(cache.asMap().get(20));
      assertEquals(false, cache.asMap().containsKey(20));
      assertEquals(false, cache.asMap().keySet().contains(20));
      assertEquals(10, cache.size());
      assertEquals(10, cache.asMap().keySet().stream().count());
      assertEquals(10, cache.asMap().values().stream().count());
      assertEquals(false, cache.asMap().values().contains("loaded"));
      assertNull(cache.asMap().replace(20, "replaced"));
      assertEquals(false, cache.asMap().remove(20, "loaded"));
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
      return "loaded";
    }));
    assertEquals("loaded", cache.getIfPresent(20));
    assertEquals(11, cache.size());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldGiveWaitersTheValuePutDuringTheLoad() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> loader = startBlockedLoad(pool, 6, release, () -> "loaded");
      Future<String> waiter = pool.submit(() -> cache.get(6, key -> "never"));
      Thread.sleep(100);
      assertNull(cache.asMap().putIfAbsent(6, "put")); // absent while loading: fills the load's place
      release.countDown();
      assertEquals("put", loader.get(10, TimeUnit.SECONDS));
      assertEquals("put", waiter.get(10, TimeUnit.SECONDS));
      assertEquals("put", cache.getIfPresent(6));
      assertEquals(1, cache.size());
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * The loader's value of a load a put overtook was never cached, so no listener hears of it (Caffeine, whose put
   * waits for the load, reports it {@code REPLACED}; {@link ClockProCache}'s class Javadoc says so).
   */
  @Test
  void shouldNotReportTheValueOfALoadAPutOvertook() throws Exception {
    List<String> removals = new CopyOnWriteArrayList<>();
    ClockProCache<Integer, String> listened = ClockProCache.builder().maximumSize(100)
        .removalListener((Integer key, String value, RemovalCause cause) ->
            removals.add(key + "=" + value + " " + cause))
        .build();
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(1);
    try {
      Future<String> loader = startBlockedLoad(listened, pool, 6, release, () -> "loaded");
      listened.put(6, "put");
      release.countDown();
      assertEquals("put", loader.get(10, TimeUnit.SECONDS));
      assertEquals("put", listened.getIfPresent(6));
      listened.invalidate(6);
      assertEquals(List.of("6=put EXPLICIT"), removals);
      assertEquals(List.of(), EngineAccess.checkInvariants(listened));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldReturnAValuePutDuringTheLoadWhenTheLoaderReturnsNull() throws Exception {
    assertPutWinsOverAFailedLoad(() -> null);
  }

  @Test
  void shouldReturnAValuePutDuringTheLoadWhenTheLoaderThrows() throws Exception {
    assertPutWinsOverAFailedLoad(() -> {
      throw new IllegalStateException("loader failed after the put");
    });
  }

  /** A put fills a load's place; the loader then fails: the loader's caller and the waiter get the put's value. */
  private void assertPutWinsOverAFailedLoad(Supplier<String> outcome) throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> loader = startBlockedLoad(pool, 6, release, outcome);
      Future<String> waiter = pool.submit(() -> cache.get(6, key -> "never"));
      Thread.sleep(100); // let the waiter join the load in flight
      cache.put(6, "put");
      release.countDown();
      assertEquals("put", loader.get(10, TimeUnit.SECONDS));
      assertEquals("put", waiter.get(10, TimeUnit.SECONDS));
      assertEquals("put", cache.getIfPresent(6));
      assertEquals(1, cache.size());
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldReturnAValuePutByTheLoaderItselfWhenItThenReturnsNullOrThrows() {
    assertEquals("put", cache.get(4, key -> {
      cache.put(4, "put");
      return null;
    }));
    assertEquals("put", cache.get(5, key -> {
      cache.put(5, "put");
      throw new IllegalStateException("after the put");
    }));
    assertEquals("put", cache.getIfPresent(4));
    assertEquals("put", cache.getIfPresent(5));
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  /**
   * Starts a load of the key on the pool whose loader waits for {@code release} and then ends with
   * {@code outcome}; returns once the loader is running.
   */
  private Future<String> startBlockedLoad(ExecutorService pool, int key, CountDownLatch release,
      Supplier<String> outcome) throws InterruptedException {
    return startBlockedLoad(cache, pool, key, release, outcome);
  }

  private static Future<String> startBlockedLoad(ClockProCache<Integer, String> target, ExecutorService pool,
      int key, CountDownLatch release, Supplier<String> outcome) throws InterruptedException {
    CountDownLatch started = new CountDownLatch(1);
    Future<String> loader = pool.submit(() -> target.get(key, ignored -> {
      started.countDown();
      await(release);
      return outcome.get();
    }));
    assertTrue(started.await(10, TimeUnit.SECONDS));
    return loader;
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
