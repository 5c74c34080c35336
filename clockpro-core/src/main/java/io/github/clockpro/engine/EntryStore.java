package io.github.clockpro.engine;

import io.github.clockpro.RemovalCause;
import java.util.function.Function;

/**
 * The cache as its collaborators see it: what {@link Loading}, {@link Computing}, {@link BulkLoading},
 * {@link Refreshing} and the views ({@link CacheMapView}, {@link AsyncCacheView}, {@link AsyncMapView}) may ask of
 * the engine's entries, and nothing else: not the table, the policy, the eviction lock or the trials. The one
 * implementation is {@link BoundedCache}, as cache2k's eviction sees its cache only through
 * {@code HeapCacheForEviction}.
 *
 * <p>Contract for every method: a key or value given is not {@code null}; a node given was returned by
 * {@link #lookup} or {@link #reserve} of this store. User code (a weigher, an expiry) runs only where a method says
 * so, and a failure there changes nothing. The store is thread-safe; none of its methods is called holding the
 * eviction lock.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
interface EntryStore<K, V> {

  /*
   * Design: a miss with a loader crosses into the store twice: reserve, which makes the placeholder and maps it
   * in one critical section, and fill, which runs the user code that the value's write needs (expiry, weigher)
   * and then fills the placeholder under its monitor. A compute writes under a node's monitor that it holds
   * itself, so it needs the pieces of a write one by one (its deadline, its weight, the write of the deadline),
   * and the registration that keeps the eviction lock from waiting for that monitor; the members below its
   * heading are for it alone.
   */

  /* ---------------- Finding ---------------- */

  /** The spread hash of the key, which {@link #lookup} and {@link #reserve} take. */
  int hash(Object key);

  /** The node mapped for the key, perhaps a load's placeholder, or {@code null}; lock-free. */
  Node<K, V> lookup(Object key, int hash);

  /**
   * The value of a mapped node that is not a placeholder, counting a reference to it (not a hit), or {@code null}
   * if it has expired, which removes it. With an {@link io.github.clockpro.Expiry}, user code.
   */
  V readLive(Node<K, V> node);

  /** The cache's time for an operation that writes; read before any lock. */
  long writeTime();

  /* ---------------- Loads ---------------- */

  /**
   * Makes a placeholder holding {@code load} for a load starting at {@code now}, and maps it if the key has no
   * node; returns it so mapped, or {@code null}, having changed nothing, if the key had a node (the caller looks
   * again). A mapped placeholder may evict an entry, as an insert does.
   */
  Node<K, V> reserve(K key, int hash, Load<V> load, long now);

  /**
   * Fills a placeholder with a load's value, written now: first computes the entry's deadline and weight (user
   * code, which may throw, changing nothing), then fills it under its monitor alone. Returns {@code false},
   * changing nothing, if the node is no longer a placeholder, has left the map, or its load has failed; see
   * {@link Loading}, "The outcome of a load".
   */
  boolean fill(Node<K, V> placeholder, V value);

  /** Unlinks and unmaps a placeholder whose load failed; nothing if it was filled or has left. */
  void removePlaceholder(Node<K, V> placeholder);

  /* ---------------- Writes ---------------- */

  /** How {@link #store} treats a key that already has a value. */
  enum Write {
    /** Replace the present value, as {@code put} does. */
    REPLACE_PRESENT,
    /** Keep the present value, as {@code putIfAbsent} does. */
    KEEP_PRESENT
  }

  /**
   * Stores a value. Returns the previous value, or {@code null} if the key was absent (and the value was then
   * inserted, or filled a load's placeholder). With {@link Write#KEEP_PRESENT}, a present value is kept.
   */
  V store(K key, V value, Write write);

  /** Tells the removal listener, which never throws out of this method. */
  void notifyRemoval(K key, V value, RemovalCause cause);

  /** A write of the key is about to happen: discards its refresh in flight, if any (see {@link Refreshing}). */
  void discardRefresh(Object key);

  /* ---------------- For computes, which write under a node's monitor they hold ---------------- */

  /** Maps and links a new entry written at {@code now}; returns {@code false}, changing nothing, if the key has a node. */
  boolean insert(K key, int hash, V value, long now);

  /** The weight of a value about to be written: user code, which {@link Computing} calls under the monitor. */
  int weigh(K key, V value);

  /** Whether a node that is not a placeholder has expired at {@code now}. */
  boolean expiredAt(Node<K, V> node, long now);

  /** The deadline of an entry whose value a write replaces at {@code now}: user code, with an expiry. */
  long deadlineAfterUpdate(Node<K, V> node, V value, long now);

  /**
   * What a write under a node's monitor stores in it for {@code value}: the value, or with weak or soft values its
   * reference (see {@link ValueReferences}).
   */
  V stored(Node<K, V> node, V value);

  /** Writes a node's deadline after its value, holding its monitor. */
  void writeDeadline(Node<K, V> node, long deadline);

  /** Removes a node a read found expired, if it still is, with the step of expiry work every removal does. */
  void expireFound(Node<K, V> node, long now);

  /**
   * What follows a replacement of a present value, after the node's monitor: a reference, a put counted, the old
   * value reported, then the new {@code weight} counted by the policy, which may evict.
   */
  void replaced(Node<K, V> node, V previous, V value, int weight);

  /** Registers a compute about to run user code under the node's monitor; see {@link ComputesInFlight}. */
  void enterCompute(Node<K, V> node);

  /** The compute {@link #enterCompute} registered has released the node's monitor. */
  void leaveCompute(Node<K, V> node);

  /** Unmaps a node a compute retired to remove it, if it is still mapped. */
  void unmapIfRetired(Node<K, V> node);

  /* ---------------- For the map view, whose operations are the cache's ---------------- */

  /** Whether a mapped node is an entry that has not expired. */
  boolean isLive(Node<K, V> node);

  /**
   * Whether a present value matches an expected one: by {@code equals}, or by identity with weak or soft values;
   * never a collected value ({@code null}).
   */
  boolean valueMatches(V present, Object expected);

  /** The key's live value, counting a reference but no hit or miss. */
  V getQuietly(Object key);

  /** Returns the present value, or loads one, without counting a hit or a miss. */
  V computeIfAbsentQuietly(K key, Function<? super K, ? extends V> loader);

  /**
   * Replaces the value of a present key, if its value equals {@code expected} or {@code expected} is
   * {@code null}. Returns the replaced value, or {@code null} if nothing was replaced.
   */
  V replace(K key, Object expected, V value);

  /** Removes the key's entry; returns its value, or {@code null} if absent. */
  V remove(Object key);

  /** Removes the key's entry if its value equals {@code expected}. */
  boolean remove(Object key, Object expected);
}
