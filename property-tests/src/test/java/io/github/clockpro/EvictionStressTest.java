package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs eight threads of mixed operations against a small cache that evicts constantly, then checks at
 * quiescence that nothing was lost or reported twice.
 *
 * <p>Every value written is unique, and encodes its key. Each value that the cache stored must, at the end, have
 * had exactly one fate: it was reported once to the removal listener (evicted, invalidated or replaced), or it is
 * still the value of its key. This is the "no lost entries" check: a value stored and neither evicted nor
 * invalidated nor replaced is present, and it is its key's last value, because every other value stored for the
 * key was reported. The counters of {@link CacheStats} must equal the operations the threads counted.
 *
 * <p>It runs twice: bounded by size, and bounded by weight with a weigher whose weights change with each value
 * (from 0 to 7), where the bound is twice the maximum weight while running and the maximum after {@code cleanUp()}.
 *
 * <p>The run lasts {@code -Dclockpro.stress.millis} milliseconds (3,000 in the default build).
 */
class EvictionStressTest {

  private static final int THREADS = 8;
  private static final int MAXIMUM_SIZE = 64;
  private static final int SCAN_LIMIT = 16;
  private static final int KEYS = 512;
  /** Values are {@code sequence * VALUE_STRIDE + key}, so that each is unique and names its key. */
  private static final long VALUE_STRIDE = 1_000;

  private final AtomicLong sequence = new AtomicLong();
  private final Set<Long> stored = ConcurrentHashMap.newKeySet();
  private final ConcurrentLinkedQueue<Removal> removals = new ConcurrentLinkedQueue<>();
  private final LongAdder lookups = new LongAdder();
  private final LongAdder puts = new LongAdder();
  private final LongAdder loaderCalls = new LongAdder();

  /** The cache's maximum weight, when it is weighted: room for about {@link #MAXIMUM_SIZE} entries. */
  private static final int MAXIMUM_WEIGHT = 4 * MAXIMUM_SIZE;

  /** Made by each run, bounded by size or by weight. */
  private ClockProCache<Integer, Long> cache;

  /**
   * A weigher from 0 to 7 by the value's sequence number, so that a key's weight changes with each of its values
   * and some entries weigh nothing.
   */
  private static int weigh(Integer key, Long value) {
    return (int) (value / VALUE_STRIDE % 8);
  }

  private ClockProCache<Integer, Long> newCache(boolean weighted) {
    return weighted
        ? ClockProCache.builder().scanLimit(SCAN_LIMIT).maximumWeight(MAXIMUM_WEIGHT)
            .weigher(EvictionStressTest::weigh)
            .removalListener((Integer key, Long value, RemovalCause cause) -> removals.add(new Removal(key, value, cause)))
            .build()
        : ClockProCache.builder().scanLimit(SCAN_LIMIT).maximumSize(MAXIMUM_SIZE)
            .removalListener((Integer key, Long value, RemovalCause cause) -> removals.add(new Removal(key, value, cause)))
            .build();
  }

  /** One call of the removal listener. */
  record Removal(Integer key, Long value, RemovalCause cause) {}

  @ParameterizedTest(name = "weighted={0}")
  @ValueSource(booleans = {false, true})
  void shouldAccountForEveryStoredValueExactlyOnceAfterConcurrentEviction(boolean weighted)
      throws InterruptedException {
    this.cache = newCache(weighted);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Long.getLong("clockpro.stress.millis", 3_000));
    List<Throwable> failures = new ArrayList<>();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      long seed = i;
      Thread thread = new Thread(() -> {
        try {
          start.await();
          SplittableRandom random = new SplittableRandom(seed);
          while (System.nanoTime() < deadline) {
            for (int step = 0; step < 256; step++) {
              runOneOperation(random);
            }
            long size = weighted ? cache.policy().weightedSize().orElseThrow() : cache.size();
            long most = weighted ? 2 * MAXIMUM_WEIGHT : MAXIMUM_SIZE; // the bound on a weighted cache's excess
            if (size > most) {
              throw new AssertionError("size " + size + " > " + most + " while running");
            }
            if (random.nextInt(16) == 0) {
              List<String> violations = io.github.clockpro.engine.EngineInvariants.violations(cache); // they hold at every release of the lock
              if (!violations.isEmpty()) {
                throw new AssertionError("invariants while running: " + violations);
              }
            }
          }
        } catch (Throwable failure) {
          synchronized (failures) {
            failures.add(failure);
          }
        }
      }, "stress-" + i);
      threads.add(thread);
      thread.start();
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    assertTrue(failures.isEmpty(), () -> "a stress thread failed: " + failures);

