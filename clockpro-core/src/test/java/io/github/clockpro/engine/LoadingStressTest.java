package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.RemovalCause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The loading paths under concurrent use: synchronous and asynchronous loads, bulk loads, refreshes (explicit and
 * after write), compute and merge, puts, invalidations and evictions, from several threads on one small cache, for
 * a bounded time. Then, at quiescence, three properties and the engine's invariants:
 * <ul>
 *   <li><b>Each value is reported at most once</b>, and a value still present was never reported.
 *   <li><b>No value is lost</b>: every value that is known to have entered the cache (put, the result of a compute
 *       or merge, or returned by any read) is present or was reported removed. (A reload's value enters only if it
 *       is stored; it is checked when a read has returned it.)
 *   <li><b>The last write wins</b>: each thread owns some keys, which only it puts; other threads only read them
 *       (and so refresh them after write). An owner's read of its key, and each owned key at quiescence, finds
 *       the owner's last put, or a value reloaded from it, or nothing (then, at quiescence, that put was
 *       reported).
 * </ul>
 * Every value is a distinct {@code Long}, issued once, so a value names the write that made it.
 */
class LoadingStressTest {

  private static final int THREADS = 4;
  private static final int OWNED_PER_THREAD = 8;
  private static final int OWNED_KEYS = THREADS * OWNED_PER_THREAD;
  private static final int KEYS = 300;
  private static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

  private final AtomicLong nextValue = new AtomicLong(1_000);
  /** The value each reload returned, mapped to the value it reloaded. */
  private final ConcurrentHashMap<Long, Long> reloadedFrom = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Long, Integer> reported = new ConcurrentHashMap<>();
  /** Values known to have entered the cache. */
  private final Set<Long> entered = ConcurrentHashMap.newKeySet();
  private final ManualTicker ticker = new ManualTicker(0);

  private final CacheLoader<Integer, Long> loader = new CacheLoader<>() {
    @Override
    public Long load(Integer key) {
      return issue();
    }

    @Override
    public Map<Integer, Long> loadAll(Set<? extends Integer> keys) {
      Map<Integer, Long> values = new HashMap<>();
      for (Integer key : keys) {
        values.put(key, issue());
      }
      return values;
    }

    @Override
    public Long reload(Integer key, Long oldValue) {
      Long value = issue();
      reloadedFrom.put(value, oldValue);
      return value;
    }
  };

  private Long issue() {
    return Long.valueOf(nextValue.incrementAndGet()); // above the Long cache: a distinct instance
  }

