package io.github.clockpro.concurrency;

import io.github.clockpro.ClockProAsyncCache;
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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Searches for a linearization of a {@link History}: one order of all its operations' steps that keeps the
 * prefix first, each thread's program order and the real-time order (an operation that ended before another
 * started comes first), in which a sequential specification, replayed step by step, gives every operation the
 * outcome it had and ends with the contents the cache had.
 *
 * <p>An operation is one step, except a get whose own loader ran: it is two, the start of its load (the
 * placeholder it mapped, which holds its place in the cache from then on) and its end (the placeholder filled
 * with the loaded value, unless a write filled it or an invalidation discarded it meanwhile). Each eviction the
 * listener reported is a step of its own too, placed anywhere within the operation that reported it, in the order
 * reported: an insert evicts as it maps its node, and another thread's write may give the inserted key its value
 * before the insert's operation ends.
 *
 * <p>The search is depth-first and stops at the first step the specification rejects. A specification cannot
 * be copied (one of them is a real cache), so each step replays the order so far on a new one: with three
 * threads of three operations there are at most 1,680 orders of the operations, which is quick.
 */
final class Linearization {

  /** A sequential specification, replayed one step at a time. */
  interface Replay {
    /**
     * Applies the operation, or the end of a load (see {@link #acceptsLoadStart}); whether the outcome it
     * recorded is one the specification allows here.
     */
    boolean accepts(Recorded recorded);

    /** Applies the start of the load of a get whose own loader ran; whether the specification allows it here. */
    boolean acceptsLoadStart(Recorded recorded);

    /**
     * Applies a reported eviction; whether the specification allows it here.
     *
     * @param by the operation that reported it
     * @param insertPlaced whether the operation's first step (its insert, if it inserts) is in the order
     */
    boolean acceptsEviction(Removal eviction, Recorded by, boolean insertPlaced);

    Map<Integer, String> contents();

    /** Whether the steps so far may end the history: none owes the specification a step that must follow it. */
    default boolean settled() {
      return true;
    }
  }

  /**
   * A step of an order: one of an operation's own steps ({@code part} 0, or 1 for the end of a load), or one of
   * the evictions it reported ({@code eviction} not {@code null}).
   */
  private record Step(Recorded operation, int part, Removal eviction) {}

  private final History history;
  private final Supplier<Replay> specification;
  /** Per thread: the index of its current operation. */
  private final int[] current;
  /** Per thread: how many of its current operation's own steps are in the order. */
  private final int[] partsPlaced;
  /** Per thread: how many of its current operation's evictions are in the order. */
  private final int[] evictionsPlaced;
  private final List<Step> order = new ArrayList<>();

  private Linearization(History history, Supplier<Replay> specification) {
    this.history = history;
    this.specification = specification;
    int threads = history.threads().size();
    this.current = new int[threads];
    this.partsPlaced = new int[threads];
    this.evictionsPlaced = new int[threads];
  }

  /** Whether some order of the history's steps is allowed by the specification. */
  static boolean exists(History history, Supplier<Replay> specification) {
    Linearization search = new Linearization(history, specification);
    for (Recorded recorded : history.prefix()) {
      evictions(recorded).forEach(eviction -> search.order.add(new Step(recorded, 0, eviction)));
      for (int part = 0; part < parts(recorded); part++) {
        search.order.add(new Step(recorded, part, null));
      }
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
      if (partsPlaced[thread] < parts(operation)
          && tryStep(thread, new Step(operation, partsPlaced[thread], null))) {
        return true;
      }
      List<Removal> evictions = evictions(operation);
      if (evictionsPlaced[thread] < evictions.size()
          && tryStep(thread, new Step(operation, partsPlaced[thread], evictions.get(evictionsPlaced[thread])))) {
        return true;
      }
    }
    if (!complete) {
      return false;
    }
    Replay replay = replay();
    return replay.settled() && replay.contents().equals(history.contents());
  }

