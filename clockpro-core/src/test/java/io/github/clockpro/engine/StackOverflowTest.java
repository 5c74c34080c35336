package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A {@link StackOverflowError} may strike any call of an operation, on the way into the eviction lock, inside its
 * critical section, on the way out, or while a failed load cleans up. Whatever it strikes, it leaves no damage:
 * no lock stays held, no key stays stuck behind a placeholder, and every invariant holds. The test runs
 * operations at stack depths close to overflow, over and over, with the depth varied so that the overflow lands
 * on every call in turn; then checks from another thread, with timeouts.
 */
class StackOverflowTest {

  private static final long RUN_NANOS = 3_000_000_000L;
  private static final int KEYS = 4096;
  private static final int STACK_BYTES = 256 * 1024;

  private final ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(64).build();
  private final BitSet used = new BitSet();

  @Test
  void shouldLeaveNoLockHeldNoKeyStuckAndEveryInvariantWhereTheStackOverflows() throws Exception {
    Thread worker = new Thread(null, this::overflowRepeatedly, "overflowing", STACK_BYTES);
    worker.start();
    worker.join(TimeUnit.NANOSECONDS.toMillis(RUN_NANOS) + 20_000);
    assertTrue(!worker.isAlive(), "the overflowing thread finished");

    ExecutorService checker = Executors.newSingleThreadExecutor();
    try {
      checker.submit(() -> cache.put(-1, -1)).get(10, TimeUnit.SECONDS); // the eviction lock is free
      Future<?> everyKey = checker.submit(() -> {
        for (int key = used.nextSetBit(0); key >= 0; key = used.nextSetBit(key + 1)) {
          Integer value = cache.get(key, Function.identity());
          assertTrue(value != null, "key " + key);
        }
      });
      everyKey.get(20, TimeUnit.SECONDS); // no key is stuck behind a placeholder
      List<String> violations = checker.submit(() -> EngineAccess.checkInvariants(cache)).get(10, TimeUnit.SECONDS);
      assertEquals(List.of(), violations);
    } finally {
      checker.shutdownNow();
    }
  }

  private void overflowRepeatedly() {
    SplittableRandom random = new SplittableRandom(7);
    long deadline = System.nanoTime() + RUN_NANOS;
    while (System.nanoTime() < deadline) {
      int padding = random.nextInt(64);
      try {
        pad(padding, random.nextInt(4), random.nextInt(KEYS - 1024));
      } catch (StackOverflowError expected) {
        // the point of the test
      }
    }
  }

  /** Descends {@code frames} frames, so that the overflow in {@link #descend} lands at a different offset. */
  private int pad(int frames, int kind, int firstKey) {
    if (frames > 0) {
      return pad(frames - 1, kind, firstKey) + 1;
    }
    if (kind == 0) {
      return recursiveLoad(firstKey);
    }
    descend(kind, firstKey, 0);
    return 0;
  }

  /** A loader that loads the next key through the cache, and so on, until the stack overflows. */
  private int recursiveLoad(int key) {
    synchronized (used) {
      used.set(key);
    }
    return cache.get(key, next -> recursiveLoad(next + 1));
  }

  /** Runs one operation on a key at each level, deeper and deeper, until the stack overflows. */
  private void descend(int kind, int firstKey, int level) {
    int key = firstKey + (level & 1023);
    synchronized (used) {
      used.set(key);
    }
    switch ((kind + level) % 4) {
      case 0 -> cache.put(key, key);
      case 1 -> cache.get(key, Function.identity());
      case 2 -> cache.invalidate(key);
      default -> cache.getIfPresent(key);
    }
    descend(kind, firstKey, level + 1);
  }
}