  @ParameterizedTest
  @ValueSource(strings = {"refresh", "refresh and expiry", "refresh, expiry and weights"})
  void shouldReportEachValueOnceAndLoseNone(String configuration) throws Exception {
    ExecutorService executor = Executors.newFixedThreadPool(2);
    CacheBuilder<Object, Object> builder = ClockProCache.builder().scanLimit(16)
        .refreshAfterWrite(Duration.ofMillis(5)).ticker(ticker).executor(executor);
    if (configuration.contains("weights")) {
      // weights 1 to 5, by value: reloads, puts and computes change an entry's weight
      builder = builder.maximumWeight(300).weigher((Object key, Object value) -> 1 + (int) ((Long) value % 5));
    } else {
      builder.maximumSize(100);
    }
    if (configuration.contains("expiry")) {
      builder.expireAfterAccess(Duration.ofMillis(40));
    }
    ClockProLoadingCache<Integer, Long> cache = builder
        .removalListener((Integer key, Long value, RemovalCause cause) -> reported.merge(value, 1, Integer::sum))
        .build(loader);
    BoundedCache<Integer, Long> engine = EngineAccess.engine(cache);
    ClockProAsyncCache<Integer, Long> async = new AsyncCacheView<>(engine, executor);

    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Map<Integer, Long>> lastPuts = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int thread = 0; thread < THREADS; thread++) {
      int owner = thread;
      Map<Integer, Long> lastPut = new HashMap<>();
      lastPuts.add(lastPut);
      threads.add(new Thread(() -> {
        try {
          run(cache, async, owner, lastPut, stop);
        } catch (Throwable error) {
          failure.compareAndSet(null, error);
        }
      }));
    }
    threads.forEach(Thread::start);
    long end = System.nanoTime() + RUN_NANOS;
    while (System.nanoTime() < end && failure.get() == null) {
      assertEquals(List.of(), engine.checkInvariants());
      Thread.sleep(50);
    }
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }
    executor.shutdown();
    assertTrue(executor.awaitTermination(30, TimeUnit.SECONDS), "reloads and asynchronous loads finish");
    assertNull(failure.get(), () -> "a worker failed: " + failure.get());
    cache.cleanUp();
    assertEquals(List.of(), engine.checkInvariants());

    Map<Integer, Long> present = new LinkedHashMap<>(cache.asMap());
    Set<Long> presentValues = new HashSet<>(present.values());
    assertEquals(present.size(), presentValues.size(), "each value is cached for one key at most");
    reported.forEach((value, count) -> assertEquals(1, count, () -> "value " + value + " reported " + count));
    for (Long value : presentValues) {
      assertFalse(reported.containsKey(value), () -> "value " + value + " is present but was reported");
    }
    for (Long value : entered) {
      assertTrue(presentValues.contains(value) || reported.containsKey(value),
          () -> "value " + value + " entered the cache, and is neither present nor reported");
    }
    for (Map<Integer, Long> lastPut : lastPuts) {
      lastPut.forEach((key, put) -> {
        Long value = present.get(key);
        if (value == null) {
          assertTrue(reported.containsKey(put), () -> "key " + key + " is absent and its last put unreported");
        } else {
          assertEquals(put, rootOf(value), () -> "key " + key + " holds " + value + ", not its last put");
        }
      });
    }
    assertTrue(reported.size() > 0 && cache.stats().refreshSuccessCount() > 0, cache.stats().toString());
  }

  /** The value a chain of reloads started from. */
  private Long rootOf(Long value) {
    Long root = value;
    for (Long origin = reloadedFrom.get(root); origin != null; origin = reloadedFrom.get(root)) {
      root = origin;
    }
    return root;
  }

  private void run(ClockProLoadingCache<Integer, Long> cache, ClockProAsyncCache<Integer, Long> async, int owner,
      Map<Integer, Long> lastPut, AtomicBoolean stop) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (!stop.get()) {
      int shared = OWNED_KEYS + random.nextInt(KEYS - OWNED_KEYS);
      switch (random.nextInt(15)) {
        case 0, 1 -> {
          int key = owner + THREADS * random.nextInt(OWNED_PER_THREAD);
          Long value = issue();
          entered.add(value);
          cache.put(key, value);
          lastPut.put(key, value);
        }
        case 2 -> observe(cache.getIfPresent(random.nextInt(KEYS)));
        case 3 -> observe(cache.get(shared));
        case 4 -> observe(async.get(shared, key -> issue()).join());
        case 5 -> cache.getAll(List.of(shared, shared + 1 - 2 * (shared & 1), OWNED_KEYS + random.nextInt(16)))
            .values().forEach(this::observe);
        case 6 -> cache.getAll(List.of(shared, OWNED_KEYS + random.nextInt(16)), missing -> {
          Map<Integer, Long> values = new HashMap<>();
          missing.forEach(key -> values.put(key, issue()));
          return values;
        }).values().forEach(this::observe);
        case 7 -> cache.refresh(shared);
        case 8 -> observe(cache.asMap().compute(shared,
            (key, value) -> random.nextInt(4) == 0 ? null : issue()));
        case 9 -> observe(cache.asMap().merge(shared, issue(), (old, given) -> issue()));
        case 10 -> cache.invalidate(shared);
        case 11 -> {
          Long value = issue();
          entered.add(value);
          cache.put(shared, value);
        }
        case 12 -> observe(cache.asMap().computeIfAbsent(shared, key -> issue()));
        case 13 -> {
          int key = owner + THREADS * random.nextInt(OWNED_PER_THREAD);
          Long value = cache.getIfPresent(key);
          observe(value);
          Long put = lastPut.get(key);
          if (value != null && (put == null || !put.equals(rootOf(value)))) {
            throw new AssertionError("key " + key + " holds " + value + ", not its owner's last put " + put
                + " or a reload of it");
          }
        }
        default -> ticker.advance(random.nextLong(TimeUnit.MILLISECONDS.toNanos(1)));
      }
    }
  }

  /** A value a read or a write returned: it was in the cache, or was reported as evicted while loading. */
  private void observe(Long value) {
    if (value != null) {
      entered.add(value);
    }
  }
}
