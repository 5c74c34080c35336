package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link StackOverflowTest}'s idea for user code: a loader, weigher, {@link Expiry} or removal listener that fails
 * at random, with an exception or an error (a {@link StackOverflowError} among them), while two threads run every
 * kind of operation on a few keys. Then, from another thread and with timeouts: the eviction lock is free, no key
 * is stuck behind a placeholder, no compute is left registered, and every invariant holds.
 */
class FailingCallbackTest {

  private static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(1200);
  private static final int KEYS = 24;
  private static final long MILLISECOND = TimeUnit.MILLISECONDS.toNanos(1);

  private final AtomicBoolean armed = new AtomicBoolean(true);
  private final ManualTicker ticker = new ManualTicker(0);

  @ParameterizedTest
  @ValueSource(strings = {"loader", "weigher", "expiry", "listener"})
  void shouldLeaveNoPlaceholderLockOrComputeBehindWhenACallbackFails(String failing) throws Exception {
    CacheLoader<Integer, Integer> loader = key -> {
      failSometimes(failing.equals("loader"));
      return key;
    };
    Expiry<Integer, Integer> expiry = new Expiry<>() {
      @Override
      public long expireAfterCreate(Integer key, Integer value, long currentTime) {
        failSometimes(failing.equals("expiry"));
        return 50 * MILLISECOND;
      }

      @Override
      public long expireAfterUpdate(Integer key, Integer value, long currentTime, long currentDuration) {
        failSometimes(failing.equals("expiry"));
        return 20 * MILLISECOND;
      }

      @Override
      public long expireAfterRead(Integer key, Integer value, long currentTime, long currentDuration) {
        failSometimes(failing.equals("expiry"));
        return currentDuration;
      }
    };
    ClockProLoadingCache<Integer, Integer> cache = ClockProCache.builder().maximumWeight(12).scanLimit(4)
        .ticker(ticker).executor(Runnable::run)
        .<Integer, Integer>weigher((key, value) -> {
          failSometimes(failing.equals("weigher"));
          return 1 + (value & 1);
        })
        .<Integer, Integer>expireAfter(expiry)
        .<Integer, Integer>removalListener((key, value, cause) -> failSometimes(failing.equals("listener")))
        .build(loader);

    AtomicReference<Throwable> unexpected = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int index = 0; index < 2; index++) {
      Thread worker = new Thread(() -> {
        long end = System.nanoTime() + RUN_NANOS;
        while (System.nanoTime() < end) {
          try {
            operate(cache);
          } catch (Simulated | SimulatedOverflow expected) {
            // the callback's failure, passed on to the caller
          } catch (Throwable other) {
            unexpected.compareAndSet(null, other);
          }
        }
      });
      worker.setDaemon(true);
      workers.add(worker);
    }
    workers.forEach(Thread::start);
    for (Thread worker : workers) {
      worker.join(TimeUnit.SECONDS.toMillis(30));
    }
    armed.set(false);
    assertNull(unexpected.get(), () -> "not the callback's failure: " + unexpected.get());

    ExecutorService checker = Executors.newSingleThreadExecutor();
    try {
      checker.submit(() -> cache.put(-1, -1)).get(10, TimeUnit.SECONDS); // the eviction lock is free
      checker.submit(() -> {
        for (int key = 0; key < KEYS; key++) {
          assertNotNull(cache.get(key), "key " + key); // no placeholder left: every key loads
        }
      }).get(20, TimeUnit.SECONDS);
      BoundedCache<Integer, Integer> engine = EngineAccess.engine(cache);
      assertEquals(0, checker.submit(engine::computesInFlight).get(10, TimeUnit.SECONDS), "computes left");
      assertEquals(List.of(), checker.submit(() -> EngineAccess.checkInvariants(cache)).get(10, TimeUnit.SECONDS));
    } finally {
      checker.shutdownNow();
    }
  }

  private static void operate(ClockProLoadingCache<Integer, Integer> cache) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int key = random.nextInt(KEYS);
    switch (random.nextInt(12)) {
      case 0 -> cache.get(key);
      case 1 -> cache.get(key, k -> k + 1);
      case 2 -> cache.getAll(List.of(key, random.nextInt(KEYS), random.nextInt(KEYS)));
      case 3 -> cache.getAll(List.of(key, random.nextInt(KEYS)), keys -> Map.of(key, key + 2));
      case 4 -> cache.put(key, random.nextInt(100));
      case 5 -> cache.asMap().compute(key, (k, value) -> random.nextInt(6) == 0 ? null : random.nextInt(100));
      case 6 -> cache.asMap().merge(key, 1, (old, given) -> old + given);
      case 7 -> cache.asMap().replace(key, random.nextInt(100));
      case 8 -> cache.refresh(key);
      case 9 -> cache.invalidate(key);
      case 10 -> cache.getIfPresent(key);
      default -> {
        cache.cleanUp();
        cache.asMap().computeIfAbsent(key, k -> k + 3);
      }
    }
    if (random.nextInt(16) == 0) {
      cache.policy().setMaximum(6 + random.nextInt(12));
    }
  }

  /** Throws, one call in four while armed, an exception or an error the caller must pass on. */
  private void failSometimes(boolean thisCallback) {
    ticker.advance(ThreadLocalRandom.current().nextLong(MILLISECOND));
    if (!thisCallback || !armed.get() || ThreadLocalRandom.current().nextInt(4) != 0) {
      return;
    }
    if (ThreadLocalRandom.current().nextBoolean()) {
      throw new Simulated();
    }
    throw new SimulatedOverflow();
  }

  private static final class Simulated extends RuntimeException {
    Simulated() {
      super("a callback failed", null, false, false);
    }
  }

  /** An error thrown by a callback, as a stack overflow inside it would be. */
  private static final class SimulatedOverflow extends StackOverflowError {}
}
