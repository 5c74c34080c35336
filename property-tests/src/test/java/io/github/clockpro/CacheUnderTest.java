package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.Action.Operation;
import io.github.clockpro.model.ExpiryModel;
import io.github.clockpro.model.ReferenceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The state of one action sequence: a cache, and what the test expects of it.
 *
 * <p>The test keeps a <em>shadow</em>, the map of entries the cache must hold. Every action updates the shadow
 * as the contract says, and the only entries allowed to leave the cache unannounced by the action are those the
 * removal listener reports as evicted ({@link RemovalCause#SIZE}) or expired ({@link RemovalCause#EXPIRED}),
 * which then leave the shadow too. After every action the cache's contents must equal the shadow's live entries,
 * value instances included: no entry is lost, kept too long or given a stale value. Hits and misses, puts, loads,
 * evictions and expirations are counted the same way and compared with {@link CacheStats}.
 *
 * <p>With expiry, an {@link ExpiryModel} keeps the time (a {@link ManualTicker} the actions move) and each held
 * entry's deadline: an entry is live, and a read of it a hit, while the time is before its deadline. An expired
 * entry stays in the shadow, held, until the listener reports it: as {@code EXPIRED}, whenever the cache removes
 * it (a read that finds it, a bounded step of a later write or removal, {@code cleanUp()}), and never while it
 * is live nor twice; or as {@code SIZE}, if an eviction takes it before the cache's timer has found it. So the
 * shadow's held entries are exactly the entries the cache still counts in {@code size()}.
 *
 * <p>When a {@link ReferenceModel} is attached, every reference, insert and removal is replayed into it, each
 * expiry as a removal at the moment the listener reports it (which, in an insert, is before the insert's
 * eviction, as in the cache), and each eviction must take the key the model evicts.
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
  /** The cache's ticker, which the actions move. */
  private final ManualTicker ticker;
  /** The time and the deadlines, or {@code null} for a cache without expiry. */
  final ExpiryModel<Key, Value> expiry;

  /** The entries the cache holds: live ones, and expired ones not yet reported. */
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
  /** The placeholders of the current bulk call that the model evicted by a later insert of the same call. */
  private final List<Key> placeholdersEvicted = new ArrayList<>();
  /** Keys evicted in the current action so far, in the order of their reports. */
  private final List<Key> victimsInAction = new ArrayList<>();
  /** New entries the current action stored; each may evict at most one entry. */
  private int insertsInAction;

  long hits;
  long misses;
  long puts;
  long loadSuccesses;
  long loadFailures;
  long evictions;
  /** Expired entries reported, and of them, those an eviction took before the timer found them. */
  long expirations;
  long expiredEvictions;
  private int nextValue;

  /** The action running, and the expirations the statistics counted before it: for the expiry bound. */
  Operation operation;
  long expirationsBefore;

  CacheUnderTest(int maximumSize, int scanLimit, int collisionGroup, boolean withModel, ExpirySetting setting) {
    this.maximumSize = maximumSize;
    this.scanLimit = scanLimit;
    this.collisionGroup = collisionGroup;
    this.ticker = new ManualTicker(setting.start());
    this.expiry = setting.newModel();
    CacheBuilder<Key, Value> builder = ClockProCache.builder()
        .maximumSize(maximumSize)
        .scanLimit(scanLimit)
        .removalListener(this::heard);
    this.cache = setting.configure(builder, ticker).build();
    this.map = cache.asMap();
    this.model = withModel ? new ReferenceModel<>(maximumSize, scanLimit, Key::hashCode) : null;
  }

  /**
   * The removal listener. An expiry is accounted for at once, while the shadow still holds what the cache held
   * when it removed the entry (an action updates the shadow after its call returns), and replayed into the model
   * at once, so that in an insert it comes before the model's insert, as in the cache. Other calls wait for
   * {@link #settle()}.
   */
  private void heard(Key key, Value value, RemovalCause cause) {
    if (cause != RemovalCause.EXPIRED) {
      received.add(new Removal(key, value, cause));
      return;
    }
    Value held = shadow.get(key);
    if (expiry == null || held != value) {
      listenerViolations.add("reported " + new Removal(key, value, cause) + " but the cache held " + held);
      return;
    }
    if (expiry.isLive(key)) {
      listenerViolations.add("reported " + new Removal(key, value, cause) + " while it was live");
    }
    shadow.remove(key);
    expiry.removed(key);
    expirations++;
    if (model != null) {
      model.remove(key); // an expired page leaves as an invalidated one does: no history record
    }
  }

  Key key(int id) {
    return new Key(id, collisionGroup);
  }

  /** The key's value if the cache holds it and it is live: what a read must find. */
  Value live(Key key) {
    Value held = shadow.get(key);
    return held == null || expiry == null || expiry.isLive(key) ? held : null;
  }

  /** The shadow's live entries: what the cache's map view must show. */
  Map<Key, Value> liveEntries() {
    Map<Key, Value> entries = new HashMap<>();
    for (Key key : shadow.keySet()) {
      Value value = live(key);
      if (value != null) {
        entries.put(key, value);
      }
    }
    return entries;
  }

  void startAction(Operation operation) {
    this.operation = operation;
    this.expirationsBefore = cache.stats().expirationCount();
  }

  /* ---------------- Actions on time ---------------- */

  /** Moves the ticker, and the model's time, forward. */
  void advance(Duration step) {
    long time = (expiry == null ? ticker.read() : expiry.now()) + step.toNanos();
    ticker.set(time);
    if (expiry != null) {
      expiry.advanceTo(time);
    }
  }

  /**
   * Runs {@code cleanUp()}, after which every expired entry has been reported, except one whose deadline an
   * {@code Expiry} brought forward from a time still to come, where the timer still holds it.
   */
  void cleanUp() {
    cache.cleanUp();
    settle();
    if (expiry == null) {
      return;
    }
    for (Key key : shadow.keySet()) {
      assertTrue(expiry.isLive(key) || expiry.hadDeadlineAfter(key, expiry.now()),
          () -> "cleanUp() left expired " + key + "=" + shadow.get(key));
    }
  }

  /**
   * Runs {@code cleanUp()}, which moves the cache's time to the model's, then sets the ticker back: the cache's
   * time must not follow, so that every action until the next {@link #advance} (which moves on from the model's
   * time) finds what it would at the model's time. No entry the cache has seen expired lives again, and no
   * deadline is set from the earlier reading.
   */
  void tickerBack(Duration step) {
    cleanUp();
    ticker.set((expiry == null ? ticker.read() : expiry.now()) - step.toNanos());
  }

  /* ---------------- Actions through the cache ---------------- */

  void put(Key key) {
    Value value = newValue();
    Value previous = live(key);
    cache.put(key, value);
    stored(key, value, previous);
    settle();
  }

  /** Puts the instance the key already holds: a store, but no replacement to report. */
  void putSameValue(Key key) {
    Value current = live(key);
    if (current == null) {
      put(key);
      return;
    }
    cache.put(key, current);
    puts++;
    reference(key);
    if (expiry != null) {
      expiry.updated(key, current);
    }
    settle();
  }

  void getIfPresent(Key key) {
    Value expectedValue = live(key);
    assertSame(expectedValue, cache.getIfPresent(key), () -> "getIfPresent(" + key + ")");
    countLookup(key, expectedValue);
    settle();
  }

  void getAllPresent(Key first, Key second) {
    Value firstValue = live(first);
    Value secondValue = first.equals(second) ? null : live(second);
    Map<Key, Value> found = cache.getAllPresent(List.of(first, second));
    assertSame(firstValue, found.get(first), () -> "getAllPresent found for " + first);
    countLookup(first, firstValue);
    if (!first.equals(second)) { // a key given twice is read once
      assertSame(secondValue, found.get(second), () -> "getAllPresent found for " + second);
      countLookup(second, secondValue);
    }
    settle();
  }

  void get(Key key, LoadOutcome outcome) {
    Value present = live(key);
    countLookup(key, present);
    load(key, outcome, present, loader -> cache.get(key, loader));
  }

  void computeIfAbsent(Key key, LoadOutcome outcome) {
    Value present = live(key);
    if (present != null) {
      found(key, present);
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
    Map<Key, Value> live = liveEntries();
    cache.invalidateAll();
    for (Key key : live.keySet()) {
      removed(key);
    }
    settle();
    assertTrue(shadow.isEmpty(), () -> "invalidateAll() left " + shadow + " unreported");
  }

  /* ---------------- Actions through asMap() ---------------- */

  void mapGet(Key key) {
    Value present = live(key);
    assertSame(present, map.get(key), () -> "asMap().get(" + key + ")");
    if (present != null) {
      found(key, present);
    }
    settle();
  }

  void mapContainsKey(Key key) {
    assertEquals(live(key) != null, map.containsKey(key), () -> "asMap().containsKey(" + key + ")");
    settle();
  }

  void mapPut(Key key) {
    Value value = newValue();
    Value previous = live(key);
    assertSame(previous, map.put(key, value), () -> "asMap().put(" + key + ") returned");
    stored(key, value, previous);
    settle();
  }

  void mapPutIfAbsent(Key key) {
    Value value = newValue();
    Value previous = live(key);
    assertSame(previous, map.putIfAbsent(key, value), () -> "asMap().putIfAbsent(" + key + ") returned");
    if (previous == null) {
      stored(key, value, null);
    } else {
      found(key, previous); // the present value is read, as a hit is
    }
    settle();
  }

  void mapRemove(Key key) {
    Value previous = live(key);
    assertSame(previous, map.remove(key), () -> "asMap().remove(" + key + ") returned");
    removed(key);
    settle();
  }

  /** Removes the key if it holds the current instance ({@code matching}) or a fresh one (never held). */
  void mapRemoveIfEqual(Key key, boolean matching) {
    Value current = live(key);
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
    Value previous = live(key);
    assertSame(previous, map.replace(key, value), () -> "asMap().replace(" + key + ") returned");
    if (previous != null) {
      stored(key, value, previous);
    }
    settle();
  }

  void mapReplaceIfEqual(Key key, boolean matching) {
    Value current = live(key);
    Value candidate = matching && current != null ? current : newValue();
    Value value = newValue();
    boolean replaces = current != null && candidate == current;
    assertEquals(replaces, map.replace(key, candidate, value), () -> "asMap().replace(" + key + ", old, new)");
    if (replaces) {
      stored(key, value, current);
    }
    settle();
  }

  /** {@code compute} with a function that always gives a new value; atomic, under the entry's monitor. */
  void mapCompute(Key key) {
    Value value = newValue();
    Value previous = live(key);
    assertSame(value, map.compute(key, (k, old) -> {
      assertSame(previous, old, () -> "compute saw for " + key);
      return value;
    }));
    stored(key, value, previous); // one reference, as a put: the compute reads and writes under the monitor
    settle();
  }

  /**
   * {@code merge}: an absent key gets the given value, without calling the function; a present one the function's
   * result, a new value, or is removed if {@code removes} (the function returns {@code null}).
   */
  void mapMerge(Key key, boolean removes) {
    Value given = newValue();
    Value merged = newValue();
    Value previous = live(key);
    Value result = map.merge(key, given, (old, value) -> {
      assertSame(previous, old, () -> "merge saw for " + key);
      assertSame(given, value, () -> "merge was given for " + key);
      return removes ? null : merged;
    });
    if (previous == null) {
      assertSame(given, result, () -> "merge of absent " + key);
      stored(key, given, null); // inserted as putIfAbsent inserts: no placeholder
    } else if (removes) {
      assertNull(result, () -> "merge removing " + key);
      removed(key);
    } else {
      assertSame(merged, result, () -> "merge of " + key);
      stored(key, merged, previous);
    }
    settle();
  }

  /**
   * {@code getAll(keys, mappingFunction)} of two keys, or of one when both a reference model and expiry are on:
   * the model replays a bulk call's places when the function runs, after every expiry the call reported, and for
   * two inserts an expiry found by the second would then come before the first, unlike in the cache.
   *
   * <p>The cache takes each key's place in order, a hit or a placeholder's insert, then calls the function once
   * with the keys that got a placeholder; so the function replays those places in the same order. A key read as
   * a hit may be evicted by the next key's insert (its value is still returned); a key evicted by the insert
   * before it gets a placeholder, and a placeholder may be evicted by the next insert, its loaded value then
   * returned and reported as evicted.
   */
  void getAll(Key first, Key second, LoadOutcome outcome) {
    List<Key> distinct = model != null && expiry != null || first.equals(second) ? List.of(first)
        : List.of(first, second);
    Map<Key, Value> wanted = new HashMap<>();
    Map<Key, Value> loaded = new LinkedHashMap<>();
    RuntimeException failure = new IllegalStateException("bulk load of " + distinct + " failed");
    int[] calls = {0};
    Function<Set<? extends Key>, Map<Key, Value>> bulkFunction = requested -> {
      calls[0]++;
      replayPlaces(distinct, requested, wanted);
      for (Key key : distinct) {
        if (requested.contains(key)) {
          loaded.put(key, newValue());
        }
      }
      assertEquals(loaded.keySet(), requested, "the keys given to the bulk function");
      switch (outcome) {
        case VALUE:
          return new HashMap<>(loaded);
        case NULL:
          return Map.of(); // every requested key fails as a load that returned null
        default:
          throw failure;
      }
    };
    // A hit inserts nothing, so the keys' places change only after a miss: the function runs if one key misses.
    boolean callsFunction = distinct.stream().anyMatch(key -> live(key) == null);
    long evictionsBefore = evictionsForSize(cache.stats());
    if (outcome == LoadOutcome.FAILURE && callsFunction) {
      assertSame(failure, assertThrows(IllegalStateException.class, () -> cache.getAll(distinct, bulkFunction)));
    } else {
      Map<Key, Value> result = cache.getAll(distinct, bulkFunction);
      if (!callsFunction) {
        replayPlaces(distinct, Set.of(), wanted);
      } else if (outcome == LoadOutcome.VALUE) {
        wanted.putAll(loaded);
      }
      assertEquals(wanted.keySet(), result.keySet(), "getAll returned keys");
      wanted.forEach((key, value) -> assertSame(value, result.get(key), () -> "getAll returned for " + key));
    }
    assertEquals(callsFunction ? 1 : 0, calls[0], "calls of the bulk function");
    if (callsFunction) {
      if (outcome == LoadOutcome.FAILURE) {
        loadFailures++;
      } else {
        loadSuccesses++; // one bulk load, however many keys it gave values for
      }
      for (Key key : loaded.keySet()) {
        if (model != null && model.contains(key)) {
          model.loading(key, false);
        }
        if (outcome == LoadOutcome.VALUE) {
          shadow.put(key, loaded.get(key)); // an evicted placeholder's value leaves it again in settle()
          if (expiry != null) {
            expiry.created(key, loaded.get(key));
          }
        } else {
          placeFreed(key);
        }
      }
      if (outcome != LoadOutcome.VALUE) {
        silentEvictions(evictionsBefore, loaded.keySet());
      }
    }
    settle();
  }

  /**
   * Accounts for the placeholders of a failed bulk call that a later insert of the same call evicted: counted as
   * evictions, and never reported, since no value arrived (see {@code CacheStats.evictionCount}). Their number is
   * the evictions counted in this action less those reported; with a model, they are the placeholders it evicted.
   */
  private void silentEvictions(long evictionsBefore, Set<Key> keys) {
    takeEvictions();
    long silent = evictionsForSize(cache.stats()) - evictionsBefore - victimsInAction.size();
    if (silent < 0 || silent >= keys.size()) {
      listenerViolations.add("a failed bulk load of " + keys + " evicted " + silent + " of its own placeholders");
      return;
    }
    evictions += silent;
    if (model != null) {
      if (placeholdersEvicted.size() != silent) {
        modelViolations.add("the cache evicted " + silent + " placeholders of " + keys + " unreported, the model "
            + placeholdersEvicted);
      }
      for (Key placeholder : placeholdersEvicted) {
        expectedVictims.remove(expectedVictims.lastIndexOf(placeholder));
      }
    }
  }

  /**
   * Replays the places of a bulk call's keys, in order: a key the cache did not request from the function was a
   * hit; a requested one a miss and an insert. A requested key the shadow still holds was evicted by the insert
   * before it, whose report is taken now, so that the insert that follows finds the key absent.
   */
  private void replayPlaces(List<Key> keys, Set<? extends Key> requested, Map<Key, Value> wanted) {
    placeholdersEvicted.clear();
    List<Key> placed = new ArrayList<>();
    for (Key key : keys) {
      if (requested.contains(key)) {
        misses++;
        if (shadow.containsKey(key)) {
          takeEvictions();
        }
        int victimsBefore = expectedVictims.size();
        inserted(key);
        if (expectedVictims.size() > victimsBefore && placed.contains(expectedVictims.get(victimsBefore))) {
          placeholdersEvicted.add(expectedVictims.get(victimsBefore)); // the model evicted this call's own
        }
        placed.add(key);
        if (model != null) {
          model.loading(key, true); // until the function returns, for the inserts of the keys after it
        }
      } else {
        Value present = live(key);
        if (present == null) {
          listenerViolations.add("getAll found " + key + " present, but the shadow has no live entry for it");
          continue;
        }
        countLookup(key, present);
        wanted.put(key, present);
      }
    }
  }

  /** Removes the first entry the entry set's iterator yields, through {@link Iterator#remove()}. */
  void mapIteratorRemove() {
    Iterator<Map.Entry<Key, Value>> entries = map.entrySet().iterator();
    if (!entries.hasNext()) {
      assertTrue(liveEntries().isEmpty(), "the iterator is empty but the shadow has live entries");
      return;
    }
    Map.Entry<Key, Value> first = entries.next();
    assertSame(live(first.getKey()), first.getValue(), () -> "iterated entry " + first);
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
      // The load took its place before the loader runs, evicting one entry if the cache was full, after the
      // expiries that insert reported: so the model inserts here, after the listener replayed them.
      inserted(key);
      switch (outcome) {
        case VALUE:
          return value;
        case NULL:
          return null;
        default:
          throw failure;
      }
    };
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
      if (expiry != null) {
        expiry.created(key, value);
      }
    }
    assertEquals(1, calls[0], () -> "loader calls for " + key);
    settle();
  }

  private void countLookup(Key key, Value present) {
    if (present != null) {
      hits++;
      found(key, present);
    } else {
      misses++;
    }
  }

  /** Records a read that found a live entry: a reference, and where reads renew, a new deadline. */
  private void found(Key key, Value present) {
    reference(key);
    if (expiry != null) {
      expiry.read(key, present);
    }
  }

  /** Records a stored value: a new entry, or a replacement of {@code previous}. */
  private void stored(Key key, Value value, Value previous) {
    puts++;
    if (previous == null) {
      inserted(key);
      shadow.put(key, value);
      if (expiry != null) {
        expiry.created(key, value);
      }
    } else {
      shadow.put(key, value);
      reference(key);
      if (expiry != null) {
        expiry.updated(key, value);
      }
      if (previous != value) {
        expected.add(new Removal(key, previous, RemovalCause.REPLACED));
      }
    }
  }

  /** Records the removal of a live entry; an expired one leaves only when the listener reports it. */
  private void removed(Key key) {
    Value previous = live(key);
    if (previous != null) {
      shadow.remove(key);
      if (expiry != null) {
        expiry.removed(key);
      }
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

  /**
   * Records a new entry's place: the cache must have reported an expired entry it replaced (a write to an
   * expired key creates a new entry) before this is called.
   */
  private void inserted(Key key) {
    if (shadow.containsKey(key)) {
      listenerViolations.add("a new entry for " + key + " replaced " + shadow.get(key) + " unreported");
      shadow.remove(key);
      expiry.removed(key);
    }
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
    takeEvictions();
    List<Removal> explicit = new ArrayList<>(received);
    List<Key> victims = new ArrayList<>(victimsInAction);
    victimsInAction.clear();
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

  /**
   * Accounts for the evictions received so far in the current action: each must remove an entry of the shadow,
   * with its current value. The other calls stay for {@link #settle()}.
   */
  private void takeEvictions() {
    for (Iterator<Removal> removals = received.iterator(); removals.hasNext(); ) {
      Removal removal = removals.next();
      if (removal.cause() != RemovalCause.SIZE) {
        continue;
      }
      removals.remove();
      Value held = shadow.get(removal.key());
      if (held != removal.value()) {
        listenerViolations.add("evicted " + removal + " but the cache held " + held);
      } else {
        shadow.remove(removal.key());
        if (expiry != null) {
          if (!expiry.isLive(removal.key())) {
            expiredEvictions++; // evicted in the tick before the timer found it: see design.md
          }
          expiry.removed(removal.key());
        }
      }
      victimsInAction.add(removal.key());
      evictions++;
    }
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

  /** The evictions for size: those the statistics count less the expirations they include. */
  static long evictionsForSize(CacheStats stats) {
    return stats.evictionCount() - stats.expirationCount();
  }

  /** Records the eviction work done since the last call, as one action's. */
  private void recordActionScans(CacheStats stats) {
    long evicted = evictionsForSize(stats) - evictionsChecked;
    long examined = stats.scanCount() - examinedChecked;
    evictionsChecked = evictionsForSize(stats);
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
        + collisionGroup + (expiry == null ? "" : ", with expiry") + (model == null ? "" : ", with reference model");
  }
}
