package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.Expiry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A plain read inside {@code asMap().compute}, as {@code ConcurrentHashMap} and Caffeine allow, while another
 * thread's write would evict or remove the node under compute: no thread waits for another forever.
 */
class ComputeReadDeadlockTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  private final ManualTicker ticker = new ManualTicker(0);

  /** "expiring" lives one second, every other key an hour. */
  private ClockProCache<String, String> newCache() {
    Expiry<String, String> expiry = (key, value, now) -> key.equals("expiring") ? SECOND : 3_600 * SECOND;
    ClockProCache<String, String> cache =
        ClockProCache.builder().maximumSize(2).ticker(ticker).<String, String>expireAfter(expiry).build();
    cache.put("expiring", "e"); // placed hot: the cache has room
    cache.put("computed", "c"); // placed cold, under the cold hand: the next insert's victim
    ticker.advance(SECOND + 1); // "expiring" has expired, within the wheel's current tick: a read finds it
    return cache;
  }

  @Test
  void shouldNotDeadlockWhenAnInsertWouldEvictTheNodeUnderComputeWhoseFunctionReads() throws Exception {
    ClockProCache<String, String> cache = newCache();
    runAgainstCompute(cache, writer -> writer.put("inserted", "i"));
    assertEquals("c!", cache.getIfPresent("computed"));
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldNotDeadlockWhenAnInvalidationWaitsForTheNodeUnderComputeWhoseFunctionReads() throws Exception {
    ClockProCache<String, String> cache = newCache();
    runAgainstCompute(cache, writer -> writer.invalidate("computed"));
    assertEquals(null, cache.getIfPresent("computed"), "the invalidation took effect after the compute");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  /**
   * Runs a compute of "computed" whose function reads the expired key, and, while the function waits, the write on
   * another thread; then lets the function go on and fails if either thread is still stuck seconds later.
   */
  private static void runAgainstCompute(ClockProCache<String, String> cache,
      Consumer<ClockProCache<String, String>> write) throws Exception {
    CountDownLatch computing = new CountDownLatch(1);
    CountDownLatch proceed = new CountDownLatch(1);
    Thread computer = new Thread(() -> cache.asMap().compute("computed", (key, value) -> {
      computing.countDown();
      awaitQuietly(proceed);
      cache.getIfPresent("expiring"); // a plain read, of an expired entry
      return value + "!";
    }), "computer");
    Thread writer = new Thread(() -> write.accept(cache), "writer");
    computer.setDaemon(true);
    writer.setDaemon(true);
    computer.start();
    computing.await();
    writer.start();
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (writer.isAlive() && writer.getState() == Thread.State.RUNNABLE && System.nanoTime() < until) {
      Thread.sleep(1); // until the writer waits, or is done
    }
    proceed.countDown();
    computer.join(TimeUnit.SECONDS.toMillis(10));
    writer.join(TimeUnit.SECONDS.toMillis(10));
    if (computer.isAlive() || writer.isAlive()) {
      StringBuilder stacks = new StringBuilder("stuck:\n");
      for (Map.Entry<Thread, StackTraceElement[]> each : Thread.getAllStackTraces().entrySet()) {
        stacks.append(each.getKey()).append(' ').append(each.getKey().getState()).append('\n');
        for (StackTraceElement frame : each.getValue()) {
          stacks.append("    at ").append(frame).append('\n');
        }
      }
      fail(stacks.toString());
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