    cache.cleanUp();
    assertEquals(List.of(), io.github.clockpro.engine.EngineInvariants.violations(cache), "invariants at quiescence");
    assertTrue(cache.size() <= MAXIMUM_SIZE || weighted, () -> "size " + cache.size() + " > " + MAXIMUM_SIZE);
    assertTrue(!weighted || cache.policy().weightedSize().orElseThrow() <= MAXIMUM_WEIGHT,
        () -> "weight " + cache.policy().weightedSize() + " > " + MAXIMUM_WEIGHT + " after cleanUp");
    assertTrue(cache.stats().maxScanPerEviction() <= SCAN_LIMIT,
        () -> "an eviction examined " + cache.stats().maxScanPerEviction() + " entries");
    checkEveryStoredValueHasExactlyOneFate();
    checkStatisticsMatchTheOperations();
  }

  private void runOneOperation(SplittableRandom random) {
    int key = random.nextInt(KEYS);
    int choice = random.nextInt(100);
    if (choice < 30) {
      long value = nextValue(key);
      stored.add(value);
      cache.put(key, value);
      puts.increment();
    } else if (choice < 55) {
      cache.getIfPresent(key);
      lookups.increment();
    } else if (choice < 75) {
      getWithLoader(key, random.nextInt(10));
    } else if (choice < 83) {
      cache.invalidate(key);
    } else if (choice < 88) {
      long value = nextValue(key);
      stored.add(value);
      if (cache.asMap().putIfAbsent(key, value) == null) {
        puts.increment();
      } else {
        stored.remove(value);
      }
    } else if (choice < 93) {
      long value = nextValue(key);
      stored.add(value);
      if (cache.asMap().replace(key, value) != null) {
        puts.increment();
      } else {
        stored.remove(value);
      }
    } else if (choice < 98) {
      Long present = cache.asMap().get(key);
      if (present != null) {
        cache.asMap().remove(key, present);
      }
    } else if (choice == 98) {
      cache.asMap().remove(key);
    } else if (random.nextInt(50) == 0) {
      cache.invalidateAll();
    }
  }

  /** Loads through the cache with a loader that succeeds, fails or returns null, as {@code outcome} says. */
  private void getWithLoader(int key, int outcome) {
    long value = nextValue(key);
    stored.add(value);
    lookups.increment();
    Long result;
    try {
      result = cache.get(key, k -> {
        loaderCalls.increment();
        if (outcome == 0) {
          throw new IllegalStateException("the loader failed");
        }
        return outcome == 1 ? null : value;
      });
    } catch (IllegalStateException expected) {
      result = null;
    }
    if (result == null || result != value) {
      stored.remove(value); // this call's value was not the one stored
    }
  }

  private long nextValue(int key) {
    return sequence.incrementAndGet() * VALUE_STRIDE + key;
  }

  private void checkEveryStoredValueHasExactlyOneFate() {
    Map<Long, Removal> reported = new HashMap<>();
    for (Removal removal : removals) {
      Removal earlier = reported.put(removal.value(), removal);
      assertTrue(earlier == null, () -> "value reported twice: " + earlier + " and " + removal);
      assertTrue(stored.contains(removal.value()), () -> "reported a value never stored: " + removal);
      assertEquals(removal.value() % VALUE_STRIDE, (long) removal.key(), () -> "reported under another key: " + removal);
    }
    Map<Integer, Long> present = new HashMap<>(cache.asMap());
    for (Map.Entry<Integer, Long> entry : present.entrySet()) {
      Long value = entry.getValue();
      assertTrue(stored.contains(value), () -> "present value never stored: " + entry);
      assertEquals(value % VALUE_STRIDE, (long) entry.getKey(), () -> "value under another key: " + entry);
      assertTrue(!reported.containsKey(value), () -> "present value was also reported removed: " + entry);
    }
    for (Long value : stored) {
      assertTrue(reported.containsKey(value) || present.containsValue(value),
          () -> "lost: value " + value + " of key " + value % VALUE_STRIDE + " is neither present nor reported");
    }
  }

  private void checkStatisticsMatchTheOperations() {
    CacheStats stats = cache.stats();
    long evictions = removals.stream().filter(removal -> removal.cause() == RemovalCause.SIZE).count();
    assertTrue(evictions > 0, "the stress run evicted nothing");
    // A load in flight evicted from this small cache is reported when its value arrives; one whose loader then
    // fails or returns null has nothing to report, so at most the failed loads are counted but not reported.
    assertTrue(evictions <= stats.evictionCount(), "SIZE notifications against evictions counted");
    assertTrue(stats.evictionCount() - evictions <= stats.loadFailureCount(),
        () -> "evictions counted " + stats.evictionCount() + " but reported " + evictions);
    assertEquals(lookups.sum(), stats.hitCount() + stats.missCount(), "hits + misses against lookups");
    assertEquals(puts.sum(), stats.putCount(), "puts");
    assertEquals(loaderCalls.sum(), stats.loadSuccessCount() + stats.loadFailureCount(), "loads");
    assertEquals(cache.size(), cache.policy().hotSize() + cache.policy().coldSize(), "hot + cold against size");
    assertTrue(cache.policy().isWeighted() || cache.policy().historySize() <= MAXIMUM_SIZE,
        () -> "history " + cache.policy().historySize());
  }
}
