package io.github.clockpro.engine;

import io.github.clockpro.RemovalCause;
import java.util.function.Function;

/**
 * The loads in flight of one {@link BoundedCache}: the miss path of a read-through lookup.
 *
 * <h2>Design</h2>
 * A load in flight is a placeholder {@link Node}: mapped and linked into a ring like an entry, with
 * {@link Node#loading} set and a {@link Load} (a future owned by the loading thread) as its value. The first caller
 * for a key maps and links the placeholder through the cache's insert, evicting one entry if the cache is full,
 * exactly as an insert does; it then runs the loader outside every lock and fills the placeholder with the value
 * under the node's monitor alone. Later callers find the placeholder and wait for its Load. So a miss takes one
 * lookup without the lock and one critical section, as an insert does, and allocates the Node and the Load only.
 * The policy passes over placeholders (see {@link ClockProPolicy}), so a load keeps its place unless every entry
 * an eviction examines is a load. A load that fails unlinks and unmaps its placeholder under the eviction lock;
 * the entry evicted to make room for it stays evicted, as in cache2k. A put of the key during the load fills the
 * placeholder itself, and the load then returns the put's value, even if its loader then returns {@code null} or
 * throws; every other operation sees a placeholder as absent.
 *
 * <h2>The outcome of a load</h2>
 * A put and a failing loader race for the placeholder, and both decide under the node's monitor: a fill (by a
 * put, or by the load with its own value) clears {@link Node#loading}; a failure completes the {@link Load}
 * (exceptionally, or with {@code null}). Whichever comes first decides: a fill refuses a placeholder whose Load is
 * complete, and a failure that finds the placeholder filled completes the Load with the put's value instead and
 * returns that. So the loader's caller and every waiter see the same outcome, the one the map shows.
 *
 * <h2>Errors</h2>
 * The Load is completed before anything that could fail: a failed load completes it under the monitor, then
 * unmaps its placeholder under the eviction lock. A placeholder whose Load has failed is dead: no put fills it,
 * and any caller that finds it (a lookup here, a put in the cache) unmaps it itself
 * ({@link #removeIfFailed}) and looks again; so a thread that could not unmap its failed placeholder, say because
 * its stack overflowed there, leaves no key stuck.
 *
 * <p>Fields: none change; the cache and the counters are thread-safe on their own.
 */
final class Loading<K, V> {

  private final EntryStore<K, V> cache;
  private final Counters counters;

  Loading(EntryStore<K, V> cache, Counters counters) {
    this.cache = cache;
    this.counters = counters;
  }

  /**
   * Joins the load in flight for the key, or maps a placeholder and runs the loader: {@code found} is what the
   * caller's lookup saw, a placeholder or {@code null}, at the cache's time {@code lookupTime}
   * ({@link BoundedCache#readTime}), which a first placeholder takes as its own. With {@code recordStats}, counts
   * the lookup as Caffeine does: a miss for the caller that runs the loader, a hit for one that gets a value
   * another caller put or loaded (a load joined in flight included), a miss for one whose joined load failed.
   */
  V load(K key, int hash, Node<K, V> found, Function<? super K, ? extends V> loader, long lookupTime,
      boolean recordStats) {
    Node<K, V> node = found;
    for (long now = lookupTime; ; now = cache.writeTime()) {
      if (node == null) {
        Headroom.check(); // stack for the bookkeeping in run, whatever the loader does: see "Errors"
        Load<V> load = new Load<>();
        Node<K, V> placeholder = cache.reserve(key, hash, load, now);
        if (placeholder != null) {
          try {
            return run(placeholder, load, loader);
          } finally {
            record(recordStats, false); // after run, which completes the load whatever happens: see "Errors"
          }
        }
        node = cache.lookup(key, hash); // mapped since the caller's lookup
        if (node == null) {
          continue; // and gone again: reserve anew
        }
      }
      V value = node.value;
      if (!(value instanceof Load)) {
        V live = cache.readLive(node);
        if (live != null) {
          record(recordStats, true);
          return live;
        }
        node = null; // it expired after the insert found it, and has left: load it
        continue;
      }
      @SuppressWarnings("unchecked")
      Load<V> inFlight = (Load<V>) value;
      if (inFlight.isExclusive()) {
        inFlight.awaitQuietly(); // a compute decides the key's next value, not a value for this load: look again
        removeIfFailed(node, inFlight);
      } else if (!removeIfFailed(node, inFlight)) {
        return awaitJoined(inFlight, recordStats);
      }
      node = cache.lookup(key, hash); // the load had failed: start a new one, or join one started since
      if (node != null && !node.loading) {
        V live = cache.readLive(node);
        if (live != null) {
          record(recordStats, true);
          return live;
        }
        node = null; // it had expired, and has left: load it
      }
    }
  }

  /** Waits for another caller's load and counts the lookup: a hit if it gave a value, else a miss. */
  private V awaitJoined(Load<V> inFlight, boolean recordStats) {
    V value;
    try {
      value = inFlight.await();
    } catch (Throwable failure) {
      record(recordStats, false);
      throw failure;
    }
    record(recordStats, value != null);
    return value;
  }

