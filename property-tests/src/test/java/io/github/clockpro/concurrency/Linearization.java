package io.github.clockpro.concurrency;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.concurrency.ConcurrentScenario.History;
import io.github.clockpro.concurrency.ConcurrentScenario.Kind;
import io.github.clockpro.concurrency.ConcurrentScenario.Operation;
import io.github.clockpro.concurrency.ConcurrentScenario.Outcome;
import io.github.clockpro.concurrency.ConcurrentScenario.Recorded;
import io.github.clockpro.concurrency.ConcurrentScenario.Recorder;
import io.github.clockpro.concurrency.ConcurrentScenario.Removal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Searches for a linearization of a {@link History}: one order of all its operations that keeps the prefix
 * first, each thread's program order and the real-time order (an operation that ended before another started
 * comes first), in which a sequential specification, replayed step by step, gives every operation the outcome
 * it had and ends with the contents the cache had.
 *
 * <p>Each eviction the listener reported is a step of its own, placed anywhere within the operation that
 * reported it: before or after that operation's own step, in the order reported. An insert evicts as it starts
 * (a load holds its place from then on), and another thread's write may give the inserted key its value, so
 * the eviction need not fall at the linearization point of the operation that reported it.
 *
 * <p>The search is depth-first and stops at the first step the specification rejects. A specification cannot
 * be copied (one of them is a real cache), so each step replays the order so far on a new one: with three
 * threads of three operations there are at most 1,680 orders of the operations, which is quick.
 */
final class Linearization {

  /** A sequential specification, replayed one step at a time. */
  interface Replay {
    /** Applies the operation; whether the outcome it recorded is one the specification allows here. */
    boolean accepts(Recorded recorded);

    /** Applies a reported eviction; whether the specification allows it here. */
    boolean acceptsEviction(Removal eviction);

    Map<Integer, String> contents();
  }

  /** A step of an order: an operation, or one of the evictions it reported. */
  private record Step(Recorded operation, Removal eviction) {}

  private final History history;
  private final Supplier<Replay> specification;
  /** Per thread: the index of its current operation. */
  private final int[] current;
  /** Per thread: whether its current operation's own step is in the order. */
  private final boolean[] operationPlaced;
  /** Per thread: how many of its current operation's evictions are in the order. */
  private final int[] evictionsPlaced;
  private final List<Step> order = new ArrayList<>();

  private Linearization(History history, Supplier<Replay> specification) {
    this.history = history;
    this.specification = specification;
    int threads = history.threads().size();
    this.current = new int[threads];
    this.operationPlaced = new boolean[threads];
    this.evictionsPlaced = new int[threads];
  }

  /** Whether some order of the history's steps is allowed by the specification. */
  static boolean exists(History history, Supplier<Replay> specification) {
    Linearization search = new Linearization(history, specification);
    for (Recorded recorded : history.prefix()) {
      evictions(recorded).forEach(eviction -> search.order.add(new Step(recorded, eviction)));
      search.order.add(new Step(recorded, null));
    }
    return search.replayAccepts() && search.extend();
  }

  private boolean extend() {
    boolean complete = true;
    for (int thread = 0; thread < current.length; thread++) {
      List<Recorded> operations = history.threads().get(thread);
      if (current[thread] == operations.size()) {
        continue;
      }
      complete = false;
      Recorded operation = operations.get(current[thread]);
      if (!mayComeNext(operation)) {
        continue;
      }
      if (!operationPlaced[thread] && tryStep(thread, new Step(operation, null))) {
        return true;
      }
      List<Removal> evictions = evictions(operation);
      if (evictionsPlaced[thread] < evictions.size()
          && tryStep(thread, new Step(operation, evictions.get(evictionsPlaced[thread])))) {
        return true;
      }
    }
    return complete && replay().contents().equals(history.contents());
  }

