package io.github.clockpro.jcache;

import io.github.clockpro.ClockProCache;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import javax.cache.Cache;
import javax.cache.event.EventType;
import javax.cache.integration.CacheWriterException;

/**
 * The writes of one key, each one core call, and the steps they are made of. A {@link CacheProxy} operation
 * calls a write inside {@link #withEvents}, which gives the write a batch for its events and dispatches them
 * after the core call has returned.
 *
 * <p>Inside the core's function a write takes the key's entry through one transition: {@link #create},
 * {@link #update}, {@link #access}, {@link #keep} or {@link #delete}. A transition calls the writer first when
 * the operation writes through (so a writer that throws leaves the cache as it was), leaves the expiry policy's
 * duration as the thread's intent for the core (see {@link ExpiryAdapter}), records its event in the batch and
 * returns what the core should store. Every core call clears the intent after it, in a finally block. The
 * entry processors and the loads make the same transitions, through {@link #compute} and {@link #load}.
 *
 * <p>Statistics: {@link #put}, {@link #putIfAbsent} and the unconditional {@link #remove(Object,
 * EventDispatcher.Batch) remove} count the puts and removals they make, since the bulk operations use them too;
 * everything else (hits, misses, times, the conditional writes' puts and removals) the operation counts after
 * its events are dispatched, since it depends on what the JCache operation is.
 *
 * <p>Fields: all final, set at construction; a write's own state (its {@link Outcome} and its batch) is confined
 * to the thread that makes it, so any thread may write through one instance.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class EntryWrites<K, V> {

  /** The source of the events: the JCache cache. */
  private final Cache<K, V> source;
  private final ClockProCache<K, V> cache;
  /** {@code null} when the policy is eternal: the core then has no expiry, and no intent to leave. */
  private final ExpiryAdapter<K, V> expiry;
  private final WriteThrough<K, V> writeThrough;
  private final Copier copier;
  private final EventDispatcher<K, V> dispatcher;
  private final JCacheStatisticsMXBean statistics;

  EntryWrites(Cache<K, V> source, ClockProCache<K, V> cache, ExpiryAdapter<K, V> expiry,
      WriteThrough<K, V> writeThrough, Copier copier, EventDispatcher<K, V> dispatcher,
      JCacheStatisticsMXBean statistics) {
    this.source = source;
    this.cache = cache;
    this.expiry = expiry;
    this.writeThrough = writeThrough;
    this.copier = copier;
    this.dispatcher = dispatcher;
    this.statistics = statistics;
  }

  /** Runs one operation's writes with a batch for their events, then dispatches the events. */
  <R> R withEvents(Function<EventDispatcher.Batch<K, V>, R> operation) {
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    R result = operation.apply(batch);
    dispatcher.dispatch(batch);
    return result;
  }

  /* ---------------- Writes ---------------- */

  /**
   * Stores the value, through the writer if asked; counts the put if stored.
   *
   * @return the value replaced, or {@code null}
   */
  V put(K key, V value, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    V stored = copier.copy(value);
    Outcome<V> outcome = new Outcome<>();
    compute(copier.copy(key), (k, current) -> {
      outcome.previous = current;
      V result = current == null
          ? create(key, value, stored, writeThrough, batch)
          : update(key, value, stored, current, writeThrough, batch);
      outcome.changed = result != null;
      return result;
    });
    if (outcome.changed) {
      statistics.recordPuts(1);
    }
    return outcome.previous;
  }

  /**
   * Stores the value if the key is absent, through the writer if asked; counts the put if stored. Goes through
   * the core's load path, which calls the function only for an absent key and leaves a present one untouched.
   *
   * @return whether the key was absent
   */
  boolean putIfAbsent(K key, V value, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    Outcome<V> outcome = new Outcome<>();
    if (expiry != null) {
      expiry.keepOnRead();
    }
    try { // the intent is cleared whatever fails, the key's copy included, or the thread's later reads keep it
      load(copier.copy(key), k -> {
        outcome.absent = true;
        V result = create(key, value, copier.copy(value), writeThrough, batch);
        outcome.changed = result != null;
        return result;
      });
    } finally {
      clearIntent();
    }
    if (outcome.changed) {
      statistics.recordPuts(1);
    }
    return outcome.absent;
  }

  /**
   * Writes the entries through in one call of the writer, then puts those it did not fail on, in one batch of
   * events.
   *
   * @return the writer's failure, for the caller to throw once the rest is stored, or {@code null}
   */
  CacheWriterException putAll(Map<? extends K, ? extends V> map) {
    Set<K> failed = new HashSet<>();
    CacheWriterException failure = writeThrough.writeAll(map, failed);
    withEvents(batch -> {
      for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
        if (!failed.contains(entry.getKey())) {
          put(entry.getKey(), entry.getValue(), false, batch);
        }
      }
      return null;
    });
    return failure;
  }

  /** Removes the key's entry, without the writer; counts the removal. Returns the value removed, or null. */
  V remove(K key, EventDispatcher.Batch<K, V> batch) {
    Outcome<V> outcome = new Outcome<>();
    cache.asMap().computeIfPresent(key, (k, current) -> {
      outcome.previous = current;
      return delete(key, current, false, batch);
    });
    if (outcome.previous != null) {
      statistics.recordRemovals(1);
    }
    return outcome.previous;
  }

  /**
   * Deletes the keys through in one call of the writer, then removes those it did not fail on, in one batch of
   * events.
   *
   * @return the writer's failure, for the caller to throw once the rest is removed, or {@code null}
   */
  CacheWriterException removeAll(List<K> keys) {
    Set<K> failed = new HashSet<>();
    CacheWriterException failure = writeThrough.deleteAll(keys, failed);
    withEvents(batch -> {
      for (K key : keys) {
        if (!failed.contains(key)) {
          remove(key, batch);
        }
      }
      return null;
    });
    return failure;
  }

  /**
   * Removes the key's entry if its value equals {@code expected}, through the writer. A value that differs is
   * read. The caller counts the removal, after the events.
   */
  Outcome<V> remove(K key, V expected, EventDispatcher.Batch<K, V> batch) {
    Outcome<V> outcome = new Outcome<>();
    computeIfPresent(key, (k, current) -> {
      outcome.previous = current;
      if (!current.equals(expected)) {
        return access(current);
      }
      outcome.changed = true;
      return delete(key, current, true, batch);
    });
    return outcome;
  }

  /**
   * Replaces the key's value, through the writer, if it is present and, unless {@code expected} is {@code null},
   * equals {@code expected}. A value that differs is read. The caller counts the put, after the events.
   */
  Outcome<V> replace(K key, V expected, V value, EventDispatcher.Batch<K, V> batch) {
    Outcome<V> outcome = new Outcome<>();
    V stored = copier.copy(value);
    computeIfPresent(key, (k, current) -> {
      outcome.previous = current;
      if (expected != null && !current.equals(expected)) {
        return access(current);
      }
      outcome.changed = true;
      return update(key, value, stored, current, true, batch);
    });
    return outcome;
  }

  /* ---------------- Reads that tell the expiry how to count them ---------------- */

  /** Whether the key is present, without counting as an access. */
  boolean containsKey(K key) {
    if (expiry == null) {
      return cache.asMap().containsKey(key);
    }
    expiry.keepOnRead();
    try {
      return cache.asMap().containsKey(key);
    } finally {
      expiry.clear();
    }
  }

  /** Gives a present entry the policy's access duration, for reads that do not go through the core's hit. */
  void renewOnAccess(K key) {
    if (expiry == null) {
      return;
    }
    long nanos = expiry.accessNanos();
    if (nanos == ExpiryAdapter.UNCHANGED) {
      return;
    }
    computeIfPresent(key, (k, current) -> {
      expiry.precompute(nanos);
      return current;
    });
  }

  /* ---------------- Core calls ---------------- */

  /** The core's {@code compute}, with the thread's expiry intent cleared after it. */
  V compute(K key, BiFunction<K, V, V> function) {
    try {
      return cache.asMap().compute(key, function);
    } finally {
      clearIntent();
    }
  }

  /** The core's {@code computeIfPresent}, with the thread's expiry intent cleared after it. */
  private void computeIfPresent(K key, BiFunction<K, V, V> function) {
    try {
      cache.asMap().computeIfPresent(key, function);
    } finally {
      clearIntent();
    }
  }

  /** The core's load path, {@code get(key, function)}, with the thread's expiry intent cleared after it. */
  V load(K key, Function<K, V> function) {
    try {
      return cache.get(key, function);
    } finally {
      clearIntent();
    }
  }

  /* ---------------- Transitions, inside the core's function ---------------- */

  /**
   * Creates the entry: writes {@code value} through if asked, and returns {@code stored} (the value or its copy)
   * for the core to store, or {@code null} if the policy's creation duration is zero.
   */
  V create(K key, V value, V stored, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    long nanos = expiry == null ? ExpiryAdapter.ETERNAL_NANOS : expiry.creationNanos();
    if (writeThrough) {
      this.writeThrough.write(key, value);
    }
    if (nanos == 0) {
      return null;
    }
    precompute(nanos);
    publish(batch, EventType.CREATED, key, stored, null);
    return stored;
  }

  /** Updates the entry: writes {@code value} through if asked, and returns {@code stored} for the core. */
  V update(K key, V value, V stored, V current, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    long nanos = expiry == null ? ExpiryAdapter.UNCHANGED : expiry.updateNanos();
    if (writeThrough) {
      this.writeThrough.write(key, value);
    }
    precompute(nanos);
    publish(batch, EventType.UPDATED, key, stored, current);
    return stored;
  }

  /** Reads the entry: keeps its value and gives it the policy's access duration. */
  V access(V current) {
    precompute(expiry == null ? ExpiryAdapter.UNCHANGED : expiry.accessNanos());
    return current;
  }

  /** Leaves the entry as it was, its lifetime too. */
  V keep(V current) {
    precompute(ExpiryAdapter.UNCHANGED);
    return current;
  }

  /**
   * Deletes the entry, through the writer if asked (even when the key is absent, as a JCache remove does), and
   * returns {@code null} for the core.
   */
  V delete(K key, V current, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    if (writeThrough) {
      this.writeThrough.delete(key);
    }
    if (current != null) {
      publish(batch, EventType.REMOVED, key, current, current);
    }
    return null;
  }

  private void precompute(long nanos) {
    if (expiry != null) {
      expiry.precompute(nanos);
    }
  }

  private void clearIntent() {
    if (expiry != null) {
      expiry.clear();
    }
  }

  /** Records the event, unless no listener is registered (the batch is then {@code null}). */
  private void publish(EventDispatcher.Batch<K, V> batch, EventType type, K key, V value, V oldValue) {
    if (batch != null) {
      batch.add(source, type, key, value, oldValue);
    }
  }

  /**
   * What one write found and did: written inside the core's function, read after the core call has returned,
   * by the one thread that made it.
   *
   * @param <V> the type of values
   */
  static final class Outcome<V> {
    /** The value the function found, or {@code null}. */
    V previous;
    /** Whether the function ran for an absent key: a put-if-absent's load. */
    boolean absent;
    /** Whether the write stored, replaced or removed a value. */
    boolean changed;

    /** Whether the key was present. */
    boolean found() {
      return previous != null;
    }
  }
}
