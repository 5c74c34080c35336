package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The atomic compute, computeIfPresent and merge of {@code asMap()}. */
class ComputeTest {

  /** Appended to in constant time: a contended test below reports tens of thousands of replacements. */
  private final List<String> removals = Collections.synchronizedList(new ArrayList<>());
  private final ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100)
      .<Integer, Integer>removalListener((key, value, cause) -> removals.add(key + "=" + value + " " + cause))
      .build();
  private final ConcurrentMap<Integer, Integer> map = cache.asMap();

  @Test
  void shouldCallTheFunctionExactlyOncePerCallUnderContention() throws Exception {
    int threads = 4;
    int updatesPerThread = 20_000;
    AtomicLong calls = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < updatesPerThread; i++) {
            map.compute(i % 4, (key, value) -> {
              calls.incrementAndGet();
              return value == null ? 1 : value + 1;
            });
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * updatesPerThread, calls.get());
    int sum = 0;
    for (int key = 0; key < 4; key++) {
      sum += map.get(key);
    }
    assertEquals(threads * updatesPerThread, sum);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldInsertReplaceAndRemoveWithCompute() {
    assertEquals(1, map.compute(7, (key, value) -> value == null ? 1 : value + 1));
    assertEquals(2, map.compute(7, (key, value) -> value == null ? 1 : value + 1));
    assertNull(map.compute(7, (key, value) -> null));
    assertNull(map.get(7));
    assertNull(map.compute(8, (key, value) -> null));
    assertEquals(0, cache.size());
    assertEquals(List.of("7=1 REPLACED", "7=2 EXPLICIT"), removals);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldComputeIfPresentOnlyForPresentKeys() {
    AtomicInteger calls = new AtomicInteger();
    assertNull(map.computeIfPresent(1, (key, value) -> calls.incrementAndGet()));
    assertEquals(0, calls.get());
    map.put(1, 10);
    assertEquals(11, map.computeIfPresent(1, (key, value) -> value + 1));
    assertNull(map.computeIfPresent(1, (key, value) -> null));
    assertTrue(map.isEmpty());
  }

  @Test
  void shouldMergeWithoutCallingTheFunctionForAnAbsentKey() {
    AtomicInteger calls = new AtomicInteger();
    assertEquals(5, map.merge(1, 5, (old, given) -> calls.incrementAndGet()));
    assertEquals(0, calls.get());
    assertEquals(8, map.merge(1, 3, Integer::sum));
    assertNull(map.merge(1, 3, (old, given) -> null));
    assertNull(map.get(1));
  }

  @Test
  void shouldLeaveTheValueWhenTheFunctionThrows() {
    map.put(1, 1);
    assertThrows(IllegalStateException.class, () -> map.compute(1, (key, value) -> {
      throw new IllegalStateException("boom");
    }));
    assertEquals(1, map.get(1));
    assertThrows(IllegalStateException.class, () -> map.compute(2, (key, value) -> {
      throw new IllegalStateException("boom");
    }));
    assertNull(map.get(2));
    assertEquals(1, cache.size());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldRejectNullArgumentsNamingThem() {
    NullPointerException key = assertThrows(NullPointerException.class, () -> map.compute(null, (k, v) -> 1));
    assertEquals("key", key.getMessage());
    NullPointerException function = assertThrows(NullPointerException.class, () -> map.compute(1, null));
    assertEquals("remappingFunction", function.getMessage());
    NullPointerException value = assertThrows(NullPointerException.class, () -> map.merge(1, null, Integer::sum));
    assertEquals("value", value.getMessage());
  }

  @Test
  void shouldRejectAWriteOfTheSameAbsentKeyFromInsideTheFunction() {
    assertThrows(IllegalStateException.class, () -> map.compute(3, (key, value) -> map.put(3, 1)));
    assertNull(map.get(3));
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldMakeAPutWaitForAComputeOfAnAbsentKey() throws Exception {
    CountDownLatch inFunction = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> compute = pool.submit(() -> map.compute(5, (key, value) -> {
        inFunction.countDown();
        await(release);
        return 50;
      }));
      assertTrue(inFunction.await(10, TimeUnit.SECONDS));
      Future<Integer> put = pool.submit(() -> map.put(5, 51));
      Thread.sleep(50);
      assertTrue(!put.isDone(), "the put waits for the compute");
      assertNull(map.get(5), "the key is absent while its compute runs");
      release.countDown();
      assertEquals(50, compute.get(10, TimeUnit.SECONDS));
      assertEquals(50, put.get(10, TimeUnit.SECONDS), "the put replaced the computed value");
      assertEquals(51, map.get(5));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldReportEachRemovalOnceWhileComputesRaceEvictionsAndExpiry() throws Exception {
    ManualTicker ticker = new ManualTicker(0);
    AtomicInteger reported = new AtomicInteger();
    ClockProCache<Integer, Integer> small = ClockProCache.builder().maximumSize(16)
        .expireAfterWrite(Duration.ofSeconds(5)).ticker(ticker)
        .<Integer, Integer>removalListener((key, value, cause) -> reported.incrementAndGet())
        .build();
    ConcurrentMap<Integer, Integer> view = small.asMap();
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = t;
        done.add(pool.submit(() -> {
          java.util.Random random = new java.util.Random(seed);
          for (int i = 0; i < 20_000; i++) {
            int key = random.nextInt(40);
            switch (random.nextInt(5)) {
              // values of 1,000 and more are never Integer's cached instances, so every value stored is a new
              // instance, and every replacement is reported
              case 0 -> view.compute(key, (k, v) -> random.nextInt(4) == 0 ? null : (v == null ? 1_000 : v + 1));
              case 1 -> view.merge(key, 1_000, (a, b) -> random.nextInt(4) == 0 ? null : a + b);
              case 2 -> view.computeIfPresent(key, (k, v) -> v + 1);
              case 3 -> view.put(key, 1_000 + random.nextInt(1_000));
              default -> view.remove(key);
            }
            if (seed == 0 && i % 1_000 == 0) {
              ticker.advance(TimeUnit.SECONDS.toNanos(1));
            }
          }
          return null;
        }));
      }
      for (Future<?> future : done) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(List.of(), EngineAccess.checkInvariants(small));
    int remaining = small.size();
    small.invalidateAll();
    assertEquals(0, small.size());
    assertEquals(List.of(), EngineAccess.checkInvariants(small));
    // every value stored left exactly once: replaced, removed, evicted, expired or invalidated at the end
    long puts = small.stats().putCount();
    assertEquals(puts, reported.get(), "one notification per stored value (remaining before: " + remaining + ")");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
