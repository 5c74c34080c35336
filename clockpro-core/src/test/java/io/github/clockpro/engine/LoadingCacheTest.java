package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code build(CacheLoader)}: get, getAll with a bulk loader, exceptions and bad input. */
class LoadingCacheTest {

  /** A loader of "v" + key that counts its calls and records each bulk call's keys. */
  private static final class CountingLoader implements CacheLoader<Integer, String> {
    final Map<Integer, AtomicInteger> loads = new ConcurrentHashMap<>();
    final List<Set<Integer>> bulkCalls = new CopyOnWriteArrayList<>();

    @Override
    public String load(Integer key) {
      loads.computeIfAbsent(key, unused -> new AtomicInteger()).incrementAndGet();
      return "v" + key;
    }

    @Override
    public Map<Integer, String> loadAll(Set<? extends Integer> keys) {
      bulkCalls.add(new LinkedHashSet<>(keys));
      Map<Integer, String> values = new HashMap<>();
      for (Integer key : keys) {
        values.put(key, "v" + key);
      }
      return values;
    }
  }

  private final CountingLoader loader = new CountingLoader();
  private final ClockProLoadingCache<Integer, String> cache =
      ClockProCache.builder().maximumSize(1_000).build(loader);

  @Test
  void shouldLoadOncePerKey() {
    for (int round = 0; round < 3; round++) {
      for (int key = 0; key < 10; key++) {
        assertEquals("v" + key, cache.get(key));
      }
    }
    for (int key = 0; key < 10; key++) {
      assertEquals(1, loader.loads.get(key).get());
    }
    assertEquals(10, cache.stats().loadSuccessCount());
    assertEquals(20, cache.stats().hitCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldCallTheBulkLoaderOnceWithExactlyTheMissingKeys() {
    List<Integer> keys = new ArrayList<>();
    for (int key = 0; key < 100; key++) {
      keys.add(key);
      if (key % 2 == 0) {
        cache.put(key, "present" + key);
      }
    }
    Map<Integer, String> values = cache.getAll(keys);
    assertEquals(1, loader.bulkCalls.size());
    Set<Integer> odd = new LinkedHashSet<>();
    for (int key = 1; key < 100; key += 2) {
      odd.add(key);
    }
    assertEquals(odd, loader.bulkCalls.get(0));
    assertEquals(100, values.size());
    assertEquals(keys, new ArrayList<>(values.keySet()), "in the order asked for");
    assertEquals("present0", values.get(0));
    assertEquals("v1", values.get(1));
    assertTrue(loader.loads.isEmpty(), "no single-key load");
    CacheStats stats = cache.stats();
    assertEquals(1, stats.bulkLoadSuccessCount());
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(50, stats.hitCount());
    assertEquals(50, stats.missCount());
    assertEquals(values, cache.getAll(keys));
    assertEquals(1, loader.bulkCalls.size(), "all present now");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldCacheExtraKeysAndLeaveOmittedKeysAbsent() {
    Map<Integer, String> values = cache.getAll(List.of(1, 2, 3),
        keys -> Map.of(1, "one", 2, "two", 99, "extra"));
    assertEquals(Map.of(1, "one", 2, "two"), values);
    assertEquals("extra", cache.getIfPresent(99));
    assertNull(cache.getIfPresent(3));
    assertEquals(3, cache.size());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldLoadKeyByKeyWhenTheLoaderHasNoBulkLoad() {
    ClockProLoadingCache<Integer, String> single = ClockProCache.builder().maximumSize(100)
        .build(key -> "s" + key);
    assertEquals(Map.of(1, "s1", 2, "s2"), single.getAll(List.of(1, 2)));
    assertEquals(2, single.stats().loadSuccessCount());
    assertEquals(0, single.stats().bulkLoadSuccessCount());
  }

  /**
   * Without a bulk load, a key given twice is loaded once, as with one: a second load of a key whose first load
   * returned {@code null} would ask the loader again within one call (Caffeine asks once).
   */
  @Test
  void shouldLoadADuplicateKeyOnceWhenTheLoaderHasNoBulkLoad() {
    AtomicInteger loads = new AtomicInteger();
    ClockProLoadingCache<Integer, String> single = ClockProCache.builder().maximumSize(100)
        .build(key -> {
          loads.incrementAndGet();
          return key == 1 ? null : "s" + key;
        });
    assertEquals(Map.of(2, "s2"), single.getAll(List.of(1, 2, 1, 2)));
    assertEquals(2, loads.get());
    assertEquals(1, single.stats().loadSuccessCount());
    assertEquals(1, single.stats().loadFailureCount());
    assertEquals(0, single.stats().hitCount());
  }

  @Test
  void shouldWrapACheckedExceptionAndCacheNothing() {
    ClockProLoadingCache<Integer, String> failing = ClockProCache.builder().maximumSize(100)
        .build(key -> {
          throw new IOException("down");
        });
    CompletionException thrown = assertThrows(CompletionException.class, () -> failing.get(1));
    assertInstanceOf(IOException.class, thrown.getCause());
    assertNull(failing.getIfPresent(1));
    assertEquals(0, failing.size());
    assertEquals(1, failing.stats().loadFailureCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(failing));
  }

  @Test
  void shouldPassAnUncheckedExceptionAsItIs() {
    IllegalStateException failure = new IllegalStateException("bad");
    ClockProLoadingCache<Integer, String> failing = ClockProCache.builder().maximumSize(100)
        .build(key -> {
          throw failure;
        });
    assertSame(failure, assertThrows(IllegalStateException.class, () -> failing.get(1)));
  }

  @Test
  void shouldRestoreTheInterruptFlag() {
    ClockProLoadingCache<Integer, String> interrupted = ClockProCache.builder().maximumSize(100)
        .build(key -> {
          throw new InterruptedException();
        });
    try {
      CompletionException thrown = assertThrows(CompletionException.class, () -> interrupted.get(1));
      assertInstanceOf(InterruptedException.class, thrown.getCause());
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
    assertNull(interrupted.getIfPresent(1));
  }

  @Test
  void shouldFailEveryKeyOfAFailedBulkLoadAndCacheNothing() {
    ClockProLoadingCache<Integer, String> failing = ClockProCache.builder().maximumSize(100)
        .build(new CacheLoader<Integer, String>() {
          @Override
          public String load(Integer key) {
            return "v" + key;
          }

          @Override
          public Map<Integer, String> loadAll(Set<? extends Integer> keys) throws IOException {
            throw new IOException("down");
          }
        });
    failing.put(1, "one");
    CompletionException thrown = assertThrows(CompletionException.class, () -> failing.getAll(List.of(1, 2, 3)));
    assertInstanceOf(IOException.class, thrown.getCause());
    assertEquals(1, failing.size());
    assertEquals(1, failing.stats().bulkLoadFailureCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(failing));
  }

  @Test
  void shouldRejectBadInputBeforeAnyChange() {
    List<Integer> withNull = new ArrayList<>(List.of(1, 2));
    withNull.add(null);
    NullPointerException nullKey = assertThrows(NullPointerException.class, () -> cache.getAll(withNull));
    assertEquals("key", nullKey.getMessage());
    assertEquals(0, cache.size());
    assertTrue(loader.bulkCalls.isEmpty());
    assertEquals("keys", assertThrows(NullPointerException.class, () -> cache.getAll(null)).getMessage());
    assertEquals("mappingFunction",
        assertThrows(NullPointerException.class, () -> cache.getAll(List.of(1), null)).getMessage());
    assertEquals("loader", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().maximumSize(1).build((CacheLoader<Object, Object>) null)).getMessage());

    NullPointerException nullMap = assertThrows(NullPointerException.class,
        () -> cache.getAll(List.of(1, 2), keys -> null));
    assertEquals("mappingFunction returned null", nullMap.getMessage());
    Map<Integer, String> nullValue = new HashMap<>();
    nullValue.put(1, "one");
    nullValue.put(2, null);
    NullPointerException thrown = assertThrows(NullPointerException.class,
        () -> cache.getAll(List.of(1, 2), keys -> nullValue));
    assertEquals("mappingFunction returned a null value for key 2", thrown.getMessage());
    assertEquals(0, cache.size(), "nothing stored from an invalid map");
    assertEquals(2, cache.stats().bulkLoadFailureCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldMakeASingleKeyLoadWaitForTheBulkLoadOfItsKey() throws Exception {
    CountDownLatch inBulk = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger singleLoads = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Map<Integer, String>> bulk = pool.submit(() -> cache.getAll(List.of(1, 2, 3), keys -> {
        inBulk.countDown();
        await(release);
        return Map.of(1, "b1", 2, "b2", 3, "b3");
      }));
      assertTrue(inBulk.await(10, TimeUnit.SECONDS));
      Future<String> single = pool.submit(() -> cache.get(2, key -> {
        singleLoads.incrementAndGet();
        return "s2";
      }));
      Thread.sleep(50);
      assertFalse(single.isDone());
      release.countDown();
      assertEquals(Map.of(1, "b1", 2, "b2", 3, "b3"), bulk.get(10, TimeUnit.SECONDS));
      assertEquals("b2", single.get(10, TimeUnit.SECONDS));
      assertEquals(0, singleLoads.get());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldNotDeadlockBetweenOverlappingBulkLoads() throws Exception {
    // Each function waits briefly for the other call to be inside its own, so that both calls hold placeholders at
    // once when their orders interleave; a call that found every key placed by the other has no function to call.
    for (int round = 0; round < 50; round++) {
      ClockProCache<Integer, String> shared = ClockProCache.builder().maximumSize(100).build();
      CountDownLatch bothPlaced = new CountDownLatch(2);
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        Future<Map<Integer, String>> first = pool.submit(() -> shared.getAll(List.of(1, 2, 3, 4), keys -> {
          bothPlaced.countDown();
          awaitBriefly(bothPlaced);
          return values(keys, "a");
        }));
        Future<Map<Integer, String>> second = pool.submit(() -> shared.getAll(List.of(4, 3, 2, 1), keys -> {
          bothPlaced.countDown();
          awaitBriefly(bothPlaced);
          return values(keys, "b");
        }));
        Map<Integer, String> a = first.get(10, TimeUnit.SECONDS);
        Map<Integer, String> b = second.get(10, TimeUnit.SECONDS);
        assertEquals(4, a.size());
        assertEquals(a, b, "each key has one value, loaded by one of the two calls");
      } finally {
        pool.shutdownNow();
      }
      assertEquals(List.of(), EngineAccess.checkInvariants(shared));
    }
  }

  private static Map<Integer, String> values(Set<? extends Integer> keys, String prefix) {
    Map<Integer, String> values = new HashMap<>();
    for (Integer key : keys) {
      values.put(key, prefix + key);
    }
    return values;
  }

  private static void awaitBriefly(CountDownLatch latch) {
    try {
      latch.await(20, TimeUnit.MILLISECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