  /** Places the step of the thread's current operation, searches on, and takes the step back. */
  private boolean tryStep(int thread, Step step) {
    int index = current[thread];
    int parts = partsPlaced[thread];
    int evicted = evictionsPlaced[thread];
    if (step.eviction() == null) {
      partsPlaced[thread]++;
    } else {
      evictionsPlaced[thread]++;
    }
    if (partsPlaced[thread] == parts(step.operation())
        && evictionsPlaced[thread] == evictions(step.operation()).size()) {
      current[thread]++;
      partsPlaced[thread] = 0;
      evictionsPlaced[thread] = 0;
    }
    order.add(step);
    boolean found = replayAccepts() && extend();
    order.remove(order.size() - 1);
    current[thread] = index;
    partsPlaced[thread] = parts;
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
      if (!apply(replay, step)) {
        return false;
      }
    }
    return true;
  }

  private Replay replay() {
    Replay replay = specification.get();
    order.forEach(step -> apply(replay, step));
    return replay;
  }

  private static boolean apply(Replay replay, Step step) {
    if (step.eviction() != null) {
      return replay.acceptsEviction(step.eviction(), step.operation(), step.part() > 0);
    }
    return parts(step.operation()) == 2 && step.part() == 0
        ? replay.acceptsLoadStart(step.operation()) : replay.accepts(step.operation());
  }

  /** The operation's own steps: two for a get whose own loader ran (its load's start and end), else one. */
  private static int parts(Recorded recorded) {
    return recorded.outcome().loaded() ? 2 : 1;
  }

  private static List<Removal> evictions(Recorded recorded) {
    return recorded.outcome().removals().stream().filter(removal -> removal.cause() == RemovalCause.SIZE).toList();
  }

  /**
   * The cache itself, replayed on one thread: each operation must return what it returned in the history and
   * report the same removals, evictions included, so the eviction steps have nothing left to check. A load is
   * replayed in its two steps through the same cache built asynchronous: its start calls {@code get} with a
   * future, which maps the placeholder, and its end completes that future, so the writes placed in between meet
   * the load in flight as they met it in the history. Its eviction choices are deterministic on one thread (the
   * seed of a cache lays out its history table, never its contents), but a concurrent history need not follow
   * them (see {@code ConcurrentHistoryProperties}), so the properties use this specification only where nothing is
   * evicted.
   */
  static Supplier<Replay> sameCacheReplayed(int capacity) {
    return () -> new CacheReplay(capacity);
  }

  /** The specification of {@link #sameCacheReplayed}. */
  private static final class CacheReplay implements Replay {
    private final Recorder recorder = new Recorder();
    private final ClockProAsyncCache<Integer, String> cache;
    /** The future each load started waits for, by its get's value; the load's end completes it. */
    private final Map<String, CompletableFuture<String>> loading = new HashMap<>();
    /** What each load's get returns, by its value. */
    private final Map<String, CompletableFuture<String>> returning = new HashMap<>();
    /** The removals each load reported when it started, by its value. */
    private final Map<String, List<Removal>> reportedAtStart = new HashMap<>();
    /** The gets that joined a load in flight, with what each returned in the history. */
    private final Map<CompletableFuture<String>, String> joined = new HashMap<>();

    CacheReplay(int capacity) {
      cache = ConcurrentScenario.newAsyncCache(capacity, recorder);
    }

    @Override
    public boolean acceptsLoadStart(Recorded recorded) {
      Operation operation = recorded.operation();
      CompletableFuture<String> pending = new CompletableFuture<>();
      boolean[] mapped = new boolean[1];
      reportedAtStart.put(operation.value(), recorder.recording(() -> returning.put(operation.value(),
          cache.get(operation.key(), (key, executor) -> {
            mapped[0] = true;
            return pending;
          }))));
      loading.put(operation.value(), pending);
      return mapped[0]; // else the get would have hit or joined
    }

    @Override
    public boolean accepts(Recorded recorded) {
      Operation operation = recorded.operation();
      if (recorded.outcome().loaded()) {
        List<Removal> removals = new ArrayList<>(reportedAtStart.get(operation.value()));
        removals.addAll(recorder.recording(() -> loading.get(operation.value()).complete(operation.value())));
        return joinedGetsAgree() && removals.equals(recorded.outcome().removals())
            && Objects.equals(returning.get(operation.value()).getNow(null), recorded.outcome().returned());
      }
      if (operation.kind() == Kind.GET_WITH_LOADER) {
        boolean[] mapped = new boolean[1];
        List<CompletableFuture<String>> found = new ArrayList<>();
        List<Removal> removals = recorder.recording(() -> found.add(cache.get(operation.key(), (key, executor) -> {
          mapped[0] = true;
          return CompletableFuture.completedFuture(operation.value());
        })));
        if (mapped[0] || !removals.equals(recorded.outcome().removals())) {
          return false; // it would have loaded
        }
        CompletableFuture<String> value = found.get(0);
        if (!value.isDone()) {
          joined.put(value, recorded.outcome().returned()); // checked when the load ends
          return true;
        }
        return Objects.equals(value.getNow(null), recorded.outcome().returned());
      }
      Outcome outcome = recorder.run(cache.synchronous(), operation);
      return Objects.equals(outcome.returned(), recorded.outcome().returned())
          && outcome.removals().equals(recorded.outcome().removals());
    }

    /** Whether each joined get whose load has ended got what it returned in the history; forgets those. */
    private boolean joinedGetsAgree() {
      boolean agree = true;
      for (var iterator = joined.entrySet().iterator(); iterator.hasNext(); ) {
        var get = iterator.next();
        if (get.getKey().isDone()) {
          agree &= Objects.equals(get.getKey().getNow(null), get.getValue());
          iterator.remove();
        }
      }
      return agree;
    }

    @Override
    public boolean acceptsEviction(Removal eviction, Recorded by, boolean insertPlaced) {
      return true;
    }

    @Override
    public Map<Integer, String> contents() {
      return new HashMap<>(cache.synchronous().asMap());
    }

    @Override
    public boolean settled() {
      return joined.isEmpty();
    }
  }

  /**
   * A map of at most {@code capacity} entries and loads in flight that loses the entries the listener reported as
   * evicted, each at its own step, and no others: the eviction choices are the cache's, taken from the history,
   * and everything else is the map contract with placeholders, as {@code ClockProCache} states it.
   * <ul>
   *   <li>A load's start maps a placeholder for an absent key, which holds its place: entries and placeholders
   *       together never exceed the capacity. A get of a key with a placeholder joins the load and returns what
   *       the load's own get returns.
   *   <li>A put (or {@code putIfAbsent}) of a key with a placeholder fills it with the put's value; the load's get
   *       then returns, dropping its own, the value that node holds when the load ends (a later put's, if one
   *       wrote it meanwhile), or held when it left the cache; an invalidation (or {@code remove}) discards it, and the
   *       load's get returns its loaded value, reports it removed as {@code EXPLICIT} and caches nothing; to
   *       {@code getIfPresent} and {@code replace} the key is absent. Otherwise the load's end stores its value.
   *   <li>An eviction takes an entry the map holds, with that value, and only from a full cache: the entries and
   *       placeholders, with the node the evicting operation is about to insert, exceed the capacity. An eviction
   *       that examined only placeholders takes one (see {@code Loading}): the load's get reports it, with the
   *       loaded value, returns that value and caches nothing; the cache was full, without the insert that
   *       evicted it.
   *   <li>Explicit removals and replacements are reported by the operation that caused them, exactly as the
   *       contract implies.
   * </ul>
   */
  static Supplier<Replay> mapWithReportedEvictions(int capacity) {
    return () -> new PlaceholderMap(capacity);
  }

  /** A load in flight, or ended: the state of the placeholder of one get whose own loader ran. */
  private static final class Load {
    /**
     * The value of the placeholder once a put or {@code putIfAbsent} filled it, or {@code null}: the put's, then
     * each later write's to the same node while it stays mapped.
     */
    String filledWith;
    boolean discarded;
    /** Whether an eviction took the placeholder: it was all an eviction examined (see {@code Loading}). */
    boolean evicted;
    /** What the gets that joined the load returned: each must be what the load's own get returns. */
    final List<String> joined = new ArrayList<>();
  }

  /** The specification of {@link #mapWithReportedEvictions}. */
  private static final class PlaceholderMap implements Replay {
    private final int capacity;
    private final Map<Integer, String> map = new HashMap<>();
    /** The placeholders mapped, by key. */
    private final Map<Integer, Load> inFlight = new HashMap<>();
    /** Every load started, by its get's value, which is unique in a scenario. */
    private final Map<String, Load> started = new HashMap<>();
    /** The loads in flight whose placeholder a put filled, by key, while that node stays mapped. */
    private final Map<Integer, Load> filled = new HashMap<>();
    /**
     * Whether the last step evicted a placeholder, so the next must be the insert that evicted it: the insert and
     * its eviction happen together, under the cache's eviction lock.
     */
    private boolean owesInsert;

    PlaceholderMap(int capacity) {
      this.capacity = capacity;
    }

    @Override
    public boolean acceptsLoadStart(Recorded recorded) {
      owesInsert = false;
      Operation operation = recorded.operation();
      if (map.containsKey(operation.key()) || inFlight.containsKey(operation.key())) {
        return false; // the get would have hit or joined
      }
      Load load = new Load();
      inFlight.put(operation.key(), load);
      started.put(operation.value(), load);
      return held() <= capacity;
    }

    @Override
    public boolean accepts(Recorded recorded) {
      Operation operation = recorded.operation();
      if (owesInsert && !inserts(operation, false)) {
        return false;
      }
      owesInsert = false;
      int key = operation.key();
      String previous = map.get(key);
      Load placeholder = inFlight.get(key);
      List<Removal> removals = new ArrayList<>();
      String returned = previous;
      switch (operation.kind()) {
        case PUT, MAP_PUT_IF_ABSENT -> {
          if (placeholder != null) {
            placeholder.filledWith = operation.value();
            inFlight.remove(key);
            filled.put(key, placeholder);
            map.put(key, operation.value());
            returned = null;
          } else if (operation.kind() == Kind.PUT) {
            returned = null;
            write(key, operation.value());
            replaced(key, previous, removals);
          } else {
            map.putIfAbsent(key, operation.value());
          }
        }
        case GET_IF_PRESENT -> { }
        case INVALIDATE, MAP_REMOVE -> {
          if (placeholder != null) {
            placeholder.discarded = true;
            inFlight.remove(key);
          }
          if (operation.kind() == Kind.INVALIDATE) {
            returned = null;
          }
          removed(key, previous, removals);
        }
        case MAP_REPLACE -> {
          if (previous != null) {
            write(key, operation.value());
            replaced(key, previous, removals);
          }
        }
        case GET_WITH_LOADER -> {
          if (recorded.outcome().loaded()) {
            returned = loadEnded(started.get(operation.value()), key, operation.value(), removals);
          } else if (previous == null && placeholder != null) {
            returned = recorded.outcome().returned(); // checked when the load ends
            placeholder.joined.add(returned);
          } else if (previous == null) {
            return false; // a get that neither hit, joined nor loaded
          }
        }
      }
      List<Removal> reported = recorded.outcome().removals().stream()
          .filter(removal -> removal.cause() != RemovalCause.SIZE).toList();
      return Objects.equals(returned, recorded.outcome().returned()) && reported.equals(removals)
          && held() <= capacity;
    }

    /** The end of a load: returns what its get returns, and adds what it reports to {@code removals}. */
    private String loadEnded(Load load, int key, String loaded, List<Removal> removals) {
      String returned;
      if (load.evicted) {
        returned = loaded; // reported as evicted, with the loaded value, and not cached
      } else if (load.discarded) {
        returned = loaded;
        removals.add(new Removal(key, loaded, RemovalCause.EXPLICIT));
      } else if (load.filledWith != null) {
        returned = load.filledWith; // the filled node's value now, as the load's end reads it
        filled.remove(key, load);
      } else {
        inFlight.remove(key);
        map.put(key, loaded);
        returned = loaded;
      }
      return load.joined.stream().allMatch(returned::equals) ? returned : "joined gets returned " + load.joined;
    }

    @Override
    public boolean acceptsEviction(Removal eviction, Recorded by, boolean insertPlaced) {
      if (owesInsert) {
        return false;
      }
      Load own = by.outcome().loaded() && eviction.value().equals(by.operation().value())
          ? started.get(eviction.value()) : null;
      if (own != null && inFlight.get(eviction.key()) == own) {
        // Its own placeholder, evicted by another operation's insert into a full cache, and reported by the load
        // when it ends: the insert's step comes next, so the cache is full without it.
        if (held() < capacity) {
          return false;
        }
        inFlight.remove(eviction.key());
        own.evicted = true;
        owesInsert = true;
        return true;
      }
      if (!eviction.value().equals(map.get(eviction.key()))) {
        return false;
      }
      boolean inserting = !insertPlaced && inserts(by.operation(), by.outcome().loaded());
      if (held() + (inserting ? 1 : 0) <= capacity) {
        return false; // not full
      }
      map.remove(eviction.key());
      filled.remove(eviction.key());
      return true;
    }

    /** Writes the value of a key: a new node if absent, else the mapped node's value, filled or not. */
    private void write(int key, String value) {
      map.put(key, value);
      Load load = filled.get(key);
      if (load != null) {
        load.filledWith = value;
      }
    }

    /** Whether the operation, placed now, would map a new node: a load's start, or a write of an absent key. */
    private boolean inserts(Operation operation, boolean loaded) {
      boolean absent = !map.containsKey(operation.key()) && !inFlight.containsKey(operation.key());
      return loaded || (absent && (operation.kind() == Kind.PUT || operation.kind() == Kind.MAP_PUT_IF_ABSENT));
    }

    @Override
    public boolean settled() {
      return !owesInsert;
    }

    /** The entries and placeholders the cache holds. */
    private int held() {
      return map.size() + inFlight.size();
    }

    private void replaced(int key, String previous, List<Removal> removals) {
      if (previous != null) {
        removals.add(new Removal(key, previous, RemovalCause.REPLACED));
      }
    }

    private void removed(int key, String previous, List<Removal> removals) {
      if (previous != null) {
        map.remove(key);
        filled.remove(key);
        removals.add(new Removal(key, previous, RemovalCause.EXPLICIT));
      }
    }

    @Override
    public Map<Integer, String> contents() {
      return new HashMap<>(map);
    }
  }
}