  /** Places the step of the thread's current operation, searches on, and takes the step back. */
  private boolean tryStep(int thread, Step step) {
    int index = current[thread];
    boolean placed = operationPlaced[thread];
    int evicted = evictionsPlaced[thread];
    if (step.eviction() == null) {
      operationPlaced[thread] = true;
    } else {
      evictionsPlaced[thread]++;
    }
    if (operationPlaced[thread] && evictionsPlaced[thread] == evictions(step.operation()).size()) {
      current[thread]++;
      operationPlaced[thread] = false;
      evictionsPlaced[thread] = 0;
    }
    order.add(step);
    boolean found = replayAccepts() && extend();
    order.remove(order.size() - 1);
    current[thread] = index;
    operationPlaced[thread] = placed;
    evictionsPlaced[thread] = evicted;
    return found;
  }

  /** No operation left to order ended before the candidate started. */
  private boolean mayComeNext(Recorded candidate) {
    for (int thread = 0; thread < current.length; thread++) {
      List<Recorded> operations = history.threads().get(thread);
      if (current[thread] < operations.size() && operations.get(current[thread]).end() < candidate.start()) {
        return false;
      }
    }
    return true;
  }

  private boolean replayAccepts() {
    Replay replay = specification.get();
    for (Step step : order) {
      boolean accepted = step.eviction() == null
          ? replay.accepts(step.operation())
          : replay.acceptsEviction(step.eviction());
      if (!accepted) {
        return false;
      }
    }
    return true;
  }

  private Replay replay() {
    Replay replay = specification.get();
    for (Step step : order) {
      if (step.eviction() == null) {
        replay.accepts(step.operation());
      } else {
        replay.acceptsEviction(step.eviction());
      }
    }
    return replay;
  }

  /**
   * Whether the operation is a load that an invalidation discarded while it ran: the loading thread then returns
   * the loaded value and reports it removed, {@link RemovalCause#EXPLICIT}, and caches nothing.
   */
  private static boolean discardedLoad(Recorded recorded) {
    Operation operation = recorded.operation();
    return operation.kind() == Kind.GET_WITH_LOADER
        && recorded.outcome().removals().contains(
            new Removal(operation.key(), operation.value(), RemovalCause.EXPLICIT));
  }

  /**
   * Whether the operation is a get that joined a load of another operation which an invalidation discarded: it
   * returns that load's value, which was never cached, and reports nothing.
   */
  private static boolean joinedDiscardedLoad(Recorded recorded, Set<Removal> discarded) {
    Operation operation = recorded.operation();
    return operation.kind() == Kind.GET_WITH_LOADER
        && !Objects.equals(recorded.outcome().returned(), operation.value())
        && discarded.contains(new Removal(operation.key(), recorded.outcome().returned(), RemovalCause.EXPLICIT));
  }

  private static List<Removal> evictions(Recorded recorded) {
    return recorded.outcome().removals().stream().filter(removal -> removal.cause() == RemovalCause.SIZE).toList();
  }

  /**
   * The cache itself, replayed on one thread: each operation must return what it returned in the history and
   * report the same removals, evictions included, so the eviction steps have nothing left to check. Its
   * eviction choices are deterministic on one thread (the seed of a cache lays out its history table, never
   * its contents), but a concurrent history need not follow them (see {@code ConcurrentHistoryProperties}), so
   * the properties use this specification only where nothing is evicted.
   */
  static Supplier<Replay> sameCacheReplayed(int capacity) {
    return () -> new Replay() {
      private final Recorder recorder = new Recorder();
      private final ClockProCache<Integer, String> cache = ConcurrentScenario.newCache(capacity, recorder);
      private final Set<Removal> discarded = new HashSet<>();

      @Override
      public boolean accepts(Recorded recorded) {
        Operation operation = recorded.operation();
        if (joinedDiscardedLoad(recorded, discarded) && !cache.asMap().containsKey(operation.key())) {
          return recorded.outcome().removals().isEmpty();
        }
        if (discardedLoad(recorded)) {
          discarded.add(new Removal(operation.key(), operation.value(), RemovalCause.EXPLICIT));
          // One thread cannot invalidate a load while it runs: replay the load, then the invalidation that
          // discarded it, and expect the load to have reported what the two report together.
          String returned = recorder.run(cache, operation).returned();
          Outcome invalidated = recorder.run(cache, new Operation(Kind.INVALIDATE, operation.key(), null));
          return Objects.equals(returned, recorded.outcome().returned())
              && invalidated.removals().equals(recorded.outcome().removals());
        }
        return recorder.run(cache, operation).equals(recorded.outcome());
      }

      @Override
      public boolean acceptsEviction(Removal eviction) {
        return true;
      }

      @Override
      public Map<Integer, String> contents() {
        return new HashMap<>(cache.asMap());
      }
    };
  }

