package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Scheduler} and what an expiring cache asks of it, as {@link CacheBuilder#scheduler} and the scheduler's
 * Javadoc promise, and as "The scheduler" in docs/design.md details: one run of {@code cleanUp()} asked for when the
 * first entry falls due (its deadline plus at most two ticks of the timer wheel, 2<sup>30</sup> ns each), no new
 * request while that run will do, a new one for a time more than a tick earlier with the replaced run cancelled, the
 * next request made by the run itself, and a scheduler that throws asked again next time. A recording scheduler
 * and a manual ticker stand in for time, so nothing here waits except the tests of the JDK-backed schedulers.
 */
class SchedulerContractTest {

  /** One tick of the timer wheel: the pacer's tolerance, and the wheel's resolution. */
  private static final long TICK = 1L << 30;

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  /** A request to the scheduler, with the future returned for it. */
  private record Request(Executor executor, Runnable command, long delay, TimeUnit unit, CompletableFuture<?> future) {

    /** Runs the task as the scheduler would when the delay has passed. */
    void run() {
      executor.execute(command);
    }

    long delayNanos() {
      return unit.toNanos(delay);
    }
  }

  private final List<Request> requests = new ArrayList<>();
  private final List<String> removals = new ArrayList<>();
  private final ManualTicker ticker = new ManualTicker(0);
  private final Scheduler recording = (executor, command, delay, unit) -> {
    CompletableFuture<?> future = new CompletableFuture<>();
    requests.add(new Request(executor, command, delay, unit, future));
    return future;
  };

  /** A cache whose entries live for their value in seconds. */
  private ClockProCache<String, Integer> cacheLivingValueSeconds(Scheduler scheduler) {
    return ClockProCache.builder()
        .maximumSize(100)
        .expireAfter(Expiry.creating((String key, Integer seconds) -> Duration.ofSeconds(seconds)))
        .ticker(ticker)
        .scheduler(scheduler)
        .removalListener((String key, Integer value, RemovalCause cause) -> removals.add(key + " " + cause))
        .build();
  }

  private static void assertDelayForDeadline(long deadline, long now, Request request) {
    long delay = request.delayNanos();
    assertTrue(delay >= deadline - now && delay <= deadline - now + 2 * TICK,
        () -> "delay " + delay + " for a deadline " + (deadline - now) + " ns away");
  }

  @Test
  void shouldAskForOneRunWhenTheFirstEntryFallsDueAndRemoveItWithoutAnotherOperation() {
    ClockProCache<String, Integer> cache = ClockProCache.builder()
        .maximumSize(100)
        .expireAfterWrite(Duration.ofSeconds(10))
        .ticker(ticker)
        .scheduler(recording)
        .removalListener((String key, Integer value, RemovalCause cause) -> removals.add(key + " " + cause))
        .build();
    cache.put("a", 1);
    assertEquals(1, requests.size());
    Request run = requests.get(0);
    assertDelayForDeadline(10 * SECOND, 0, run);
    cache.put("b", 2);
    cache.put("c", 3);
    assertEquals(1, requests.size(), "the run asked for will do for entries that fall due at the same time");

    ticker.set(run.delayNanos() - 1);
    assertEquals(List.of(), removals);
    ticker.set(run.delayNanos());
    run.run();
    assertEquals(List.of("a EXPIRED", "b EXPIRED", "c EXPIRED"), removals.stream().sorted().toList());
    assertEquals(0, cache.size());
    assertEquals(3, cache.stats().expirationCount());
    assertEquals(1, requests.size(), "nothing is left to expire, so the run asks for no other");
  }

  @Test
  void shouldRunTheTaskOnTheThreadThatSubmitsItToTheGivenExecutor() {
    ClockProCache<String, Integer> cache = cacheLivingValueSeconds(recording);
    cache.put("a", 5);
    Thread[] ranOn = new Thread[1];
    requests.get(0).executor().execute(() -> ranOn[0] = Thread.currentThread());
    assertSame(Thread.currentThread(), ranOn[0]);
  }

  @Test
  void shouldAskForAnEarlierRunOnlyWhenItIsMoreThanATickEarlierAndCancelTheRunItReplaces() {
    ClockProCache<String, Integer> cache = cacheLivingValueSeconds(recording);
    cache.put("sixty", 60);
    assertEquals(1, requests.size());
    assertDelayForDeadline(60 * SECOND, 0, requests.get(0));

    cache.put("thirty", 30);
    assertEquals(2, requests.size());
    assertDelayForDeadline(30 * SECOND, 0, requests.get(1));
    assertTrue(requests.get(0).future().isCancelled(), "the replaced run is cancelled");
    assertFalse(requests.get(1).future().isCancelled());

    cache.put("forty-five", 45); // later than the run expected
    cache.put("thirty again", 30); // the same time
    assertEquals(2, requests.size());

    ticker.set(SECOND / 2); // a deadline half a second earlier than the expected run: within a tick
    cache.put("twenty-nine and a half", 29);
    assertEquals(2, requests.size());

    cache.put("twenty-seven and a half", 27); // two and a half seconds earlier: more than a tick
    assertEquals(3, requests.size());
    assertDelayForDeadline(SECOND / 2 + 27 * SECOND, SECOND / 2, requests.get(2));
    assertTrue(requests.get(1).future().isCancelled());
    assertFalse(requests.get(2).future().isCancelled());
  }

  @Test
  void shouldAskForTheNextRunFromTheRunThatFindsMoreEntriesLater() {
    ClockProCache<String, Integer> cache = cacheLivingValueSeconds(recording);
    cache.put("ten", 10);
    cache.put("forty", 40);
    assertEquals(1, requests.size());
    Request first = requests.get(0);
    ticker.set(first.delayNanos());
    first.run();
    assertEquals(List.of("ten EXPIRED"), removals);
    assertEquals(1, cache.size());
    assertEquals(2, requests.size(), "the run asks for the next one");
    Request second = requests.get(1);
    assertDelayForDeadline(40 * SECOND, first.delayNanos(), second);

    ticker.set(first.delayNanos() + second.delayNanos());
    second.run();
    assertEquals(List.of("ten EXPIRED", "forty EXPIRED"), removals);
    assertEquals(0, cache.size());
    assertNull(cache.getIfPresent("forty"));
  }

  @Test
  void shouldIgnoreASchedulerThatThrowsAndAskItAgainNextTime() {
    int[] calls = {0};
    Scheduler failingOnce = (executor, command, delay, unit) -> {
      if (calls[0]++ == 0) {
        throw new IllegalStateException("the scheduler's first call fails");
      }
      return recording.schedule(executor, command, delay, unit);
    };
    ClockProCache<String, Integer> cache = cacheLivingValueSeconds(failingOnce);
    cache.put("a", 10);
    assertEquals(1, calls[0]);
    assertEquals(10, cache.getIfPresent("a"));
    cache.put("b", 10); // the same time: asked again, since the first request was never arranged
    assertEquals(2, calls[0]);
    assertEquals(1, requests.size());
    cache.put("c", 10);
    assertEquals(2, calls[0], "the run arranged will do");
  }

  @Test
  void shouldRemoveExpiredEntriesOnlyDuringOperationsWithTheDisabledScheduler() {
    Future<?> future = Scheduler.disabledScheduler()
        .schedule(Runnable::run, () -> removals.add("ran"), 0, TimeUnit.NANOSECONDS);
    assertTrue(future.isDone());
    assertEquals(List.of(), removals);

    ClockProCache<String, Integer> cache = cacheLivingValueSeconds(Scheduler.disabledScheduler());
    cache.put("a", 1);
    ticker.set(10 * SECOND);
    assertEquals(List.of(), removals);
    cache.cleanUp();
    assertEquals(List.of("a EXPIRED"), removals);
  }

  @Test
  void shouldRunTheCommandOnTheGivenExecutorAfterTheDelayWithTheSystemScheduler() throws Exception {
    CountDownLatch ran = new CountDownLatch(1);
    AtomicReference<Runnable> submitted = new AtomicReference<>();
    Executor executor = command -> {
      submitted.set(command);
      command.run();
    };
    Future<?> future = Scheduler.systemScheduler().schedule(executor, ran::countDown, 1, TimeUnit.MILLISECONDS);
    assertTrue(ran.await(10, TimeUnit.SECONDS));
    future.get(10, TimeUnit.SECONDS);
    assertTrue(submitted.get() != null, "the command went through the given executor");
  }

  @Test
  void shouldRunTheCommandOnTheGivenExecutorAfterTheDelayWithAScheduledExecutorService() throws Exception {
    assertEquals("scheduledExecutorService",
        assertThrows(NullPointerException.class, () -> Scheduler.forScheduledExecutorService(null)).getMessage());
    ScheduledExecutorService service = Executors.newSingleThreadScheduledExecutor();
    try {
      CountDownLatch ran = new CountDownLatch(1);
      AtomicReference<Runnable> submitted = new AtomicReference<>();
      Executor executor = command -> {
        submitted.set(command);
        command.run();
      };
      Future<?> future = Scheduler.forScheduledExecutorService(service)
          .schedule(executor, ran::countDown, 1, TimeUnit.MILLISECONDS);
      assertTrue(ran.await(10, TimeUnit.SECONDS));
      future.get(10, TimeUnit.SECONDS);
      assertTrue(submitted.get() != null, "the command went through the given executor");
    } finally {
      service.shutdownNow();
    }
  }
}
