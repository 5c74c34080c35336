package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.model.ReferenceModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The state of one action sequence: a cache, and what the test expects of it.
 *
 * <p>The test keeps a <em>shadow</em>, the map of entries the cache must hold. Every action updates the shadow
 * as the contract says, and the only entries allowed to leave the cache unannounced by the action are those the
 * removal listener reports as evicted ({@link RemovalCause#SIZE}), which then leave the shadow too. After every
 * action the cache's contents must equal the shadow, value instances included: no entry is lost, kept too long
 * or given a stale value. Hits and misses, puts, loads and evictions are counted the same way and compared with
 * {@link CacheStats}.
 *
 * <p>When a {@link ReferenceModel} is attached, every reference, insert and removal is replayed into it, and each
 * eviction must take the key the model evicts.
 *
 * <p>Each action method asserts the results of its own call; {@link #settle()} then accounts for the listener's
 * calls. The invariants checked between actions are in {@link CacheInvariants}.
 */
final class CacheUnderTest {

  /** How a loader given to {@code get} or {@code computeIfAbsent} ends. */
  enum LoadOutcome { VALUE, NULL, FAILURE }

  final int maximumSize;
  final int scanLimit;
  final int collisionGroup;
  final ClockProCache<Key, Value> cache;
  private final ConcurrentMap<Key, Value> map;
  private final ReferenceModel<Key> model;

  /** The entries the cache must hold. */
  final Map<Key, Value> shadow = new HashMap<>();
  /** Listener calls received and not yet accounted for. */
  private final List<Removal> received = new ArrayList<>();
  /** Explicit removals and replacements the current action must report. */
  private final List<Removal> expected = new ArrayList<>();
  /** Accounting failures found by {@link #settle()}; the listener invariant reports them. */
  final List<String> listenerViolations = new ArrayList<>();
  /** Evictions in which the cache and the model chose different keys. */
  final List<String> modelViolations = new ArrayList<>();
  /** Keys the model evicted during the current action; the cache must evict the same ones. */
  private final List<Key> expectedVictims = new ArrayList<>();
  /** New entries the current action stored; each may evict at most one entry. */
  private int insertsInAction;

  long hits;
  long misses;
  long puts;
  long loadSuccesses;
  long loadFailures;
  long evictions;
  private int nextValue;

  CacheUnderTest(int maximumSize, int scanLimit, int collisionGroup, boolean withModel) {
    this.maximumSize = maximumSize;
    this.scanLimit = scanLimit;
    this.collisionGroup = collisionGroup;
    this.cache = ClockProCache.builder()
        .maximumSize(maximumSize)
        .scanLimit(scanLimit)
        .removalListener((Key key, Value value, RemovalCause cause) -> received.add(new Removal(key, value, cause)))
        .build();
    this.map = cache.asMap();
    this.model = withModel ? new ReferenceModel<>(maximumSize, scanLimit, Key::hashCode) : null;
  }

  Key key(int id) {
    return new Key(id, collisionGroup);
  }

  /* ---------------- Actions through the cache ---------------- */

  void put(Key key) {
    Value value = newValue();
    Value previous = shadow.get(key);
    cache.put(key, value);
    stored(key, value, previous);
    settle();
  }

  /** Puts the instance the key already holds: a store, but no replacement to report. */
  void putSameValue(Key key) {
    Value current = shadow.get(key);
    if (current == null) {
      put(key);
      return;
    }
    cache.put(key, current);
    puts++;
    reference(key);
    settle();
  }

  void getIfPresent(Key key) {
    Value expectedValue = shadow.get(key);
    assertSame(expectedValue, cache.getIfPresent(key), () -> "getIfPresent(" + key + ")");
    countLookup(key, expectedValue);
    settle();
  }

  void getAllPresent(Key first, Key second) {
    Map<Key, Value> found = cache.getAllPresent(List.of(first, second));
    for (Key key : List.of(first, second)) {
      assertSame(shadow.get(key), found.get(key), () -> "getAllPresent found for " + key);
      countLookup(key, shadow.get(key));
    }
    settle();
  }

  void get(Key key, LoadOutcome outcome) {
    Value present = shadow.get(key);
    countLookup(key, present);
    load(key, outcome, present, loader -> cache.get(key, loader));
  }

  void computeIfAbsent(Key key, LoadOutcome outcome) {
    Value present = shadow.get(key);
    if (present != null) {
      reference(key);
    }
    load(key, outcome, present, loader -> map.computeIfAbsent(key, loader));
  }

  void invalidate(Key key) {
    cache.invalidate(key);
    removed(key);
    settle();
  }

  void invalidateAllOf(Key first, Key second) {
    cache.invalidateAll(List.of(first, second));
    removed(first);
    removed(second);
    settle();
  }

  void invalidateAll() {
    cache.invalidateAll();
    for (Key key : new ArrayList<>(shadow.keySet())) {
      removed(key);
    }
    settle();
  }

  /* ---------------- Actions through asMap() ---------------- */

  void mapGet(Key key) {
    Value present = shadow.get(key);
    assertSame(present, map.get(key), () -> "asMap().get(" + key + ")");
    if (present != null) {
      reference(key);
    }
    settle();
  }

  void mapContainsKey(Key key) {
    assertEquals(shadow.containsKey(key), map.containsKey(key), () -> "asMap().containsKey(" + key + ")");
    settle();
  }

  void mapPut(Key key) {
    Value value = newValue();
    Value previous = shadow.get(key);
    assertSame(previous, map.put(key, value), () -> "asMap().put(" + key + ") returned");
    stored(key, value, previous);
    settle();
  }

  void mapPutIfAbsent(Key key) {
    Value value = newValue();
    Value previous = shadow.get(key);
    assertSame(previous, map.putIfAbsent(key, value), () -> "asMap().putIfAbsent(" + key + ") returned");
    if (previous == null) {
      stored(key, value, null);
    } else {
      reference(key);
    }
    settle();
  }

  void mapRemove(Key key) {
    Value previous = shadow.get(key);
    assertSame(previous, map.remove(key), () -> "asMap().remove(" + key + ") returned");
    removed(key);
    settle();
  }

  /** Removes the key if it holds the current instance ({@code matching}) or a fresh one (never held). */
  void mapRemoveIfEqual(Key key, boolean matching) {
    Value current = shadow.get(key);
    Value candidate = matching && current != null ? current : newValue();
    boolean removes = candidate == current;
    assertEquals(removes, map.remove(key, candidate), () -> "asMap().remove(" + key + ", value) returned");
    if (removes) {
      removed(key);
    }
    settle();
  }

  void mapReplace(Key key) {
    Value value = newValue();
    Value previous = shadow.get(key);
    assertSame(previous, map.replace(key, value), () -> "asMap().replace(" + key + ") returned");
    if (previous != null) {
      stored(key, value, previous);
    }
    settle();
  }

  void mapReplaceIfEqual(Key key, boolean matching) {
    Value current = shadow.get(key);
    Value candidate = matching && current != null ? current : newValue();
    Value value = newValue();
    boolean replaces = current != null && candidate == current;
    assertEquals(replaces, map.replace(key, candidate, value), () -> "asMap().replace(" + key + ", old, new)");
    if (replaces) {
      stored(key, value, current);
    }
    settle();
  }

  /** {@code compute} with a function that always gives a new value; the map's default implementation. */
  void mapCompute(Key key) {
    Value value = newValue();
    Value previous = shadow.get(key);
    assertSame(value, map.compute(key, (k, old) -> {
      assertSame(previous, old, () -> "compute saw for " + key);
      return value;
    }));
    stored(key, value, previous); // one reference, as a put: the compute reads and writes under the monitor
    settle();
  }

  /** Removes the first entry the entry set's iterator yields, through {@link Iterator#remove()}. */
  void mapIteratorRemove() {
    Iterator<Map.Entry<Key, Value>> entries = map.entrySet().iterator();
    if (!entries.hasNext()) {
      assertTrue(shadow.isEmpty(), "the iterator is empty but the shadow is not");
      return;
    }
    Map.Entry<Key, Value> first = entries.next();
    assertSame(shadow.get(first.getKey()), first.getValue(), () -> "iterated entry " + first);
    entries.remove();
    removed(first.getKey());
    settle();
  }

  /* ---------------- Bookkeeping ---------------- */

  private void load(Key key, LoadOutcome outcome, Value present,
      Function<Function<Key, Value>, Value> call) {
    if (present != null) {
      assertSame(present, call.apply(k -> {
        throw new AssertionError("the loader ran for present key " + key);
      }));
      settle();
      return;
    }
    Value value = newValue();
    RuntimeException failure = new IllegalStateException("load of " + key + " failed");
    int[] calls = {0};
    Function<Key, Value> loader = k -> {
      calls[0]++;
      assertEquals(key, k);
      switch (outcome) {
        case VALUE:
          return value;
        case NULL:
          return null;
        default:
          throw failure;
      }
    };
    inserted(key); // a load takes its place when it starts, evicting one entry if the cache is full
    if (outcome == LoadOutcome.FAILURE) {
      assertSame(failure, assertThrows(IllegalStateException.class, () -> call.apply(loader)));
      loadFailures++;
      placeFreed(key);
    } else if (outcome == LoadOutcome.NULL) {
      assertNull(call.apply(loader), () -> "load of " + key + " returning null");
      loadFailures++;
      placeFreed(key);
    } else {
      assertSame(value, call.apply(loader), () -> "load of " + key);
      loadSuccesses++;
      shadow.put(key, value);
    }
    assertEquals(1, calls[0], () -> "loader calls for " + key);
    settle();
  }

  private void countLookup(Key key, Value present) {
    if (present != null) {
      hits++;
      reference(key);
    } else {
      misses++;
    }
  }

  /** Records a stored value: a new entry, or a replacement of {@code previous}. */
  private void stored(Key key, Value value, Value previous) {
    puts++;
    shadow.put(key, value);
    if (previous == null) {
      inserted(key);
    } else {
      reference(key);
      if (previous != value) {
        expected.add(new Removal(key, previous, RemovalCause.REPLACED));
      }
    }
  }

  private void removed(Key key) {
    Value previous = shadow.remove(key);
    if (previous != null) {
      expected.add(new Removal(key, previous, RemovalCause.EXPLICIT));
      if (model != null) {
        model.remove(key);
      }
    }
  }

  /** Records that a load which failed or returned null gave up its place; nothing is reported. */
  private void placeFreed(Key key) {
    if (model != null) {
      model.remove(key);
    }
  }

  /** Records a reference to a resident key: a hit, or a write to a present key. */
  private void reference(Key key) {
    if (model != null) {
      model.reference(key);
    }
  }

  private void inserted(Key key) {
    insertsInAction++;
    if (model == null) {
      return;
    }
    Key victim = model.insert(key);
    if (victim != null) {
      expectedVictims.add(victim);
    }
  }

  /**
   * Accounts for the listener calls of the action just run: each eviction must remove an entry of the shadow,
   * with its current value, at most one per action; every other call must be one the action expected, once.
   */
  private void settle() {
    List<Removal> explicit = new ArrayList<>();
    List<Key> victims = new ArrayList<>();
    for (Removal removal : received) {
      if (removal.cause() == RemovalCause.SIZE) {
        Value held = shadow.remove(removal.key());
        if (held != removal.value()) {
          listenerViolations.add("evicted " + removal + " but the cache held " + held);
        }
        victims.add(removal.key());
        evictions++;
      } else {
        explicit.add(removal);
      }
    }
    received.clear();
    if (victims.size() > insertsInAction) {
      listenerViolations.add("an action that inserted " + insertsInAction + " entries evicted " + victims);
    }
    if (!sameElements(explicit, expected)) {
      listenerViolations.add("reported " + explicit + " but expected " + expected);
    }
    if (model != null && !victims.equals(expectedVictims)) {
      modelViolations.add("the cache evicted " + victims + " but the model " + expectedVictims);
    }
    expected.clear();
    expectedVictims.clear();
    insertsInAction = 0;
  }

  private static boolean sameElements(List<Removal> actual, List<Removal> wanted) {
    List<Removal> remaining = new ArrayList<>(wanted);
    for (Removal removal : actual) {
      if (!remaining.remove(removal)) {
        return false;
      }
    }
    return remaining.isEmpty();
  }

  /* ---------------- Each action's eviction work ----------------

     SCAN_BOUND checks the scan statistics against each other; this adds a cross-check against the work of each
     action, taken from the change in the statistics since the check before it. An action that evicted one entry
     gives that eviction's length; one that evicted several (putAll) only their sum. */

  /** Entries examined by each eviction of an action that evicted one entry. */
  private final List<Integer> observedScans = new ArrayList<>();
  /** Evictions, and entries they examined, of actions that evicted more than one entry. */
  private long pooledEvictions;
  private long pooledExamined;
  private long evictionsChecked;
  private long examinedChecked;

  /** Records the eviction work done since the last call, as one action's. */
  private void recordActionScans(CacheStats stats) {
    long evicted = stats.evictionCount() - evictionsChecked;
    long examined = stats.scanCount() - examinedChecked;
    evictionsChecked = stats.evictionCount();
    examinedChecked = stats.scanCount();
    if (evicted == 1) {
      observedScans.add((int) examined);
    } else if (evicted > 1) {
      pooledEvictions += evicted;
      pooledExamined += examined;
    }
  }

  /**
   * The work of each action against the statistics: each eviction examined between 1 and the scan limit, every
   * eviction the removal listener reported is counted, the entries examined add up to the statistics' count, and
   * so, while every action evicted at most one entry, does the number of evictions that examined at most n
   * entries, for every n.
   *
   * @return a description of each disagreement; empty if there is none
   */
  List<String> scanDisagreements(CacheStats stats) {
    recordActionScans(stats);
    List<String> disagreements = new ArrayList<>();
    for (int examined : observedScans) {
      if (examined < 1 || examined > scanLimit) {
        disagreements.add("an eviction examined " + examined + " entries, limit " + scanLimit);
      }
    }
    if (observedScans.size() + pooledEvictions != evictions) {
      disagreements.add("counted " + (observedScans.size() + pooledEvictions) + " evictions, the listener reported "
          + evictions);
    }
    long observedTotal = observedScans.stream().mapToLong(Integer::longValue).sum() + pooledExamined;
    if (observedTotal != stats.scanCount()) {
      disagreements.add("actions examined " + observedTotal + " entries, statistics " + stats.scanCount());
    }
    if (pooledEvictions == 0) {
      for (int length = 0; length <= scanLimit + 1; length++) {
        int scanLength = length;
        long observed = observedScans.stream().filter(examined -> examined <= scanLength).count();
        long counted = cache.policy().evictionCountAtMost(length);
        if (observed != counted) {
          disagreements.add("actions made " + observed + " evictions that examined at most " + length
              + " entries, policy() counts " + counted);
        }
      }
    }
    return disagreements;
  }

  ReferenceModel<Key> model() {
    return model;
  }

  private Value newValue() {
    return new Value(nextValue++);
  }

  @Override
  public String toString() {
    return "cache of " + maximumSize + ", scan limit " + scanLimit + ", hash collisions in groups of "
        + collisionGroup + (model == null ? "" : ", with reference model");
  }
}
