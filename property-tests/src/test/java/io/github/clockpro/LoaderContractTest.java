package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.engine.EngineInvariants;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ClockProCache#get(Object, java.util.function.Function)} and {@code asMap().computeIfAbsent} as the
 * cache's Javadoc describes them: one load per key at a time, its result or exception shared by every caller
 * waiting for it, nothing cached for a loader that fails or returns {@code null}, a recursive load refused, and a
 * put during the load winning over the loader's outcome.
 *
 * <p>A loader blocks on a latch (with a time limit) until its waiters have joined; a waiter has joined the load in
 * flight when its thread waits without a time limit, as joining the load does.
 */
class LoaderContractTest {

  private static final long TIMEOUT_SECONDS = 10;

  private final List<String> removals = new ArrayList<>();
  private final ClockProCache<Integer, String> cache = ClockProCache.builder()
      .maximumSize(100)
      .removalListener((Integer key, String value, RemovalCause cause) -> {
        synchronized (removals) {
          removals.add(key + "=" + value + " " + cause);
        }
      })
      .build();
  private final List<Thread> threads = new ArrayList<>();

  @AfterEach
  void checkInvariantsAndStopThreads() throws InterruptedException {
    for (Thread thread : threads) {
      thread.interrupt();
      thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
    }
    assertEquals(List.of(), EngineInvariants.violations(cache));
  }

  @Test
  void shouldLoadOnAMissCacheTheValueAndHitAfterwards() {
    assertEquals("v1", cache.get(1, key -> "v" + key));
    assertEquals("v1", cache.get(1, key -> "other"));
    assertEquals("v1", cache.getIfPresent(1));
    CacheStats stats = cache.stats();
    assertEquals(2, stats.hitCount());
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(0, stats.loadFailureCount());
    assertEquals(1, cache.size());
  }

  @Test
  void shouldCountTheTimeSpentInLoadersWithinTheTimeTheCallsTook() {
    long start = System.nanoTime();
    assertEquals("slow", cache.get(1, key -> {
      sleepAMillisecond();
      return "slow";
    }));
    assertThrows(IllegalStateException.class, () -> cache.get(2, key -> {
      sleepAMillisecond();
      throw new IllegalStateException("slow failure");
    }));
    long elapsed = System.nanoTime() - start;
    long loadTime = cache.stats().totalLoadTime();
    assertTrue(loadTime >= TimeUnit.MILLISECONDS.toNanos(2), "both loads counted: " + loadTime + " ns");
    assertTrue(loadTime <= elapsed, loadTime + " ns counted in " + elapsed + " ns");
  }

  @Test
  void shouldCacheNothingForALoaderThatReturnsNull() {
    assertNull(cache.get(1, key -> null));
    assertNull(cache.getIfPresent(1));
    assertEquals(0, cache.size());
    assertEquals(1, cache.stats().loadFailureCount());
    assertEquals(0, cache.stats().loadSuccessCount());
    assertEquals("later", cache.get(1, key -> "later"), "the next call loads again");
  }

  @Test
  void shouldRethrowTheLoadersExceptionAndCacheNothing() {
    IllegalStateException failure = new IllegalStateException("database down");
    assertSame(failure, assertThrows(IllegalStateException.class, () -> cache.get(1, key -> {
      throw failure;
    })));
    StackOverflowError error = new StackOverflowError("deep loader");
    assertSame(error, assertThrows(StackOverflowError.class, () -> cache.asMap().computeIfAbsent(2, key -> {
      throw error;
    })));
    assertEquals(0, cache.size());
    assertFalse(cache.asMap().containsKey(1));
    assertEquals(2, cache.stats().loadFailureCount());
    assertEquals("later", cache.get(1, key -> "later"));
    assertEquals("later", cache.get(2, key -> "later"));
  }

  @Test
  void shouldRefuseARecursiveLoadOfTheSameKeyButLoadOtherKeys() {
    IllegalStateException error = assertThrows(IllegalStateException.class,
        () -> cache.get(1, key -> cache.get(1, inner -> "inner")));
    assertTrue(error.getMessage().contains("Recursive load"), error.getMessage());
    assertThrows(IllegalStateException.class,
        () -> cache.asMap().computeIfAbsent(1, key -> cache.asMap().computeIfAbsent(1, inner -> "inner")));
    assertNull(cache.getIfPresent(1));
    assertEquals("outer", cache.get(2, key -> cache.get(3, inner -> "inner").replace("inner", "outer")));
    assertEquals("inner", cache.getIfPresent(3));
    assertEquals("outer", cache.getIfPresent(2));
  }

