package io.github.clockpro.concurrency;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A concurrent test case: a cache's capacity, operations run one after another on a new cache (the prefix),
 * then a few threads that each run their own operations at the same time. {@link #run} records a
 * {@link History}: what every operation returned, which removals the listener reported during it, and when it
 * started and ended.
 *
 * @param capacity the cache's maximum size
 * @param prefix the operations run by one thread before the others start
 * @param threads each thread's operations, in program order
 */
record ConcurrentScenario(int capacity, List<Operation> prefix, List<List<Operation>> threads) {

  /** How long one run may take before the test reports a thread as stuck. */
  private static final long RUN_TIMEOUT_SECONDS = 10;
  /** How long a thread spins waiting for the others to start. */
  private static final long START_SPIN_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  /**
   * Spins between yields while a thread waits for the others: spinning alone starves a thread that has no core
   * on a busy machine, and yielding alone lets the threads start too far apart to overlap.
   */
  private static final int SPINS_BEFORE_YIELD = 1_000;

  ConcurrentScenario {
    prefix = List.copyOf(prefix);
    threads = threads.stream().map(List::copyOf).toList();
  }

  /** An operation's kind; the value each writes is the operation's own, so results say which write they saw. */
  enum Kind { PUT, GET_IF_PRESENT, INVALIDATE, GET_WITH_LOADER, MAP_PUT_IF_ABSENT, MAP_REPLACE, MAP_REMOVE }

  /**
   * One operation of a scenario.
   *
   * @param kind what to call
   * @param key the key
   * @param value the value it writes or loads, unique in the scenario
   */
  record Operation(Kind kind, int key, String value) {

    /**
     * Runs the operation.
     *
     * @param loading run when the operation's own loader starts
     * @return the value the call returned, or {@code null} for a call that returns nothing
     */
    String runOn(ClockProCache<Integer, String> cache, Runnable loading) {
      switch (kind) {
        case PUT -> cache.put(key, value);
        case GET_IF_PRESENT -> {
          return cache.getIfPresent(key);
        }
        case INVALIDATE -> cache.invalidate(key);
        case GET_WITH_LOADER -> {
          return cache.get(key, k -> {
            loading.run();
            Thread.yield(); // lets other threads run while the load is in flight
            return value;
          });
        }
        case MAP_PUT_IF_ABSENT -> {
          return cache.asMap().putIfAbsent(key, value);
        }
        case MAP_REPLACE -> {
          return cache.asMap().replace(key, value);
        }
        case MAP_REMOVE -> {
          return cache.asMap().remove(key);
        }
      }
      return null;
    }

    @Override
    public String toString() {
      return switch (kind) {
        case PUT, GET_WITH_LOADER, MAP_PUT_IF_ABSENT, MAP_REPLACE -> kind + "(k" + key + ", " + value + ")";
        default -> kind + "(k" + key + ")";
      };
    }
  }

  /** One call of the removal listener. */
  record Removal(int key, String value, RemovalCause cause) {
    @Override
    public String toString() {
      return cause + " k" + key + "=" + value;
    }
  }

  /**
   * What an operation returned and the removals reported on its thread while it ran, in their order.
   *
   * @param loaded whether the operation's own loader ran: it mapped a placeholder, a step of its own
   */
  record Outcome(String returned, List<Removal> removals, boolean loaded) {}

  /** An operation as it ran: its outcome and its start and end, in {@link System#nanoTime()}. */
  record Recorded(Operation operation, Outcome outcome, long start, long end) {
    @Override
    public String toString() {
      return operation + " -> " + outcome.returned() + (outcome.removals().isEmpty() ? "" : " " + outcome.removals());
    }
  }

  /**
   * A run of the scenario.
   *
   * @param prefix the prefix's operations as they ran
   * @param threads each thread's operations as they ran, in program order
   * @param contents the cache's contents once every thread had ended
   * @param unattributed removals reported on a thread while it ran none of the scenario's operations
   */
  record History(List<Recorded> prefix, List<List<Recorded>> threads, Map<Integer, String> contents,
      List<Removal> unattributed) {

    @Override
    public String toString() {
      StringBuilder text = new StringBuilder("prefix ").append(prefix);
      for (int thread = 0; thread < threads.size(); thread++) {
        text.append(System.lineSeparator()).append("thread ").append(thread).append(' ').append(threads.get(thread));
      }
      return text.append(System.lineSeparator()).append("contents at the end ").append(contents).toString();
    }
  }

  /** Runs the prefix on the calling thread, then each thread's operations on a thread of {@code executor}. */
  History run(ExecutorService executor) {
    Recorder recorder = new Recorder();
    ClockProCache<Integer, String> cache = newCache(capacity, recorder);
    List<Recorded> prefixRun = recorder.runAll(cache, prefix);
    AtomicInteger arrived = new AtomicInteger();
    List<Future<List<Recorded>>> runs = new ArrayList<>();
    for (List<Operation> operations : threads) {
      runs.add(executor.submit(() -> {
        startTogether(arrived);
        return recorder.runAll(cache, operations);
      }));
    }
    List<List<Recorded>> threadRuns = new ArrayList<>();
    for (Future<List<Recorded>> run : runs) {
      threadRuns.add(result(run));
    }
    return new History(prefixRun, threadRuns, new HashMap<>(cache.asMap()), recorder.unattributed());
  }

  /**
   * Waits, spinning, until every thread of the run has arrived, so that they start within nanoseconds of each
   * other: a barrier that parks its threads wakes them tens of microseconds apart, longer than a whole thread's
   * operations take, and the threads would then hardly ever overlap. Gives up spinning after a while, as on a
   * machine whose cores are all busy.
   */
  private void startTogether(AtomicInteger arrived) {
    arrived.incrementAndGet();
    long giveUp = System.nanoTime() + START_SPIN_NANOS;
    while (arrived.get() < threads.size() && System.nanoTime() < giveUp) {
      for (int spin = 0; spin < SPINS_BEFORE_YIELD && arrived.get() < threads.size(); spin++) {
        Thread.onSpinWait();
      }
      Thread.yield();
    }
  }

  /** A cache whose removal listener reports to {@code recorder}. */
  static ClockProCache<Integer, String> newCache(int capacity, Recorder recorder) {
    return builder(capacity, recorder).build();
  }

  /**
   * The same cache, built asynchronous: its {@code synchronous()} view is the same engine, and its {@code get} with
   * a future the caller completes holds a load in flight for as long as the caller likes.
   */
  static ClockProAsyncCache<Integer, String> newAsyncCache(int capacity, Recorder recorder) {
    return builder(capacity, recorder).buildAsync();
  }

  private static CacheBuilder<Integer, String> builder(int capacity, Recorder recorder) {
    return ClockProCache.builder()
        .maximumSize(capacity)
        .removalListener((Integer key, String value, RemovalCause cause) -> recorder.removed(key, value, cause));
  }

  private static List<Recorded> result(Future<List<Recorded>> run) {
    try {
      return run.get(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("a thread of the scenario did not end within " + RUN_TIMEOUT_SECONDS + " s", e);
    } catch (ExecutionException e) {
      throw new AssertionError("a thread of the scenario failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /**
   * Attributes each removal the listener reports to the operation running on the reporting thread: the
   * listener runs on the thread whose operation caused the removal, before that operation returns.
   */
  static final class Recorder {

    private static final long MAXIMUM_PAUSE_NANOS = 2_000;

    private final ThreadLocal<List<Removal>> current = new ThreadLocal<>();
    private final List<Removal> unattributed = new ArrayList<>();

    void removed(int key, String value, RemovalCause cause) {
      List<Removal> removals = current.get();
      if (removals != null) {
        removals.add(new Removal(key, value, cause));
        Thread.yield(); // lets other threads run between the removal and the end of its operation
      } else {
        synchronized (unattributed) {
          unattributed.add(new Removal(key, value, cause));
        }
      }
    }

    Outcome run(ClockProCache<Integer, String> cache, Operation operation) {
      boolean[] loaded = new boolean[1];
      String[] returned = new String[1];
      List<Removal> removals = recording(() -> returned[0] = operation.runOn(cache, () -> loaded[0] = true));
      return new Outcome(returned[0], removals, loaded[0]);
    }

    /** Runs the call and returns the removals reported on this thread while it ran, in their order. */
    List<Removal> recording(Runnable call) {
      List<Removal> removals = new ArrayList<>();
      current.set(removals);
      try {
        call.run();
        return removals;
      } finally {
        current.remove();
      }
    }

    List<Recorded> runAll(ClockProCache<Integer, String> cache, List<Operation> operations) {
      List<Recorded> recorded = new ArrayList<>();
      for (Operation operation : operations) {
        pause();
        long start = System.nanoTime();
        Outcome outcome = run(cache, operation);
        recorded.add(new Recorded(operation, outcome, start, System.nanoTime()));
      }
      return recorded;
    }

    /**
     * Spins for a random time of up to {@value #MAXIMUM_PAUSE_NANOS} ns before an operation, so that the threads'
     * operations fall against each other at varying offsets instead of in one fixed pattern.
     */
    private static void pause() {
      long until = System.nanoTime() + ThreadLocalRandom.current().nextLong(MAXIMUM_PAUSE_NANOS);
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    }

    List<Removal> unattributed() {
      synchronized (unattributed) {
        return List.copyOf(unattributed);
      }
    }
  }
}
