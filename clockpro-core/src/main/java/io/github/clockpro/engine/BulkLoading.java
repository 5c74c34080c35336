package io.github.clockpro.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code getAll(keys, mappingFunction)}: many keys loaded by one call of a bulk loader, through the placeholders of
 * {@link Loading}.
 *
 * <h2>Design</h2>
 * Three phases, so that the call is single-flight with every other load and cannot deadlock with another bulk call:
 * <ol>
 *   <li><b>Places.</b> For each distinct key, in the caller's order: a present value is a hit; a key with a load in
 *       flight (another caller's placeholder) is noted for phase 3; an absent key gets a placeholder of this call,
 *       mapped and linked by one insert, which evicts at most one entry.
 *   <li><b>The call.</b> The function runs once, outside every lock, with exactly the keys that got a placeholder
 *       here. Its map is checked whole (not {@code null}, no {@code null} key or value) before anything is
 *       stored. Each requested key is then settled as a single load is ({@link Loading#finish}, or as a load
 *       that returned {@code null} if the map leaves it out); extra keys are stored as puts. If the function
 *       throws or its map is invalid, every placeholder of this call fails with that exception.
 *   <li><b>Waits.</b> Only now, with none of its own placeholders left unfilled, does the call wait for the loads
 *       of other callers that it noted. Two overlapping bulk calls may each wait for the other's keys, but each
 *       waits only after it has filled its own, so neither waits forever.
 * </ol>
 * A concurrent {@code get} of a key of this call finds its placeholder and waits for it, as for any load.
 *
 * <p>Fields: none change; the cache, the loads and the counters are thread-safe on their own.
 */
record BulkLoading<K, V>(EntryStore<K, V> cache, Loading<K, V> loading, Counters counters) {

  /** Returns the values for the keys, loading the missing ones with one call of the function. */
  Map<K, V> getAll(List<K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    // The result holds each distinct key in the caller's order from phase 1 on: a key not yet settled maps to
    // null, and keeps its place when its value is put; the keys left without a value leave at the end.
    Map<K, V> result = new LinkedHashMap<>(capacityFor(keys.size()));
    Misses<K, V> misses = new Misses<>();
    try {
      for (K key : keys) {
        if (!result.containsKey(key)) {
          place(key, result, misses);
        }
      }
    } catch (Throwable failure) { // an Expiry on a hit, or the stack: the placeholders placed so far must settle
      if (misses.owned != null) {
        for (Owned<K, V> load : misses.owned.values()) {
          loading.fail(load.placeholder, load.load, failure);
        }
      }
      throw failure;
    }
    if (misses.owned != null) {
      loadOwned(misses.owned, mappingFunction, result);
    }
    if (misses.others != null) {
      for (Node<K, V> node : misses.others) {
        result.put(node.key, loading.join(node));
      }
    }
    if (misses.owned != null || misses.others != null) {
      result.values().removeIf(Objects::isNull);
    }
    return Collections.unmodifiableMap(result);
  }

  /** Phase 1 for one key: a hit, another caller's load to wait for later, or a placeholder of this call. */
  private void place(K key, Map<K, V> result, Misses<K, V> misses) {
    int hash = cache.hash(key);
    for (;;) {
      Node<K, V> node = cache.lookup(key, hash);
      if (node != null && !node.loading) {
        V value = cache.readLive(node);
        if (value != null) {
          counters.recordHit();
          result.put(key, value);
          return;
        }
        continue; // it had expired, and has left
      }
      if (node != null) {
        counters.recordMiss();
        result.put(key, null);
        misses.other(node);
        return;
      }
      Headroom.check(); // stack for the bookkeeping that follows, whatever the function does
      long now = cache.writeTime();
      Load<V> load = new Load<>();
      Node<K, V> placeholder = cache.reserve(key, hash, load, now);
      if (placeholder != null) {
        counters.recordMiss();
        result.put(key, null);
        misses.own(key, new Owned<>(placeholder, load));
        return;
      }
      // mapped since the lookup: look again
    }
  }

  /** Phase 2: one call of the function for the keys that got a placeholder of this call, then their fills. */
  private void loadOwned(Map<K, Owned<K, V>> owned,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction,
      Map<K, V> result) {
    Set<K> missing = Collections.unmodifiableSet(owned.keySet());
    Map<? extends K, ? extends V> loaded;
    long start = System.nanoTime();
    try {
      loaded = mappingFunction.apply(missing);
      checkLoaded(loaded);
    } catch (Throwable failure) {
      counters.recordBulkLoad(false, System.nanoTime() - start);
      for (Owned<K, V> load : owned.values()) {
        loading.fail(load.placeholder, load.load, failure);
      }
      throw failure;
    }
    counters.recordBulkLoad(true, System.nanoTime() - start);
    // Every placeholder of this call is settled, whatever fails on the way (an expiry or a weigher that rejects
    // one value): a placeholder left behind would hold its key's waiters forever. The first failure is thrown at
    // the end.
    Throwable firstFailure = null;
    for (Owned<K, V> load : owned.values()) {
      K key = load.placeholder.key;
      V value = loaded.get(key);
      try {
        result.put(key, value == null ? loading.fail(load.placeholder, load.load, null)
            : loading.finish(load.placeholder, load.load, value));
      } catch (RuntimeException | Error failure) { // finish failed its load and removed its placeholder
        firstFailure = firstFailure == null ? failure : firstFailure;
      }
    }
    for (Map.Entry<? extends K, ? extends V> entry : loaded.entrySet()) {
      if (!owned.containsKey(entry.getKey())) {
        try {
          cache.store(entry.getKey(), entry.getValue(), EntryStore.Write.REPLACE_PRESENT);
        } catch (RuntimeException | Error failure) {
          firstFailure = firstFailure == null ? failure : firstFailure;
        }
      }
    }
    if (firstFailure instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (firstFailure != null) {
      throw (Error) firstFailure;
    }
  }

  /** A hash map's capacity that holds {@code size} entries without growing. */
  private static int capacityFor(int size) {
    return (int) Math.ceil(size / 0.75);
  }

  /**
   * The keys phase 1 could not give a value for: those this call loads, and the placeholders of other callers'
   * loads. Each collection is made only when a key needs it, so a call whose keys all hit allocates neither.
   */
  private static final class Misses<K, V> {
    Map<K, Owned<K, V>> owned;
    List<Node<K, V>> others;

    void own(K key, Owned<K, V> load) {
      if (owned == null) {
        owned = new LinkedHashMap<>();
      }
      owned.put(key, load);
    }

    void other(Node<K, V> placeholder) {
      if (others == null) {
        others = new ArrayList<>();
      }
      others.add(placeholder);
    }
  }

  /** A placeholder of this call and its load, which stays reachable after a put replaces it as the value. */
  private record Owned<K, V>(Node<K, V> placeholder, Load<V> load) {}

  /** Rejects an invalid map before anything is stored. */
  private static void checkLoaded(Map<?, ?> loaded) {
    if (loaded == null) {
      throw new NullPointerException("mappingFunction returned null");
    }
    for (Map.Entry<?, ?> entry : loaded.entrySet()) {
      if (entry.getKey() == null) {
        throw new NullPointerException("mappingFunction returned a null key");
      }
      if (entry.getValue() == null) {
        throw new NullPointerException("mappingFunction returned a null value for key " + entry.getKey());
      }
    }
  }
}