  @Test
  void shouldShareOneLoadsValueWithEveryWaiter() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    FutureTask<String> loader = startLoad(() -> cache.get(1, key -> {
      calls.incrementAndGet();
      await(release);
      return "loaded";
    }));
    FutureTask<String> waiter = startWaiter(() -> cache.get(1, key -> "waiter's own " + calls.incrementAndGet()));
    FutureTask<String> viewWaiter = startWaiter(() -> cache.asMap().computeIfAbsent(1, key -> "never"));
    release.countDown();
    assertEquals("loaded", result(loader));
    assertEquals("loaded", result(waiter));
    assertEquals("loaded", result(viewWaiter));
    assertEquals(1, calls.get());
    assertEquals(1, cache.stats().loadSuccessCount());
    assertEquals("loaded", cache.getIfPresent(1));
  }

  @Test
  void shouldGiveEveryWaiterTheLoadersRuntimeExceptionAndCacheNothing() throws Exception {
    IllegalArgumentException failure = new IllegalArgumentException("bad key");
    ExecutionException[] errors = failTogether(() -> {
      throw failure;
    });
    for (ExecutionException error : errors) {
      assertSame(failure, error.getCause());
    }
    assertNull(cache.getIfPresent(1));
    assertEquals(1, cache.stats().loadFailureCount());
    assertEquals("later", cache.get(1, key -> "later"), "a failed load leaves no placeholder behind");
  }

  @Test
  void shouldGiveEveryWaiterTheLoadersError() throws Exception {
    AssertionError failure = new AssertionError("broken loader");
    for (ExecutionException error : failTogether(() -> {
      throw failure;
    })) {
      assertSame(failure, error.getCause());
    }
    assertNull(cache.getIfPresent(1));
  }

  @Test
  void shouldGiveAWaiterALoadersCheckedExceptionWrapped() throws Exception {
    IOException failure = new IOException("disk gone");
    ExecutionException[] errors = failTogether(() -> sneakyThrow(failure));
    assertSame(failure, errors[0].getCause(), "the loader's own caller gets it as thrown");
    CompletionException wrapped = assertThrows(CompletionException.class, () -> {
      throw errors[1].getCause();
    });
    assertSame(failure, wrapped.getCause(), "a waiter gets it wrapped, as CompletableFuture.join does");
  }

  @Test
  void shouldGiveEveryWaiterNullWhenTheLoaderReturnsNull() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    FutureTask<String> loader = startLoad(() -> cache.get(1, key -> {
      await(release);
      return null;
    }));
    FutureTask<String> waiter = startWaiter(() -> cache.get(1, key -> "never"));
    release.countDown();
    assertNull(result(loader));
    assertNull(result(waiter));
    assertNull(cache.getIfPresent(1));
    assertEquals(0, cache.size());
    assertEquals("later", cache.get(1, key -> "later"));
  }

  @Test
  void shouldReturnAValuePutDuringTheLoadToTheLoaderAndEveryWaiter() throws Exception {
    List<Function<Integer, String>> outcomes = List.of(key -> "loaded", key -> null, key -> {
      throw new IllegalStateException("after the put");
    });
    for (int index = 0; index < outcomes.size(); index++) {
      int key = index;
      Function<Integer, String> outcome = outcomes.get(key);
      CountDownLatch release = new CountDownLatch(1);
      FutureTask<String> loader = startLoad(() -> cache.get(key, loaded -> {
        await(release);
        return outcome.apply(loaded);
      }));
      FutureTask<String> waiter = startWaiter(() -> cache.get(key, loaded -> "never"));
      cache.put(key, "put");
      release.countDown();
      assertEquals("put", result(loader));
      assertEquals("put", result(waiter));
      assertEquals("put", cache.getIfPresent(key));
      assertEquals(key + 1, cache.size());
    }
    assertEquals(List.of(), removals, "the put filled the load's place: nothing was replaced");
  }

  @Test
  void shouldReturnAValueTheLoaderPutItselfWhateverItThenDoes() {
    assertEquals("put", cache.get(1, key -> {
      cache.put(key, "put");
      return "loaded";
    }));
    assertEquals("put", cache.get(2, key -> {
      assertNull(cache.asMap().putIfAbsent(key, "put"));
      return null;
    }));
    assertEquals("put", cache.get(3, key -> {
      cache.put(key, "put");
      throw new IllegalStateException("after the put");
    }));
    for (int key = 1; key <= 3; key++) {
      assertEquals("put", cache.getIfPresent(key));
    }
    assertEquals(3, cache.size());
    assertEquals(3, cache.stats().putCount());
  }

  @Test
  void shouldLetAnInvalidationDuringTheLoadDiscardIt() {
    assertEquals("loaded", cache.get(1, key -> {
      cache.invalidate(key);
      cache.invalidateAll();
      return "loaded";
    }));
    assertNull(cache.getIfPresent(1));
    assertEquals(1, removals.size());
    assertTrue(removals.get(0).endsWith(" EXPLICIT"), removals.toString());
    assertEquals("reloaded", cache.get(1, key -> "reloaded"));
  }

  @Test
  void shouldKeepTheEntryEvictedForAFailedLoadEvicted() {
    for (int key = 0; key < 100; key++) {
      cache.put(key, "v" + key);
    }
    assertThrows(IllegalStateException.class, () -> cache.get(1000, key -> {
      assertEquals(99, cache.size(), "the load took its place when it started");
      throw new IllegalStateException("database down");
    }));
    assertEquals(99, cache.size());
    assertEquals(1, cache.stats().evictionCount());
    assertEquals(1, removals.size());
    assertTrue(removals.get(0).endsWith(" SIZE"), removals.toString());
    assertNull(cache.get(1001, key -> null));
    assertEquals(99, cache.size(), "the failed load's place is free again: nothing more is evicted");
    assertEquals(1, removals.size());
  }

  @Test
  void shouldReturnAndReportTheValueOfALoadEvictedWhileLoading() throws Exception {
    ClockProCache<Integer, String> tiny = ClockProCache.builder().maximumSize(1)
        .removalListener((Integer key, String value, RemovalCause cause) -> {
          synchronized (removals) {
            removals.add(key + "=" + value + " " + cause);
          }
        })
        .build();
    CountDownLatch release = new CountDownLatch(1);
    FutureTask<String> first = startLoad(() -> tiny.get(1, key -> {
      await(release);
      return "first";
    }));
    FutureTask<String> second = startLoad(() -> tiny.get(2, key -> {
      await(release);
      return "second";
    }));
    assertEquals(0, tiny.size(), "a load in flight is not an entry");
    release.countDown();
    assertEquals("first", result(first), "evicted while loading: returned all the same");
    assertEquals("second", result(second));
    assertNull(tiny.getIfPresent(1));
    assertEquals("second", tiny.getIfPresent(2));
    assertEquals(List.of("1=first SIZE"), removals);
    assertEquals(List.of(), EngineInvariants.violations(tiny));
  }

  /** Runs a failing load of key 1 and a waiter for it; returns the loader's caller's error, then the waiter's. */
  private ExecutionException[] failTogether(Runnable failure) throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    FutureTask<String> loader = startLoad(() -> cache.get(1, key -> {
      await(release);
      failure.run();
      return "never";
    }));
    FutureTask<String> waiter = startWaiter(() -> cache.get(1, key -> "never"));
    release.countDown();
    return new ExecutionException[] {
        assertThrows(ExecutionException.class, () -> result(loader)),
        assertThrows(ExecutionException.class, () -> result(waiter))};
  }

  private FutureTask<String> start(java.util.concurrent.Callable<String> call) {
    FutureTask<String> task = new FutureTask<>(call);
    Thread thread = new Thread(task, "loader-contract-" + threads.size());
    threads.add(thread);
    thread.start();
    return task;
  }

  /** Starts a loader that blocks in its loader, and returns once it does: its load is in flight. */
  private FutureTask<String> startLoad(java.util.concurrent.Callable<String> call) throws InterruptedException {
    FutureTask<String> task = start(call);
    awaitState(threads.get(threads.size() - 1), Thread.State.TIMED_WAITING);
    return task;
  }

  /** Starts a caller of a key whose load is in flight, and returns once it waits for that load. */
  private FutureTask<String> startWaiter(java.util.concurrent.Callable<String> call) throws InterruptedException {
    FutureTask<String> task = start(call);
    awaitState(threads.get(threads.size() - 1), Thread.State.WAITING);
    return task;
  }

  private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (thread.getState() != state && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertEquals(state, thread.getState(), thread.getName());
  }

  private static String result(FutureTask<String> task) throws Exception {
    return task.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertTrue(latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void sleepAMillisecond() {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> void sneakyThrow(Throwable failure) throws T {
    throw (T) failure;
  }
}