  private void record(boolean recordStats, boolean hit) {
    if (!recordStats) {
      return;
    }
    if (hit) {
      counters.recordHit();
    } else {
      counters.recordMiss();
    }
  }

  /**
   * Unmaps a placeholder whose load failed (threw or returned {@code null}) if it is still mapped, and returns
   * whether the load had failed. The thread that ran the load does this itself; a caller that finds such a
   * placeholder does it too, so that a failed load's place never outlives it, even when its thread could not
   * finish (see "Errors" in the class comment).
   */
  boolean removeIfFailed(Node<K, V> placeholder, Load<V> load) {
    if (!load.isDone() || !(load.isCompletedExceptionally() || load.getNow(null) == null)) {
      return false;
    }
    cache.removePlaceholder(placeholder);
    return true;
  }

  /**
   * Runs the loader for a mapped placeholder and completes its Load on every path, so that no waiter waits
   * forever: the value, {@code null}, or the loader's exception; or, whatever the loader did, the value of a put
   * that filled the placeholder first.
   */
  private V run(Node<K, V> placeholder, Load<V> load, Function<? super K, ? extends V> loader) {
    V loaded;
    try {
      loaded = callLoader(placeholder.key, loader);
    } catch (Throwable failure) {
      V put = fail(placeholder, load, failure);
      if (put != null) {
        return put;
      }
      throw failure;
    }
    return loaded == null ? fail(placeholder, load, null) : finish(placeholder, load, loaded);
  }

  /**
   * Settles a load of this thread that failed ({@code failure}) or gave no value ({@code null}): returns the value
   * of a put that filled the placeholder first, or {@code null} after unmapping the placeholder.
   */
  V fail(Node<K, V> placeholder, Load<V> load, Throwable failure) {
    V put = settleFailure(placeholder, load, failure);
    if (put == null) {
      cache.removePlaceholder(placeholder);
    }
    return put;
  }

  /**
   * Waits for another caller's load found in phase 1 of a bulk load (see {@link BulkLoading}) and returns the
   * key's value, or {@code null}: the load's outcome, rethrowing its exception; after a compute, the value it
   * left. Never loads.
   */
  V join(Node<K, V> node) {
    V value = node.value;
    if (!(value instanceof Load)) {
      return cache.readLive(node); // filled since
    }
    @SuppressWarnings("unchecked")
    Load<V> inFlight = (Load<V>) value;
    if (!inFlight.isExclusive()) {
      V outcome = inFlight.await();
      removeIfFailed(node, inFlight);
      return outcome;
    }
    inFlight.awaitQuietly();
    removeIfFailed(node, inFlight);
    Node<K, V> now = cache.lookup(node.key, node.hash);
    return now == null || now.loading ? null : cache.readLive(now);
  }

  /**
   * Stores a load's value in its mapped placeholder and completes its Load; returns what the load's callers get:
   * the value, or the value of a put that filled the placeholder first. A placeholder evicted while loading is
   * not filled: its value is returned and reported to the listener as evicted; one an invalidation discarded
   * ({@link Load#isDiscarded}), as explicitly removed, as Caffeine reports an invalidated load once it completes.
   * An expiry or a weigher that fails on the value fails the load, as a loader that threw would: nothing is
   * cached, and the exception is thrown here, unless a put filled the placeholder first.
   */
  V finish(Node<K, V> placeholder, Load<V> load, V loaded) {
    boolean filled;
    try {
      filled = cache.fill(placeholder, loaded);
    } catch (RuntimeException | Error failure) {
      V put = fail(placeholder, load, failure);
      if (put != null) {
        return put;
      }
      throw failure;
    }
    V result;
    if (filled) {
      result = loaded;
    } else if (placeholder.loading) {
      load.complete(loaded); // evicted or invalidated while loading: returned and reported, but not cached
      cache.notifyRemoval(placeholder.key, loaded, load.isDiscarded() ? RemovalCause.EXPLICIT : RemovalCause.SIZE);
      return loaded;
    } else {
      result = placeholder.value(); // a put filled the placeholder first: its value wins
    }
    load.complete(result);
    return result;
  }

  /**
   * Decides a failed load under its placeholder's monitor, where fills happen: if a put filled the placeholder
   * first, completes the Load with the put's value and returns it; otherwise completes the Load with the failure
   * ({@code null} for a loader that returned {@code null}), after which no put can fill the placeholder, and
   * returns {@code null}. The Load is complete before the caller unmaps the placeholder.
   */
  private V settleFailure(Node<K, V> placeholder, Load<V> load, Throwable failure) {
    V put;
    synchronized (placeholder) {
      if (placeholder.loading) {
        if (failure == null) {
          load.complete(null);
        } else {
          load.completeExceptionally(failure);
        }
        return null;
      }
      put = placeholder.value();
    }
    load.complete(put);
    return put;
  }

  private V callLoader(K key, Function<? super K, ? extends V> loader) {
    long start = System.nanoTime();
    V value;
    try {
      value = loader.apply(key);
    } catch (Throwable failure) {
      counters.recordLoadFailure(System.nanoTime() - start);
      throw failure;
    }
    long nanos = System.nanoTime() - start;
    if (value == null) {
      counters.recordLoadFailure(nanos);
    } else {
      counters.recordLoadSuccess(nanos);
    }
    return value;
  }
}
