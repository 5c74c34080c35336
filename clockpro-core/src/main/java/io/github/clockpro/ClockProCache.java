package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * A bounded, concurrent in-memory cache that evicts with CLOCK-Pro and bounds the eviction work of every
 * operation by a constant.
 *
 * <pre>{@code
 * ClockProCache<Long, String> cache = ClockProCache.builder()
 *     .maximumSize(10_000)
 *     .build();
 * String value = cache.get(key, k -> load(k));
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Keys and values are never {@code null}; every method that takes one throws {@link NullPointerException}
 *       naming the argument.
 *   <li>{@link #size()} never exceeds {@link #maximumSize()}. A writing operation evicts at most one entry.
 *   <li>No operation examines more than {@link #maximumScanPerEviction()} entries to find a victim, whatever the
 *       cache size or access pattern.
 *   <li>Reads that hit ({@link #getIfPresent}, {@link #get} and {@code asMap().get}) take no lock and allocate
 *       nothing.
 *   <li>{@link #get(Object, Function)} runs at most one load per key at a time; concurrent callers for the same
 *       key wait for it and share its result or its exception. A load takes its place in the cache when it
 *       starts, evicting one entry if the cache is full, so that storing its value later takes no lock. A
 *       loader that throws or returns {@code null} caches nothing; the entry evicted for it stays evicted. A
 *       loader must not load the same key again ({@link IllegalStateException}).
 *   <li>While a key's load is in flight, the key is absent to every other operation: it counts toward the
 *       maximum size but not toward {@link #size()}, and iterators skip it. A put of the key meanwhile stores
 *       its value, which the load then returns instead of its own; an invalidation meanwhile does not stop the
 *       load from storing its value. Eviction passes over loads in flight; it takes one only if every entry it
 *       examines is one (a cache with fewer places than concurrent loads), and that load's value is then
 *       returned to its callers and reported to the removal listener as evicted, but not cached.
 *   <li>The removal listener is called exactly once for each entry that leaves the cache, on the thread that
 *       removed it, after every cache lock is released.
 *   <li>Single-threaded, the same sequence of operations gives the same hits and evictions.
 * </ul>
 * Iterators of {@link #asMap()} are weakly consistent, as for {@link java.util.concurrent.ConcurrentHashMap}.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class ClockProCache<K, V> {

  /*
   * Design overview
   *
   * Structure. The entries live in a NodeTable, a hash table whose entries are the Nodes themselves, with
   * lock-free reads and one writer at a time. The eviction policy (ClockProPolicy: the hot and cold clocks and
   * the non-resident history) is a single-threaded structure over the same Nodes. evictionLock guards both the
   * policy and every structural change of the table. docs/design.md explains the algorithm.
   *
   * Concurrency. Three kinds of access, and what each may touch:
   *  - Reads: data.get, then Node.recordAccess, a racy increment of a plain byte (see Node). No lock, no CAS,
   *    and no allocation after a thread's first operation, which makes its statistics cell: the hit is counted
   *    in the thread's own cell (see Counters), with no atomic instruction.
   *  - Value writes to a present key (put, replace): data.get, then the value changes under the Node's
   *    monitor unless the node has been retired (see Node); no eviction lock, no allocation. They never change
   *    the table's or the policy's structure.
   *  - Structural writes (insert, evict, remove) hold evictionLock. An insert adds the new Node to the table,
   *    links it into a clock and, if the cache is over capacity, evicts one entry, all in one critical section.
   *    Every removal, explicit or by eviction, unmaps, retires and unlinks the node in one critical section,
   *    so a concurrent put on the removed node retries its lookup.
   *
   * Invariants, each kept at every release of evictionLock (Invariants names and checks them):
   *  - mapped if and only if linked: a Node is in a clock exactly while the table maps its key to it.
   *  - resident bound: hot + cold <= maximumSize. An insert adds one entry and then evicts at most one, so no
   *    operation evicts more than one entry and none examines more than the scan limit.
   * Lock order: evictionLock, then a Node's monitor. Nothing takes evictionLock while holding a monitor. User
   * code (loaders, listeners, observers) never runs under either, except equals: of keys in the table's insert,
   * and of values in the conditional operations, which compare under the monitor.
   *
   * Loads. A load in flight is a placeholder Node (see Node): mapped and linked into a clock like an entry,
   * with Node.loading set and a Load (a CompletableFuture owned by the loading thread) as its value. The
   * first caller for a key maps and links the placeholder under evictionLock, evicting one entry if the cache
   * is full, exactly as an insert does; it then runs the loader outside every lock and fills the placeholder
   * with the value under the node's monitor alone. Later callers find the placeholder and wait for its Load.
   * So a miss takes one lookup without the lock and one critical section, as an insert does, and allocates the
   * Node and the Load only. The policy passes over placeholders (see ClockProPolicy), so a load keeps its place
   * unless every entry an eviction examines is a load. A load that fails unlinks and unmaps its placeholder
   * under evictionLock; the entry evicted to make room for it stays evicted, as in cache2k. A put of the key
   * during the load fills the placeholder itself, and the load then returns the put's value; every other
   * operation sees a placeholder as absent.
   *
   * Prefetch. Before it takes evictionLock, an insert reads the lines its critical section will most likely
   * touch first (ClockProPolicy.prefetch: the likely victim, the hands, the history's table slots; and the
   * likely victim's bin here), without the lock and discarding what it reads. Those lines lie scattered over a
   * large heap; read one after another inside the critical section, their cache misses were a large part of its
   * length. Read together before the lock, they overlap, and the lock is held for less time (see docs/design.md
   * and the lock-wait columns of docs/benchmarks.md). A stale read only wastes a load: nothing read there is used
   * for a decision.
   *
   * Compilation. insert is one method longer than the largest hot method HotSpot's C2 inlines (FreqInlineSize,
   * 325 bytes of bytecode by default on x86-64 and AArch64), so C2 compiles it, with the policy under it, on its
   * own, and never into get or its callers. The policy's branches change as a cache fills, starts to evict and
   * fills its history, and each first run of a branch C2 had left out sends the method that contains it back to
   * the interpreter to be compiled again. With the policy inlined, that method was get, hit path and all, and
   * each time it ran slower until C2 had compiled all of it again. CompilationBoundaryTest keeps insert over
   * the limit.
   *
   * Why no write buffer. Caffeine queues writes in an MPSC buffer so that writers never wait for the eviction
   * lock. Here the critical section of an insert is a constant (linking plus at most scanLimit steps), so
   * writers wait at most that long, and a buffer would let one operation drain, and so evict for, many
   * others: it would break the per-operation bound this cache exists to keep.
   */

  private static final System.Logger LOGGER = System.getLogger(ClockProCache.class.getName());

  /**
   * What the prefetch in {@link #insert} compares the sum of its reads with, so that the JIT keeps the reads. Any
   * constant serves; a sum that happens to equal it costs one pause instruction.
   */
  private static final long PREFETCH_SENTINEL = 0x2545_F491_4F6C_DD1DL;
  private static final EvictionObserver[] NO_OBSERVERS = {};

  /** The default for {@link Builder#maximumScanPerEviction(int)}. */
  public static final int DEFAULT_MAXIMUM_SCAN_PER_EVICTION = 128;

  private final int maximumSize;
  /**
   * Structural changes guarded by {@link #evictionLock}, which makes its holder the table's one writer; reads
   * lock-free.
   */
  private final NodeTable<K, V> data;
  /**
   * The entries counted under {@link #evictionLock}: nodes inserted with a value, minus nodes with a value that
   * left the map (a placeholder counts as one once it has been filled, as {@link Node#loading} then says). Written
   * only by the holder of {@link #evictionLock}; read without a lock by {@link #size()}. A fill happens outside
   * that lock, so it is counted in the filling thread's own cell instead ({@link Counters#FILLS}), and
   * {@link #size()} adds the two: a miss then changes no shared count with an atomic instruction. On cache lines
   * of its own, because misses change it and every hit reads this object's other fields (see PaddedCount).
   */
  private final PaddedCount lockedEntries = new PaddedCount();
  /** Guarded by {@link #evictionLock}. */
  private final ClockProPolicy<K, V> policy;
  /** Tells the policy whether to carry references; sees every access; thread-safe on its own. */
  private final CarryTrial carryTrial;
  private final Counters counters = new Counters();
  /** Counts its waits in {@link #counters}, so it is made after them. */
  private final EvictionLock evictionLock = new EvictionLock(counters);
  /** May be {@code null}. */
  private final RemovalListener<? super K, ? super V> removalListener;
  private final CacheMapView<K, V> mapView;
  /** Replaced as a whole (copy on write) under {@link #observersLock}; read without a lock. */
  private volatile EvictionObserver[] observers = NO_OBSERVERS;
  private final Object observersLock = new Object();

  private ClockProCache(Builder<? super K, ? super V> builder, RemovalListener<? super K, ? super V> listener) {
    this.maximumSize = (int) builder.maximumSize;
    int scanLimit = builder.maximumScanPerEviction == Builder.UNSET
        ? DEFAULT_MAXIMUM_SCAN_PER_EVICTION
        : builder.maximumScanPerEviction;
    int initialCapacity = builder.initialCapacity == Builder.UNSET
        ? Math.min(maximumSize, 16)
        : builder.initialCapacity;
    this.data = new NodeTable<>(Math.min(initialCapacity, maximumSize));
    int seed = ThreadLocalRandom.current().nextInt();
    this.carryTrial = new CarryTrial(maximumSize, scanLimit, seed + 1);
    this.policy = new ClockProPolicy<>(maximumSize, scanLimit, seed, carryTrial::carries);
    this.removalListener = listener;
    this.mapView = new CacheMapView<>(this, data);
  }

  /**
   * Returns a new builder. Its types are inferred at {@link Builder#build()}, as in Caffeine.
   *
   * @return a builder with no settings made
   */
  public static Builder<Object, Object> builder() {
    return new Builder<>();
  }

  /**
   * Returns the value for the key, or {@code null}. Counts a hit or a miss.
   *
   * @param key the key to look up
   * @return the value, or {@code null} if the cache holds none
   * @throws NullPointerException if {@code key} is null
   */
  public V getIfPresent(K key) {
    Node<K, V> node = data.get(requireNonNull(key, "key"));
    if (node == null || node.loading) {
      counters.recordMiss();
      return null;
    }
    reference(node);
    counters.recordHit();
    return node.value;
  }

  /**
   * Returns the values present for the given keys. Counts a hit or a miss for each key.
   *
   * @param keys the keys to look up
   * @return an unmodifiable map of the keys that were present to their values, in iteration order of
   *     {@code keys}
   * @throws NullPointerException if {@code keys} or any key is null
   */
  public Map<K, V> getAllPresent(Iterable<? extends K> keys) {
    Map<K, V> found = new LinkedHashMap<>();
    for (K key : copyOf(keys)) {
      V value = getIfPresent(key);
      if (value != null) {
        found.put(key, value);
      }
    }
    return Collections.unmodifiableMap(found);
  }

  /**
   * Returns the value for the key, loading it with {@code loader} on a miss. Counts a hit or a miss, and for
   * the call that runs the loader, a load success or failure.
   *
   * @param key the key to look up
   * @param loader computes the value on a miss; may return {@code null} to cache nothing
   * @return the cached or loaded value, or {@code null} if the loader returned {@code null}
   * @throws NullPointerException if {@code key} or {@code loader} is null
   * @throws IllegalStateException if the loader tries to load the same key on the same thread
   * @throws RuntimeException or {@link Error}, as thrown by the loader
   */
  public V get(K key, Function<? super K, ? extends V> loader) {
    requireNonNull(key, "key");
    requireNonNull(loader, "loader");
    int hash = NodeTable.hash(key);
    Node<K, V> node = data.get(key, hash);
    if (node != null && !node.loading) {
      reference(node);
      counters.recordHit();
      return node.value;
    }
    counters.recordMiss();
    return load(key, hash, node, loader);
  }

  /**
   * Associates the value with the key, replacing any previous value (the listener then sees
   * {@link RemovalCause#REPLACED}). May evict one entry.
   *
   * @param key the key
   * @param value the value
   * @throws NullPointerException if {@code key} or {@code value} is null
   */
  public void put(K key, V value) {
    write(key, value, false, true);
  }

  /**
   * Puts every mapping of the given map.
   *
   * @param map the mappings to store
   * @throws NullPointerException if {@code map}, or any of its keys or values, is null
   */
  public void putAll(Map<? extends K, ? extends V> map) {
    requireNonNull(map, "map");
    map.forEach((key, value) -> {
      requireNonNull(key, "key");
      requireNonNull(value, "value");
    });
    map.forEach(this::put);
  }

  /**
   * Removes the entry for the key, if present ({@link RemovalCause#EXPLICIT}).
   *
   * @param key the key
   * @throws NullPointerException if {@code key} is null
   */
  public void invalidate(K key) {
    remove(requireNonNull(key, "key"));
  }

  /**
   * Removes the entries for the given keys.
   *
   * @param keys the keys
   * @throws NullPointerException if {@code keys} or any key is null
   */
  public void invalidateAll(Iterable<? extends K> keys) {
    for (K key : copyOf(keys)) {
      invalidate(key);
    }
  }

  /**
   * Removes every entry ({@link RemovalCause#EXPLICIT}). Entries added concurrently may remain. The
   * non-resident history is kept: it describes the workload, not the contents.
   */
  public void invalidateAll() {
    for (Node<K, V> node : data) {
      removeNode(node);
    }
  }

  /**
   * Returns the number of entries, which never exceeds {@link #maximumSize()}. Exact when no operation is in
   * flight; while writes run on other threads it may miss the latest of them, as
   * {@link java.util.concurrent.atomic.LongAdder#sum()} may. Takes time linear in the number of threads that
   * have used the cache.
   *
   * @return the number of entries in the map
   */
  public int size() {
    // Fills first: a filled node is counted in its filler's cell before it can leave the map, so reading the
    // locked count second rarely counts a node that has left. Racing writes can still skew the sum by the
    // writes in flight, hence the clamp.
    long fills = counters.fills();
    long entries = fills + lockedEntries.get();
    return (int) Math.max(0, Math.min(maximumSize, entries));
  }

  /**
   * Returns a live view of the cache as a {@link ConcurrentMap}. Reads through the view count accesses for the
   * eviction policy but not hits or misses; writes are stored and evicted like any other, and removals are
   * reported to the listener.
   *
   * @return the view; always the same instance
   */
  public ConcurrentMap<K, V> asMap() {
    return mapView;
  }

  /**
   * Returns a snapshot of the statistics.
   *
   * @return the current statistics
   */
  public CacheStats stats() {
    evictionLock.lock();
    try {
      return new CacheStats(counters, policy);
    } finally {
      evictionLock.unlock();
    }
  }

  /**
   * Returns the most entries the cache holds while no operation is in flight.
   *
   * @return the maximum size set on the builder
   */
  public int maximumSize() {
    return maximumSize;
  }

  /**
   * Returns the most entries one eviction may examine before it evicts the best candidate seen.
   *
   * @return the scan limit set on the builder, or {@value #DEFAULT_MAXIMUM_SCAN_PER_EVICTION}
   */
  public int maximumScanPerEviction() {
    return policy.scanLimit();
  }

  /**
   * Attaches an observer that is told of the work of every later eviction.
   *
   * @param observer the observer
   * @throws NullPointerException if {@code observer} is null
   */
  public void addEvictionObserver(EvictionObserver observer) {
    requireNonNull(observer, "observer");
    synchronized (observersLock) {
      EvictionObserver[] current = observers;
      EvictionObserver[] grown = java.util.Arrays.copyOf(current, current.length + 1);
      grown[current.length] = observer;
      observers = grown;
    }
  }

  /**
   * Detaches an observer; does nothing if it is not attached.
   *
   * @param observer the observer
   * @throws NullPointerException if {@code observer} is null
   */
  public void removeEvictionObserver(EvictionObserver observer) {
    requireNonNull(observer, "observer");
    synchronized (observersLock) {
      EvictionObserver[] current = observers;
      for (int i = 0; i < current.length; i++) {
        if (current[i] == observer) {
          EvictionObserver[] shrunk = new EvictionObserver[current.length - 1];
          System.arraycopy(current, 0, shrunk, 0, i);
          System.arraycopy(current, i + 1, shrunk, i, current.length - i - 1);
          observers = shrunk;
          return;
        }
      }
    }
  }

  @Override
  public String toString() {
    return "ClockProCache{size=" + size() + ", maximumSize=" + maximumSize + ", " + stats() + "}";
  }

  /* ---------------- Operations shared with the map view ---------------- */

  /** Looks a key up for the map view: records the access for the policy, but no hit or miss. */
  V getQuietly(Object key) {
    Node<K, V> node = data.get(requireNonNull(key, "key"));
    if (node == null || node.loading) {
      return null;
    }
    reference(node);
    return node.value;
  }

  /** Returns the present value, or loads one, without counting a hit or a miss. */
  V computeIfAbsentQuietly(K key, Function<? super K, ? extends V> loader) {
    requireNonNull(key, "key");
    requireNonNull(loader, "mappingFunction");
    int hash = NodeTable.hash(key);
    Node<K, V> node = data.get(key, hash);
    if (node != null && !node.loading) {
      reference(node);
      return node.value;
    }
    return load(key, hash, node, loader);
  }

  /**
   * Stores a value. Returns the previous value, or {@code null} if the key was absent (and the value was then
   * inserted, or filled a load's placeholder). With {@code onlyIfAbsent}, a present value is kept.
   */
  V write(K key, V value, boolean onlyIfAbsent, boolean countPut) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    int hash = NodeTable.hash(key);
    for (;;) {
      Node<K, V> node = data.get(key, hash);
      if (node == null) {
        node = insert(new Node<>(key, hash, value), countPut);
        if (node == null) {
          return null;
        }
      }
      if (node.loading) {
        if (fill(node, value)) {
          if (countPut) {
            counters.recordPut();
          }
          return null;
        }
        continue; // the load stored its value, failed or was evicted after the lookup, so look again
      }
      V previous = null;
      synchronized (node) {
        if (!node.retired) {
          previous = node.value;
          if (!onlyIfAbsent) {
            node.value = value;
          }
        }
      }
      if (previous == null) {
        continue; // retired: the node left the map after the lookup, so look again
      }
      reference(node);
      if (!onlyIfAbsent) {
        if (countPut) {
          counters.recordPut();
        }
        if (previous != value) {
          notifyRemoval(key, previous, RemovalCause.REPLACED);
        }
      }
      return previous;
    }
  }

  /**
   * Replaces the value of a present key, if its value equals {@code expected} or {@code expected} is
   * {@code null}. Returns the replaced value, or {@code null} if nothing was replaced.
   */
  V replace(K key, Object expected, V value) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    int hash = NodeTable.hash(key);
    for (;;) {
      Node<K, V> node = data.get(key, hash);
      if (node == null) {
        return null;
      }
      V previous = null;
      boolean retired;
      synchronized (node) {
        retired = node.retired;
        if (!retired && !node.loading) {
          V current = node.value;
          if (expected == null || current.equals(expected)) {
            previous = current;
            node.value = value;
          }
        }
      }
      if (retired) {
        continue; // the node left the map after the lookup, so look again
      }
      if (previous == null) {
        return null;
      }
      reference(node);
      counters.recordPut();
      if (previous != value) {
        notifyRemoval(key, previous, RemovalCause.REPLACED);
      }
      return previous;
    }
  }

  /** Removes the key's entry; returns its value, or {@code null} if absent. */
  V remove(Object key) {
    int hash = NodeTable.hash(requireNonNull(key, "key"));
    if (data.get(key, hash) == null) {
      return null;
    }
    Node<K, V> node;
    V value;
    evictionLock.lock();
    try {
      node = data.get(key, hash);
      if (node == null || node.loading) {
        return null;
      }
      data.remove(node);
      value = node.retire();
      policy.remove(node);
      lockedEntries.addUnderLock(-1);
    } finally {
      evictionLock.unlock();
    }
    notifyRemoval(node.key, value, RemovalCause.EXPLICIT);
    return value;
  }

  /** Removes the key's entry if its value equals {@code expected}. */
  boolean remove(Object key, Object expected) {
    int hash = NodeTable.hash(requireNonNull(key, "key"));
    if (expected == null || data.get(key, hash) == null) {
      return false;
    }
    Node<K, V> node;
    V value;
    evictionLock.lock();
    try {
      node = data.get(key, hash);
      if (node == null || node.loading) {
        return false;
      }
      synchronized (node) {
        if (!node.value.equals(expected)) {
          return false;
        }
        data.remove(node);
        value = node.retire();
      }
      policy.remove(node);
      lockedEntries.addUnderLock(-1);
    } finally {
      evictionLock.unlock();
    }
    notifyRemoval(node.key, value, RemovalCause.EXPLICIT);
    return true;
  }

  /** Removes this exact node if it is still mapped and not a placeholder. */
  boolean removeNode(Node<K, V> node) {
    V value;
    evictionLock.lock();
    try {
      if (node.loading || !data.remove(node)) {
        return false;
      }
      value = node.retire();
      policy.remove(node);
      lockedEntries.addUnderLock(-1);
    } finally {
      evictionLock.unlock();
    }
    notifyRemoval(node.key, value, RemovalCause.EXPLICIT);
    return true;
  }

  /**
   * Checks every named invariant under the eviction lock; for tests. See {@link Invariants}.
   *
   * @return the violated invariants with details; empty if all hold
   */
  java.util.List<String> checkInvariants() {
    evictionLock.lock();
    try {
      java.util.List<String> violations = Invariants.check(data, policy, maximumSize, this::size);
      violations.addAll(carryTrial.checkInvariants());
      return violations;
    } finally {
      evictionLock.unlock();
    }
  }

  /* ---------------- Internals ---------------- */

  /** Copies the keys, rejecting a null collection or key before the caller changes anything. */
  private static <K> java.util.List<K> copyOf(Iterable<? extends K> keys) {
    requireNonNull(keys, "keys");
    java.util.List<K> copy = new java.util.ArrayList<>();
    for (K key : keys) {
      copy.add(requireNonNull(key, "key"));
    }
    return copy;
  }

  /**
   * Maps, links and counts a new node, evicting one entry if the cache is full; a placeholder is mapped and
   * linked the same way, but counted only when it is filled. Returns the node already mapped for the key
   * (perhaps a placeholder), and changes nothing, if there is one.
   *
   * <p>One method on purpose, with the prefetch before the lock and the eviction's publication after it written
   * out here rather than called: its bytecode is longer than the largest hot method HotSpot's C2 inlines
   * ({@code -XX:FreqInlineSize}, 325 bytes by default on x86-64 and AArch64), so C2 compiles it, and the policy
   * code under it, on its own and never into a caller. See "Compilation" in the design overview;
   * {@code CompilationBoundaryTest} keeps it over that size.
   */
  private Node<K, V> insert(Node<K, V> node, boolean countPut) {
    Node<K, V> victim;
    int scan = 0;
    boolean reachedLimit = false;
    // Read while the node is unpublished: once it is mapped, a put may fill a placeholder at once, without this
    // lock, and count it as a fill; counting it here as well would count it twice.
    boolean placeholder = node.loading;

    // Prefetch: read, without the lock, what the critical section will most likely touch first, and discard it.
    Node<K, V> candidate = policy.peekColdHand();
    long seen = policy.prefetch(node.hash, candidate);
    if (candidate != null) {
      seen += data.prefetch(candidate.hash);
    }
    if (seen == PREFETCH_SENTINEL) {
      Thread.onSpinWait();
    }

    evictionLock.lock();
    try {
      Node<K, V> existing = data.get(node.key, node.hash);
      if (existing != null) {
        return existing;
      }
      victim = policy.admit(node);
      if (victim != null) {
        scan = policy.lastScan();
        reachedLimit = policy.lastReachedLimit();
        data.remove(victim);
        victim.retire(); // first: once retired, a placeholder can no longer be filled, so loading is final
        if (!victim.loading) {
          lockedEntries.addUnderLock(-1);
        }
      }
      data.add(node);
      data.growIfCrowded(policy.hotSize() + policy.coldSize()); // mapped if and only if linked
      if (!placeholder) {
        lockedEntries.addUnderLock(1);
      }
    } finally {
      evictionLock.unlock();
    }
    carryTrial.recordAccess(node.hash);
    if (countPut) {
      counters.recordPut();
    }
    if (victim == null) {
      return null;
    }
    for (EvictionObserver observer : observers) {
      try {
        observer.onEviction(scan, reachedLimit);
      } catch (RuntimeException | LinkageError | AssertionError failure) {
        LOGGER.log(System.Logger.Level.WARNING, "Exception thrown by eviction observer", failure);
      }
    }
    if (!victim.loading) { // a placeholder's value is its Load: no entry left, so no listener call
      notifyRemoval(victim.key, victim.value, RemovalCause.SIZE);
    }
    return null;
  }

  /**
   * Fills a placeholder with its first value, under the node's monitor and no other lock; the node is already
   * linked. Returns {@code false}, and changes nothing, if the node is no longer a placeholder (another caller
   * filled it first) or has left the map (its load failed, or it was evicted).
   */
  private boolean fill(Node<K, V> placeholder, V value) {
    synchronized (placeholder) {
      if (!placeholder.loading || placeholder.retired) {
        return false;
      }
      placeholder.fillValue(value);
      counters.recordFill(); // before the node can leave the map: any removal that counts it sees this count
      placeholder.loading = false; // the linearization point: a reader that sees it clear sees the value
    }
    return true;
  }

  /** Unlinks and unmaps a placeholder whose load failed; does nothing if a put filled it, or it was evicted. */
  private void removePlaceholder(Node<K, V> placeholder) {
    evictionLock.lock();
    try {
      if (placeholder.retireIfLoading()) {
        data.remove(placeholder);
        policy.remove(placeholder);
      }
    } finally {
      evictionLock.unlock();
    }
  }

  /**
   * The miss path of a read-through lookup that found no entry: {@code found} is the placeholder the lookup
   * saw, or {@code null}. Joins the load in flight for the key, or maps a placeholder and runs the loader.
   */
  private V load(K key, int hash, Node<K, V> found, Function<? super K, ? extends V> loader) {
    Node<K, V> node = found;
    if (node == null) {
      Load<V> load = new Load<>();
      Node<K, V> placeholder = Node.placeholder(key, hash, load);
      node = insert(placeholder, false);
      if (node == null) {
        return runLoad(placeholder, load, loader);
      }
    }
    V value = node.value;
    if (value instanceof Load) {
      @SuppressWarnings("unchecked")
      Load<V> inFlight = (Load<V>) value;
      return inFlight.await();
    }
    reference(node);
    return value;
  }

  /**
   * Runs the loader for a mapped placeholder and completes its Load on every path, so that no waiter waits
   * forever: the value, {@code null}, or the loader's exception.
   */
  private V runLoad(Node<K, V> placeholder, Load<V> load, Function<? super K, ? extends V> loader) {
    V result;
    try {
      V loaded = callLoader(placeholder.key, loader);
      if (loaded == null) {
        removePlaceholder(placeholder);
        result = null;
      } else if (fill(placeholder, loaded)) {
        result = loaded;
      } else if (placeholder.loading) {
        result = loaded; // evicted while loading: returned, and reported as evicted, but not cached
        notifyRemoval(placeholder.key, loaded, RemovalCause.SIZE);
      } else {
        result = placeholder.value; // a put filled the placeholder first: its value wins
      }
    } catch (Throwable failure) {
      removePlaceholder(placeholder);
      load.completeExceptionally(failure);
      throw failure;
    }
    load.complete(result);
    return result;
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

  /** Counts a reference to a mapped node: its counter, which the policy reads, and the carry trial's sample. */
  private void reference(Node<K, V> node) {
    node.recordAccess();
    carryTrial.recordAccess(node.hash);
  }

  private void notifyRemoval(K key, V value, RemovalCause cause) {
    if (removalListener == null) {
      return;
    }
    try {
      removalListener.onRemoval(key, value, cause);
    } catch (RuntimeException | LinkageError | AssertionError failure) {
      LOGGER.log(System.Logger.Level.WARNING, "Exception thrown by removal listener", failure);
    }
  }

  /**
   * Configures and creates a {@link ClockProCache}. Each setting may be made once; a second call throws
   * {@link IllegalStateException}, and a value out of range throws {@link IllegalArgumentException} naming it.
   *
   * @param <K> the key type the built cache will accept
   * @param <V> the value type the built cache will accept
   */
  public static final class Builder<K, V> {
    static final int UNSET = -1;

    long maximumSize = UNSET;
    int maximumScanPerEviction = UNSET;
    int initialCapacity = UNSET;
    RemovalListener<? super K, ? super V> removalListener;

    Builder() {}

    /**
     * Sets the most entries the cache holds. Required.
     *
     * @param maximumSize at least 1 and at most {@link Integer#MAX_VALUE}
     * @return this builder
     */
    public Builder<K, V> maximumSize(long maximumSize) {
      requireUnset(this.maximumSize == UNSET, "maximumSize", this.maximumSize);
      if (maximumSize < 1 || maximumSize > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "maximumSize must be between 1 and " + Integer.MAX_VALUE + " but was " + maximumSize);
      }
      this.maximumSize = maximumSize;
      return this;
    }

    /**
     * Sets the most entries one eviction may examine, across both hands, before it evicts the best candidate
     * seen. Defaults to {@value ClockProCache#DEFAULT_MAXIMUM_SCAN_PER_EVICTION}.
     *
     * @param maximumScanPerEviction at least 1
     * @return this builder
     */
    public Builder<K, V> maximumScanPerEviction(int maximumScanPerEviction) {
      requireUnset(this.maximumScanPerEviction == UNSET, "maximumScanPerEviction", this.maximumScanPerEviction);
      if (maximumScanPerEviction < 1) {
        throw new IllegalArgumentException(
            "maximumScanPerEviction must be at least 1 but was " + maximumScanPerEviction);
      }
      this.maximumScanPerEviction = maximumScanPerEviction;
      return this;
    }

    /**
     * Sizes the internal table for this many entries, to avoid resizing while the cache fills. Values above
     * the maximum size are treated as the maximum size.
     *
     * @param initialCapacity at least 0
     * @return this builder
     */
    public Builder<K, V> initialCapacity(int initialCapacity) {
      requireUnset(this.initialCapacity == UNSET, "initialCapacity", this.initialCapacity);
      if (initialCapacity < 0) {
        throw new IllegalArgumentException("initialCapacity must be at least 0 but was " + initialCapacity);
      }
      this.initialCapacity = initialCapacity;
      return this;
    }

    /**
     * Sets the listener told of every removed entry.
     *
     * @param listener the listener
     * @param <K1> the key type of the built cache
     * @param <V1> the value type of the built cache
     * @return this builder, typed for the listener
     */
    public <K1 extends K, V1 extends V> Builder<K1, V1> removalListener(
        RemovalListener<? super K1, ? super V1> listener) {
      requireNonNull(listener, "listener");
      if (removalListener != null) {
        throw new IllegalStateException("removalListener was already set to " + removalListener);
      }
      @SuppressWarnings("unchecked")
      Builder<K1, V1> self = (Builder<K1, V1>) this;
      self.removalListener = listener;
      return self;
    }

    /**
     * Builds the cache.
     *
     * @param <K1> the key type
     * @param <V1> the value type
     * @return a new, empty cache
     * @throws IllegalStateException if {@link #maximumSize(long)} was not set
     */
    public <K1 extends K, V1 extends V> ClockProCache<K1, V1> build() {
      if (maximumSize == UNSET) {
        throw new IllegalStateException("maximumSize must be set");
      }
      return new ClockProCache<K1, V1>(this, removalListener);
    }

    private static void requireUnset(boolean unset, String setting, Object current) {
      if (!unset) {
        throw new IllegalStateException(setting + " was already set to " + current);
      }
    }
  }
}