  /**
   * A map of at most {@code capacity} entries that loses the entries the listener reported as evicted, each at
   * its own step, and no others: the eviction choices are the cache's, taken from the history, and everything
   * else is the map contract. An eviction must take an entry the map holds, with that value, from a full map;
   * explicit removals and replacements must be reported by the operation that caused them, exactly as the
   * contract implies, except a load that an invalidation discarded while it ran, which the loading operation
   * reports: it returns the loaded value and caches nothing.
   */
  /** The most loads in flight on threads other than the evicting one: a scenario runs at most three threads. */
  private static final int OTHER_THREADS_LOADING = 2;

  static Supplier<Replay> mapWithReportedEvictions(int capacity) {
    return () -> new Replay() {
      private final Map<Integer, String> map = new HashMap<>();
      private final Set<Removal> discarded = new HashSet<>();

      @Override
      public boolean accepts(Recorded recorded) {
        Operation operation = recorded.operation();
        int key = operation.key();
        String previous = map.get(key);
        List<Removal> removals = new ArrayList<>();
        String returned = previous;
        switch (operation.kind()) {
          case PUT -> {
            returned = null;
            map.put(key, operation.value());
            replaced(key, previous, removals);
          }
          case GET_IF_PRESENT -> { }
          case INVALIDATE -> {
            returned = null;
            removed(key, previous, removals);
          }
          case GET_WITH_LOADER -> {
            if (previous == null && joinedDiscardedLoad(recorded, discarded)) {
              returned = recorded.outcome().returned();
            } else if (previous == null) {
              returned = operation.value();
              if (discardedLoad(recorded)) {
                Removal removal = new Removal(key, operation.value(), RemovalCause.EXPLICIT);
                discarded.add(removal);
                removals.add(removal);
              } else {
                map.put(key, operation.value());
              }
            }
          }
          case MAP_PUT_IF_ABSENT -> map.putIfAbsent(key, operation.value());
          case MAP_REPLACE -> {
            if (previous != null) {
              map.put(key, operation.value());
              replaced(key, previous, removals);
            }
          }
          case MAP_REMOVE -> removed(key, previous, removals);
        }
        List<Removal> reported = recorded.outcome().removals().stream()
            .filter(removal -> removal.cause() != RemovalCause.SIZE).toList();
        return Objects.equals(returned, recorded.outcome().returned())
            && reported.equals(removals)
            && map.size() <= capacity;
      }

      @Override
      public boolean acceptsEviction(Removal eviction) {
        // A load in flight holds its place in the cache (the contract), which the map does not show: each other
        // thread of a scenario (at most two) may hold one, so the cache may be full with fewer entries mapped.
        if (map.size() + OTHER_THREADS_LOADING < capacity || !eviction.value().equals(map.get(eviction.key()))) {
          return false;
        }
        map.remove(eviction.key());
        return true;
      }

      private void replaced(int key, String previous, List<Removal> removals) {
        if (previous != null) {
          removals.add(new Removal(key, previous, RemovalCause.REPLACED));
        }
      }

      private void removed(int key, String previous, List<Removal> removals) {
        if (previous != null) {
          map.remove(key);
          removals.add(new Removal(key, previous, RemovalCause.EXPLICIT));
        }
      }

      @Override
      public Map<Integer, String> contents() {
        return new HashMap<>(map);
      }
    };
  }
}
