package io.github.clockpro.concurrency;

import static org.quicktheories.generators.SourceDSL.arbitrary;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.github.clockpro.TheoryBudget;
import io.github.clockpro.concurrency.ConcurrentScenario.History;
import io.github.clockpro.concurrency.ConcurrentScenario.Kind;
import io.github.clockpro.concurrency.ConcurrentScenario.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Concurrent histories checked against sequential specifications: QuickTheories generates small scenarios (a
 * short prefix on one thread, then two or three threads of one to three operations each), each scenario runs
 * {@value #RUNS_PER_SCENARIO} times on a new cache, and every run's history must have a linearization
 * ({@link Linearization}).
 *
 * <p>Two properties, because where the cache evicts, its own single-threaded replay is not a specification its
 * concurrent histories must meet: an insert evicts when it starts, so a load in flight holds its place (and
 * has already evicted) while another thread's put may give its key a value, and a hit raises its entry's
 * reference count after reading the value, without a lock (the benign race of {@code docs/design.md}). A get
 * that loads a key another thread puts meanwhile returns the put's value and reports the eviction its
 * placeholder caused; on one thread, either order of the two gives the eviction to the other operation.
 * <ul>
 *   <li>On a cache larger than the keys used, nothing is evicted, and the specification is the cache itself
 *       replayed on one thread: every return value, every removal reported and the final contents.
 *   <li>On caches of 2 to 4 entries with three keys more than that, the specification is a map with
 *       placeholders ({@link Linearization#mapWithReportedEvictions}): a get whose loader ran is two steps, the
 *       placeholder it maps and its load's end, and the map loses exactly the entries the listener reported as
 *       evicted, each eviction a step within the operation that reported it, taken from a full cache: no value
 *       lost, none stale, never more entries and placeholders than the capacity, and every explicit removal and
 *       replacement reported by the operation that caused it.
 * </ul>
 * The threads start together after spinning, each operation waits a random moment first, and the loader and
 * the removal listener yield, so that the threads' operations overlap even on a busy machine.
 *
 * <p>A failure prints the scenario, the run's history, the seed and the arguments that generate the same
 * scenarios again; the interleaving itself is not replayable, which is why each scenario runs several times.
 */
class ConcurrentHistoryProperties {

  /** Runs of each generated scenario, each with its own thread interleaving. */
  private static final int RUNS_PER_SCENARIO = 10;
  /** Capacity of the cache that never evicts: more than the keys its scenarios use. */
  private static final int LARGE_CAPACITY = 16;
  private static final int KEYS_WITHOUT_EVICTION = 3;

  private final ExecutorService executor = Executors.newFixedThreadPool(3);

  @AfterEach
  void stopThreads() {
    executor.shutdownNow();
  }

  @Test
  void shouldMatchTheCacheReplayedOnOneThreadWhenNothingIsEvicted() {
    checkEveryScenario(
        scenarios(integers().between(LARGE_CAPACITY, LARGE_CAPACITY), capacity -> KEYS_WITHOUT_EVICTION),
        Linearization::sameCacheReplayed, "shouldMatchTheCacheReplayedOnOneThreadWhenNothingIsEvicted");
  }

  @Test
  void shouldMatchAMapThatLosesOnlyTheReportedEvictions() {
    checkEveryScenario(scenarios(integers().between(2, 4), capacity -> capacity + 3),
        Linearization::mapWithReportedEvictions, "shouldMatchAMapThatLosesOnlyTheReportedEvictions");
  }

  private void checkEveryScenario(Gen<ConcurrentScenario> scenarios,
      IntFunction<Supplier<Linearization.Replay>> specification, String method) {
    long seed = TheoryBudget.seed();
    try {
      TheoryBudget.theory(seed).forAll(scenarios).checkAssert(scenario -> {
        for (int run = 0; run < RUNS_PER_SCENARIO; run++) {
          History history = scenario.run(executor);
          if (!history.unattributed().isEmpty()
              || !Linearization.exists(history, specification.apply(scenario.capacity()))) {
            throw new AssertionError("no linearization of run " + (run + 1) + " of a cache of "
                + scenario.capacity() + System.lineSeparator() + history);
          }
        }
      });
    } catch (AssertionError report) {
      throw new AssertionError("seed " + seed + ", generate the same scenarios with "
          + TheoryBudget.replayArguments(ConcurrentHistoryProperties.class, method, seed), report);
    }
  }

  /**
   * Scenarios on caches of the given capacities, with keys 0 to {@code keys(capacity)} less one: a prefix of up
   * to three operations, then two or three threads of one to three operations each.
   */
  private static Gen<ConcurrentScenario> scenarios(Gen<Integer> capacities, IntFunction<Integer> keys) {
    return capacities.flatMap(capacity -> {
      Gen<List<Operation>> operations = lists().of(operations(keys.apply(capacity))).ofSizeBetween(1, 3);
      return lists().of(operations(keys.apply(capacity))).ofSizeBetween(0, 3)
          .zip(lists().of(operations).ofSizeBetween(2, 3),
              (prefix, threads) -> withValues(capacity, prefix, threads));
    });
  }

  private static Gen<Operation> operations(int keys) {
    return arbitrary().enumValues(Kind.class).zip(integers().between(0, keys - 1), (kind, key) ->
        new Operation(kind, key, null));
  }

  /** Gives each operation a value of its own, named by where it runs: p2 for the prefix, t1.0 for threads. */
  private static ConcurrentScenario withValues(int capacity, List<Operation> prefix, List<List<Operation>> threads) {
    List<Operation> valuedPrefix = new ArrayList<>();
    for (int index = 0; index < prefix.size(); index++) {
      valuedPrefix.add(new Operation(prefix.get(index).kind(), prefix.get(index).key(), "p" + index));
    }
    List<List<Operation>> valuedThreads = new ArrayList<>();
    for (int thread = 0; thread < threads.size(); thread++) {
      List<Operation> valued = new ArrayList<>();
      for (int index = 0; index < threads.get(thread).size(); index++) {
        Operation operation = threads.get(thread).get(index);
        valued.add(new Operation(operation.kind(), operation.key(), "t" + thread + "." + index));
      }
      valuedThreads.add(valued);
    }
    return new ConcurrentScenario(capacity, valuedPrefix, valuedThreads);
  }
}
