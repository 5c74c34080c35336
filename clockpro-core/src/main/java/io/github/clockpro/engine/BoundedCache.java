package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Weigher;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The bounded {@link ClockProCache}: a {@link NodeTable} of {@link Node}s, evicted by a {@link ClockProPolicy}
 * under one eviction lock. The contract is the interface's. Bounded by size, or with a {@link Weigher} by weight,
 * in one code path: a cache bounded by size is the weighted cache whose entries all weigh 1. Time enters only
 * through its {@link Lifetimes}, chosen when it is built ({@link Lifetimes#none()} without expiry or refresh). An
 * expiring cache is an {@link ExpiringCache}, which overrides the hooks marked below ("Hooks for the removal of
 * expired entries") to remove what has expired under the eviction lock.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
class BoundedCache<K, V> implements ClockProCache<K, V>, EntryStore<K, V> {

  /*
   * Design overview
   *
   * Structure. The entries live in a NodeTable, a hash table whose entries are the Nodes themselves, with
   * lock-free reads and one writer at a time. The eviction policy (ClockProPolicy: the hot and cold rings and
   * the history) is a single-threaded structure over the same Nodes. evictionLock guards both the policy and
   * every structural change of the table. Loads in flight are handled by Loading. docs/design.md explains the
   * algorithm.
   *
   * Concurrency. Three kinds of access, and what each may touch:
   *  - Reads (hit): data.get, then Node.recordAccess, a racy increment of a plain byte (see Node), and the trials'
   *    sample of the key, which takes no lock and allocates nothing (see Trials). The hit is counted
   *    in the thread's own cell (see Counters), with no atomic instruction. One method, read(), serves every
   *    kind of hit.
   *  - Value writes to a present key (put, replace): data.get, then the value changes under the Node's
   *    monitor unless the node has been retired (see Node); no eviction lock, no allocation. They never change
   *    the table's or the policy's structure.
   *  - Structural writes (insert, evict, remove) hold evictionLock. An insert adds the new Node to the table,
   *    links it into a ring and, if the cache is over capacity, evicts one entry, all in one critical section.
   *    Every removal, explicit or by eviction, unmaps, retires and unlinks the node in one critical section, so
   *    a concurrent put on the removed node retries its lookup. The one exception is a compute that removes its
   *    key (see Computing): it retires the node under the monitor, where it ran its function, and unmaps it
   *    under evictionLock right after; a writer that finds the node retired and still mapped unmaps it itself.
   *
   * Invariants, each kept at every release of evictionLock (Invariants names and checks them):
   *  - mapped if and only if linked: a Node is in a ring exactly while the table maps its key to it.
   *  - resident bound: the resident weight (hot + cold entries, where every entry weighs 1) is at most the policy's
   *    ceiling: twice the maximum, or after a shrinking setMaximum what the cache held then, falling as evictions
   *    repay it. Each operation evicts at most MAXIMUM_EVICTIONS_PER_OPERATION entries, each eviction examining at
   *    most the scan limit; where every entry weighs 1, an insert evicts at most one and the resident count stays
   *    within the maximum, as before weights. cleanUp() evicts, in such steps, until the cache is within its
   *    maximum, so at quiescence after cleanUp() the resident weight is at most the maximum.
   *
   * Weights. An entry's weight is what the policy counts for it, in Node.weight(): 1 in a Node, its own in the
   * weighted shapes (see NodeShape), guarded by evictionLock. The weigher is user code, so it
   * runs before any lock (but a compute's, which weighs under the entry's monitor where its function ran), and a
   * weigher that throws or returns a negative weight fails the write before anything changes. A new entry carries
   * its weight into the insert; a value replaced in place (put, replace, fill, compute), which holds only the
   * node's monitor, is written first and then reweighed under evictionLock (reweighed): the policy's weight
   * follows the value whose writer reweighs last, and a writer whose value has been replaced since leaves the
   * weight to the writer of the newer value. So between a write and its reweigh the policy may count the old
   * weight for an instant; the bound allows for it, as it allows for an insert's excess.
   * Lock order (docs/design.md, "Lock order"): a monitor held by a compute's user code, then evictionLock, then
   * any other Node's monitor. A compute registers its node in ComputesInFlight under evictionLock before it takes
   * the monitor, and no holder of evictionLock waits for a registered node's monitor; nothing else takes
   * evictionLock while holding a monitor. User code (loaders, listeners) never runs under either, except a
   * compute's function, and equals: of keys in the table's lookups, and of values in the conditional operations,
   * which compare under the monitor.
   *
   * Errors. An error thrown inside an operation (a StackOverflowError strikes any call) must leave no damage:
 * no lock held, no change half made, no load that never completes. Three rules:
 *  - evictionLock is a monitor (see EvictionLock): the JVM releases it on every exit from its synchronized
 *    block, with no call in a finally block that could itself overflow and skip the release.
 *  - Every structural change, and a load's bookkeeping, first checks for stack headroom (Headroom.check), so
 *    that an overflow strikes before anything changes rather than halfway through the policy's rings or the
 *    table's growth; the table's growth has no call between the two increments of its counter anyway.
 *  - Loading completes a Load before anything that could fail, and a placeholder whose load failed is removed by
 *    whoever finds it next, so a load whose thread could not finish leaves no key stuck.
 * What the listener or a loader throws is theirs; the cache's own state is changed completely or not at all.
 *
 * Prefetch. Before it takes evictionLock, an insert reads the lines its critical section will most likely
   * touch first (ClockProPolicy.prefetch: the likely victim, the hands, the history's table slots; and the
   * likely victim's bin here), without the lock and discarding what it reads. Those lines lie scattered over a
   * large heap; read one after another inside the critical section, their cache misses lengthen it. Read
   * together before the lock, they overlap. A stale read only wastes a load: nothing read there decides anything.
   *
   * Why no write buffer. Caffeine queues writes in an MPSC buffer so that writers never wait for the eviction
   * lock. Here the critical section of an insert is a constant (linking plus at most scanLimit steps), so
   * writers wait at most that long, and a buffer would let one operation drain, and so evict for, many
   * others: it would break the per-operation bound this cache exists to keep. Nor would it spare a miss the lock:
   * the table has one writer, the lock holder, so every insert takes the lock to map its node. When two writers
   * take turns, what each pays is the cache lines the other wrote last (docs/decisions.md, "The eviction lock's two
   * modes are the machine's"). A buffer tried with the table mapping under a monitor of its own was no faster than
   * this lock (docs/decisions.md, "A write buffer drained under a try-lock, prototyped: no faster").
   *
   * Collected values. A cache built with weakValues or softValues has a shape whose nodes hold a weak or soft
   * reference to the value (NodeShape, ValueReferences); the hit path is the same call, Node.value(), which those
   * shapes alone override, so a cache holding its values strongly pays nothing for them. A node whose value the
   * collector took stays mapped until it is cleared, but is never served: a read takes the null as a miss, a
   * write treats the key as absent and an insert replaces the node, as it replaces an expired one. Clearing is
   * work like eviction: each insert's critical section, and each step of cleanUp(), polls at most the scan limit's
   * references from the queue (drainCollected) and unmaps their nodes, reported afterwards with
   * RemovalCause.COLLECTED and a null value, counted as evictions, as in Caffeine. Values compare by identity
   * there, as in Caffeine (valueMatches).
   *
   * Collected keys. A cache built with weakKeys runs this same engine keyed by the objects KeyReferences makes:
   * weak references to the program's keys, which WeakKeysCache translates at the edge. The engine knows of them
   * only here: such a node is collected once its key reference is cleared (isCollected), and drainCollected polls
   * the key references' queue too, within the same bound, finding each reference's node by looking it up; one
   * whose node a load or compute holds is deferred and polled again by later drains, as no lookup finds that node
   * again. The listener hears of the entry with its value, if that is still held, and the edge gives it a null key.
   *
   * Time. Every reading of the clock, every deadline and every decision of whether an entry has expired or is due
   * for a refresh is the lifetimes' (Lifetimes): one object whose class the options chose, so that a cache without
   * expiry calls the no-op form, which the JIT inlines behind a class check.
   *
   * Reading guide: the public operations in the interface's order; the operations the map view and Loading
   * share (EntryStore); then insert and unmap, the two structural changes; time; the removal hooks.
   */

  private static final System.Logger LOGGER = System.getLogger(BoundedCache.class.getName());
  private static final VarHandle COLLECTED_COUNT;
  private static final VarHandle COLLECTED_WEIGHT;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      COLLECTED_COUNT = lookup.findVarHandle(BoundedCache.class, "collectedCount", long.class);
      COLLECTED_WEIGHT = lookup.findVarHandle(BoundedCache.class, "collectedWeight", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /**
   * What the prefetch in {@link #insert} compares the sum of its reads with, so that the JIT keeps the reads. Any
   * constant serves; a sum that happens to equal it costs one pause instruction.
   */
  private static final long PREFETCH_SENTINEL = 0x2545_F491_4F6C_DD1DL;

  /** {@code null} for a cache bounded by size, where every entry weighs 1. */
  private final Weigher<? super K, ? super V> weigher;
  /** The shape of every entry and placeholder, chosen from the cache's options when it was built. */
  private final NodeShape shape;
  /** The one place where time enters the cache: its clock, deadlines, and what a hit does about them. */
  private final Lifetimes<K, V> lifetimes;
  /**
   * The weak or soft references of a cache whose shape holds its values so, drained under {@link #evictionLock};
   * {@code null} for values held strongly. See "Collected values" in the design overview.
   */
  private final ValueReferences<K, V> references;
  /**
   * The key references of a cache built with weakKeys, drained under {@link #evictionLock}; {@code null} for keys
   * held strongly. Written once, by {@link #collectKeys}, while the cache is being built and before it is
   * published. See "Collected keys" in the design overview.
   */
  private KeyReferences keyReferences;
  /** The most collected entries one critical section clears: the scan limit. */
  private final int collectLimit;
  /**
   * Entries removed because their value was collected, and their weight; written under {@link #evictionLock}
   * with opaque writes, read by {@link #stats()} with opaque reads.
   */
  private long collectedCount;
  private long collectedWeight;
  /**
   * Structural changes guarded by {@link #evictionLock}, which makes its holder the table's one writer; reads
   * lock-free.
   */
  final NodeTable<K, V> data;
  /**
   * The entries counted under {@link #evictionLock}: nodes inserted with a value, minus nodes with a value that
   * left the map (a placeholder counts once it has been filled, as {@link Node#loading} then says). Written only
   * by the holder of {@link #evictionLock}; read without a lock by {@link #size()}. A fill happens outside that
   * lock, so it is counted in the filling thread's own cell instead ({@link Counters#FILLS}), and {@link #size()}
   * adds the two. On cache lines of its own (see PaddedCount).
   */
  final PaddedCount lockedEntries = new PaddedCount();
  /** Guarded by {@link #evictionLock}. */
  final ClockProPolicy<K, V> policy;
  /**
   * Tells the policy whether to carry references and the cold target's floor; sees every access of a sampled key;
   * thread-safe on its own.
   */
  private final Trials trials;
  private final Counters counters = new Counters();
  /** The nodes whose monitor a compute's user code holds, which the holder of {@link #evictionLock} passes over. */
  private final ComputesInFlight computes = new ComputesInFlight();
  /** Counts its waits in {@link #counters}, so it is made after them. */
  final EvictionLock evictionLock = new EvictionLock(counters);
  /** May be {@code null}. */
  private final RemovalListener<? super K, ? super V> removalListener;
  private final Loading<K, V> loading;
  private final Computing<K, V> computing;
  private final BulkLoading<K, V> bulkLoading;
  private final CacheMapView<K, V> mapView;
  private final PolicyView<K, V> policyView;
  /**
   * The refreshes of a loading cache, or {@code null}: every write of a key discards the key's refresh in flight
   * (see {@link Refreshing}). Written once, by {@link #attach}, while the loading cache is being built and before
   * it is published; read by writes only.
   */
  private Refreshing<K, V> refreshes;

  BoundedCache(int maximumSize, int scanLimit, int initialCapacity, int seed,
      RemovalListener<? super K, ? super V> removalListener) {
    this(maximumSize, null, scanLimit, initialCapacity, seed, removalListener, PolicyView.Expiration.NONE,
        NodeShape.PLAIN, Lifetimes.none());
  }

  /**
   * @param maximum the most entries, or with a weigher the most weight; at least 0 (which keeps nothing: every
   *     entry is heavier than the whole cache, and leaves as it comes), and at most {@link Integer#MAX_VALUE}
   *     without a weigher
   * @param weigher the weigher, or {@code null} for a cache bounded by size
   * @param shape the shape of the cache's entries, which its options decide ({@link NodeShape#of})
   * @param lifetimes where time enters the cache, which its options decide: {@link Lifetimes#none()} without expiry
   *     or refresh
   */
  BoundedCache(long maximum, Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity, int seed,
      RemovalListener<? super K, ? super V> removalListener, PolicyView.Expiration expiration, NodeShape shape,
      Lifetimes<K, V> lifetimes) {
    this.weigher = weigher;
    this.shape = shape;
    this.references = ValueReferences.of(shape.valueStrength());
    this.collectLimit = scanLimit;
    this.lifetimes = lifetimes;
    this.data = new NodeTable<>(initialCapacity, seed);
    // The trials' copies are sized in entries; a weighted cache's entry count is not known when it is built, so
    // its copies are sized as if every entry weighed 1 (see docs/design.md, "Weights").
    this.trials = new Trials((int) Math.min(Integer.MAX_VALUE, maximum), weigher != null, this::residentEntries,
        scanLimit, seed + 1);
    this.policy = new ClockProPolicy<>(maximum, weigher != null, scanLimit, seed, trials::carries, trials::floor,
        true, computes);
    this.removalListener = removalListener;
    this.loading = new Loading<>(this, counters);
    this.computing = new Computing<>(this, loading, counters);
    this.bulkLoading = new BulkLoading<>(this, loading, counters);
    this.mapView = new CacheMapView<>(this, this, computing, data);
    this.policyView = new PolicyView<>(this, policy, expiration);
  }

  @Override
  public V getIfPresent(K key) {
    requireNonNull(key, "key");
    long now = lifetimes.readTime();
    Node<K, V> node = find(key, data.hash(key));
    V value = node == null ? null : readLive(node, now);
    if (value == null) {
      counters.recordMiss();
      return null;
    }
    counters.recordHit();
    return value;
  }

  @Override
  public Map<K, V> getAllPresent(Iterable<? extends K> keys) {
    Map<K, V> found = new LinkedHashMap<>();
    for (K key : new LinkedHashSet<>(copyOf(keys))) { // a duplicate read twice would renew an expiry twice
      V value = getIfPresent(key);
      if (value != null) {
        found.put(key, value);
      }
    }
    return Collections.unmodifiableMap(found);
  }

  @Override
  public V get(K key, Function<? super K, ? extends V> loader) {
    requireNonNull(key, "key");
    requireNonNull(loader, "loader");
    return getOrLoad(key, loader, true);
  }

  @Override
  public Map<K, V> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    List<K> copy = copyOf(keys);
    requireNonNull(mappingFunction, "mappingFunction");
    return bulkLoading.getAll(copy, mappingFunction);
  }

  @Override
  public void put(K key, V value) {
    store(key, value, Write.REPLACE_PRESENT);
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    requireNonNull(map, "map");
    map.forEach((key, value) -> {
      requireNonNull(key, "key");
      requireNonNull(value, "value");
    });
    map.forEach(this::put);
  }

  @Override
  public void invalidate(K key) {
    remove(requireNonNull(key, "key"));
  }

  @Override
  public void invalidateAll(Iterable<? extends K> keys) {
    for (K key : copyOf(keys)) {
      remove(key);
    }
  }

  @Override
  public void invalidateAll() {
    for (Node<K, V> node : data) {
      remove(node.key);
    }
  }

  @Override
  public int size() {
    // Fills first: a filled node is counted in its filler's cell before it can leave the map, so reading the
    // locked count second rarely counts a node that has left. Racing writes can still skew the sum by the
    // writes in flight, hence the clamp.
    long fills = counters.fills();
    long locked = lockedEntries.get();
    long entries = fills + locked;
    long most = weigher == null ? Math.max(policy.maximum(), locked) : Integer.MAX_VALUE;
    return (int) Math.max(0, Math.min(most, entries));
  }

  /**
   * Evicts, in steps of one operation's bounded work each under the eviction lock, until the cache is within its
   * maximum: the excess a heavy insert or a shrinking {@link Policy#setMaximum} left. Without expiry, nothing
   * else is ever pending.
   */
  @Override
  public void cleanUp() {
    clearCollected();
    evictToMaximum();
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return mapView;
  }

  @Override
  public CacheStats stats() {
    long[] sums = counters.sums();
    ScanLengths scans = policy.scanLengths();
    // As Caffeine counts: evictions for size, expirations and collections together, with expirations also on
    // their own. Read expirations first, so that a concurrent expiration never makes them exceed the evictions read
    // after.
    long expirations = expirationCount();
    long expiredWeight = expirationWeight();
    long collections = (long) COLLECTED_COUNT.getOpaque(this);
    long collectedWeights = (long) COLLECTED_WEIGHT.getOpaque(this);
    long evictions = scans.total() + policy.unscannedEvictionCount() + expirations + collections;
    return CacheStats.of(sums[Counters.HITS], sums[Counters.MISSES], sums[Counters.PUTS],
        sums[Counters.LOAD_SUCCESSES], sums[Counters.LOAD_FAILURES], sums[Counters.TOTAL_LOAD_TIME],
        sums[Counters.BULK_LOAD_SUCCESSES], sums[Counters.BULK_LOAD_FAILURES], sums[Counters.REFRESH_SUCCESSES],
        sums[Counters.REFRESH_FAILURES], evictions, policy.evictionWeight() + expiredWeight + collectedWeights,
        expirations,
        scans.scanCount(), scans.maxScanPerEviction(), sums[Counters.LOCK_WAITS], sums[Counters.LOCK_WAIT_TIME]);
  }

  @Override
  public Policy<K, V> policy() {
    return policyView;
  }

  /** The policy view, for the loading views, which add their refreshes to it. */
  PolicyView<K, V> policyView() {
    return policyView;
  }

  @Override
  public String toString() {
    return "ClockProCache{size=" + size() + ", " + policyView + ", " + stats() + "}";
  }

  /* ---------------- Operations shared with the map view and the loads ---------------- */

  /**
   * Registers a compute about to take the node's monitor and run user code under it, under the eviction lock; the
   * compute calls {@link #leaveCompute} once it has released the monitor. See {@link ComputesInFlight}.
   */
  @Override
  public void enterCompute(Node<K, V> node) {
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        computes.enter(node);
      } finally {
        evictionLock.releasing();
      }
    }
  }

  /** The computes registered in flight; for tests, which check that none is left behind. */
  int computesInFlight() {
    return computes.active;
  }

  @Override
  public void leaveCompute(Node<K, V> node) {
    computes.leave(node);
  }

  /**
   * Whether a compute's user code holds, or is about to take, the node's monitor: the holder of the eviction lock
   * must not wait for it. See {@link ComputesInFlight}.
   */
  final boolean isComputing(Node<K, V> node) {
    return computes.active != 0 && computes.holds(node);
  }

  /** Drains the key references of a cache built with weakKeys; see {@link #keyReferences}. */
  final void collectKeys(KeyReferences keys) {
    keyReferences = keys;
  }

  /** Makes the refreshes of the loading cache built over this one hear of every write; see {@link #refreshes}. */
  final void attach(Refreshing<K, V> refreshing) {
    refreshes = refreshing;
  }

  @Override
  public final void discardRefresh(Object key) {
    Refreshing<K, V> refreshing = refreshes;
    if (refreshing != null) {
      refreshing.discard(key);
    }
  }

  @Override
  public V getQuietly(Object key) {
    requireNonNull(key, "key");
    long now = lifetimes.readTime();
    Node<K, V> node = find(key, data.hash(key));
    return node == null ? null : readLive(node, now);
  }

  /** The statistics cells, for the loading views' refreshes. */
  Counters counters() {
    return counters;
  }

  /** The loads in flight, for the asynchronous view. */
  Loading<K, V> loading() {
    return loading;
  }

  /** The atomic compute, computeIfPresent and merge of the map view, and a refresh's store. */
  Computing<K, V> computing() {
    return computing;
  }

  @Override
  public V computeIfAbsentQuietly(K key, Function<? super K, ? extends V> loader) {
    requireNonNull(key, "key");
    requireNonNull(loader, "mappingFunction");
    return getOrLoad(key, loader, false);
  }

  /**
   * The key's live value, counted as a reference, or else the outcome of its load: joined if one is in flight,
   * else run with {@code loader}. With {@code recordStats}, a hit or a miss is counted as {@link Loading#load} says.
   */
  private V getOrLoad(K key, Function<? super K, ? extends V> loader, boolean recordStats) {
    long now = lifetimes.readTime();
    int hash = data.hash(key);
    Node<K, V> node = data.get(key, hash);
    if (node != null && node.loading) {
      return loading.load(key, hash, node, loader, now, recordStats); // join the load in flight
    }
    V value = node == null ? null : readLive(node, now);
    if (value == null) {
      return loading.load(key, hash, null, loader, now, recordStats);
    }
    if (recordStats) {
      counters.recordHit();
    }
    return value;
  }

  @Override
  public V store(K key, V value, Write write) {
    int hash = writtenHash(key, value);
    long now = writeTime();
    if (write == Write.REPLACE_PRESENT) {
      discardRefresh(key); // before the write: see Refreshing
    }
    for (;;) {
      Node<K, V> node = data.get(key, hash);
      if (node == null || (!node.loading && (expiredAt(node, now) || node.isCollected()))) {
        Headroom.check(); // before anything changes: see "Errors"
        discardRefresh(key);
        node = insert(newNode(key, hash, value, now), now); // an expired node is replaced in the insert
        if (node == null) {
          counters.recordPut();
          return null;
        }
      }
      if (node.loading) {
        if (node.value instanceof Load<?> inFlight && inFlight.isExclusive()) {
          inFlight.awaitQuietly(); // a compute in flight decides the key's next value: wait, then look again
          continue;
        }
        long deadline = lifetimes.deadlineAfterCreate(key, value, now); // user code: before the monitor
        int weight = weigh(key, value); // user code too
        Headroom.check(); // a fill that stopped halfway would leave a placeholder without its Load
        discardRefresh(key);
        if (fill(node, value, deadline, weight)) {
          counters.recordPut();
          return null;
        }
        if (node.value instanceof Load<?> load) {
          @SuppressWarnings("unchecked")
          Load<V> inFlight = (Load<V>) load;
          loading.removeIfFailed(node, inFlight); // a failed load's place must not keep this put looping
        }
        continue; // the load stored its value, failed or was evicted after the lookup, so look again
      }
      long deadline = write == Write.REPLACE_PRESENT ? deadlineAfterUpdate(node, value, now) : 0; // user code
      int weight = write == Write.REPLACE_PRESENT ? weigh(key, value) : 0; // user code too
      V previous = null;
      boolean retired;
      synchronized (node) {
        retired = node.retired;
        if (!retired && !expiredAt(node, now)) {
          previous = node.value();
          if (previous != null && write == Write.REPLACE_PRESENT) {
            node.value = stored(node, value);
            writeDeadline(node, deadline); // after the value: see ExpiringNode
          }
        }
      }
      if (retired) {
        unmapIfRetired(node); // it left the map, or a compute is removing it: look again
        continue;
      }
      if (previous == null) {
        continue; // expired or collected: the insert replaces it, so look again
      }
      if (write == Write.REPLACE_PRESENT) {
        replaced(node, previous, value, weight);
      } else {
        readLive(node);
      }
      return previous;
    }
  }

  @Override
  public V replace(K key, Object expected, V value) {
    int hash = writtenHash(key, value);
    long now = writeTime();
    for (;;) {
      Node<K, V> node = data.get(key, hash);
      if (node == null || node.loading) {
        return null;
      }
      long deadline = deadlineAfterUpdate(node, value, now); // user code: before the monitor
      int weight = weigh(key, value); // user code too
      V previous = null;
      boolean retired;
      boolean expired = false;
      synchronized (node) {
        retired = node.retired;
        if (!retired) {
          expired = expiredAt(node, now);
          V current = node.value();
          if (!expired && current != null && (expected == null || valueMatches(current, expected))) {
            discardRefresh(key); // before the write: see Refreshing
            previous = current;
            node.value = stored(node, value);
            writeDeadline(node, deadline); // after the value: see ExpiringNode
          }
        }
      }
      if (retired) {
        unmapIfRetired(node); // it left the map, or a compute is removing it: look again
        continue;
      }
      if (expired) {
        expireFound(node, now);
        return null;
      }
      if (previous == null) {
        return null;
      }
      replaced(node, previous, value, weight);
      return previous;
    }
  }

  /**
   * Returns the key's hash for a write of {@code value} ({@link #store}, {@link #replace}), once both are checked.
   *
   * @throws NullPointerException naming the key or the value if it is null
   */
  private int writtenHash(K key, V value) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    return data.hash(key);
  }

  @Override
  public V remove(Object key) {
    return removeEntry(key, null);
  }

  @Override
  public boolean remove(Object key, Object expected) {
    return expected != null && removeEntry(key, expected) != null;
  }

  /**
   * Maps, links and counts a new node, evicting while the cache has no room for its weight (one entry, where every
   * entry weighs 1); a placeholder is mapped and linked the same way, but counted only when it is filled. A node
   * the policy evicts at once (heavier than the cache, or over its ceiling) is unmapped again and reported as
   * evicted; it counts as inserted. Returns the node already mapped for the key
   * (perhaps a placeholder), and changes nothing, if there is one. The caller has checked the stack's headroom
   * ({@link Headroom#check}) at its own depth, one frame above this one: once per miss, not twice.
   */
  Node<K, V> insert(Node<K, V> node, long now) {
    // Read while the node is unpublished: once it is mapped, a put may fill a placeholder at once, without this
    // lock, and count it as a fill; counting it here as well would count it twice.
    boolean placeholder = node.loading;
    prefetch(node.hash);
    Node<K, V> victim = null;
    Node<K, V>[] moreVictims = null;
    Node<K, V> collected = null;
    Node<K, V>[] drained;
    boolean victimReported = false;
    boolean admitted;
    Expirations<K, V> expired;
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        Node<K, V> existing = data.addIfAbsent(node); // mapped first, linked next: both before the lock's release
        if (existing != null) {
          collected = removeIfCollected(existing) ? existing : null;
          if (collected == null && (existing.loading || !removeIfExpired(existing, now))) {
            return existing;
          }
          data.addIfAbsent(node); // the expired or collected entry has left, so the key is absent now
        }
        expireUnderLock(now, collected == null ? existing : null); // before the eviction: its room spares an entry
        int victims = policy.admit(node);
        admitted = node.status != Node.UNLINKED; // else the policy evicted it at once, as one of its victims
        if (victims > 0) {
          victim = policy.takeVictim(0);
          victimReported = unmapEvicted(victim, node);
          if (victims > 1) {
            moreVictims = takeMoreVictims(victims, node);
          }
        }
        data.growIfCrowded(policy.hotSize() + policy.coldSize()); // mapped if and only if linked
        if (admitted) {
          scheduled(node);
          if (!placeholder) {
            lockedEntries.addUnderLock(1);
          }
        }
        drained = drainCollected();
        expired = takeExpirations();
      } finally {
        evictionLock.releasing();
      }
    }
    afterLock(expired);
    notifyCollected(collected);
    notifyCollected(drained);
    trials.recordInsert(node.hash);
    if (victimReported) {
      notifyRemoval(victim.key, victim.value(), RemovalCause.SIZE);
    }
    notifyEvicted(moreVictims);
    return null;
  }

  @Override
  public Node<K, V> reserve(K key, int hash, Load<V> load, long now) {
    Node<K, V> placeholder = newPlaceholder(key, hash, load, now);
    return insertPlaceholder(placeholder, now) == null ? placeholder : null;
  }

  @Override
  public boolean insert(K key, int hash, V value, long now) {
    return insert(newNode(key, hash, value, now), now) == null;
  }

  @Override
  public boolean fill(Node<K, V> placeholder, V value) {
    long deadline = lifetimes.deadlineAfterCreate(placeholder.key, value, writeTime()); // user code: first
    int weight = weigh(placeholder.key, value); // user code too
    return fill(placeholder, value, deadline, weight);
  }

  /**
   * Fills a placeholder with its first value, under the node's monitor and no other lock; the node is already
   * linked. Returns {@code false}, and changes nothing, if the node is no longer a placeholder (another caller
   * filled it first), has left the map (its load failed, or it was evicted), or its load has failed: a failed
   * load's outcome is final, and its placeholder leaves the map next (see {@link Loading#removeIfFailed}). The
   * {@code deadline} is the entry's, for an expiring cache, and {@code weight} the value's, for a weighted cache,
   * both computed by the caller before the monitor; once filled, the placeholder is reweighed (see
   * {@link #reweighed}).
   */
  private boolean fill(Node<K, V> placeholder, V value, long deadline, int weight) {
    synchronized (placeholder) {
      if (!placeholder.loading || placeholder.retired || ((Load<?>) placeholder.value).isDone()) {
        return false;
      }
      placeholder.fillValue(stored(placeholder, value));
      writeDeadline(placeholder, deadline); // before loading clears: a reader that sees it clear sees both
      counters.recordFill(); // before the node can leave the map: any removal that counts it sees this count
      placeholder.loading = false; // the linearization point: a reader that sees it clear sees the value
    }
    reweighed(placeholder, value, weight);
    return true;
  }

  /**
   * Inserts a placeholder as {@link #insert} does. If the insert throws once the placeholder is mapped (a removal
   * listener's error, reported after the lock), completes the placeholder's load with that error and unmaps it, so
   * that no placeholder is left without a load that ends, and rethrows.
   */
  private Node<K, V> insertPlaceholder(Node<K, V> placeholder, long now) {
    try {
      return insert(placeholder, now);
    } catch (Throwable failure) {
      if (placeholder.value instanceof Load<?> load && data.get(placeholder.key, placeholder.hash) == placeholder) {
        load.completeExceptionally(failure);
        removePlaceholder(placeholder);
      }
      throw failure;
    }
  }

  /**
   * Under the eviction lock: unmaps a node the policy evicted, already unlinked, and returns whether the listener
   * hears of it. Not a placeholder (its value is its Load: no entry left), nor a node a compute removed (the
   * compute reports it). The node the current call {@code admitted}, if the policy evicted it at once, was never
   * counted or scheduled.
   */
  private boolean unmapEvicted(Node<K, V> victim, Node<K, V> admitted) {
    data.remove(victim);
    // first: once retired, a placeholder can no longer be filled, so loading is final
    boolean removedByCompute = !victim.retireUnmapped();
    if (victim != admitted) {
      unscheduled(victim);
      if (!victim.loading) {
        lockedEntries.addUnderLock(-1);
      }
    }
    return !victim.loading && !removedByCompute;
  }

  /**
   * Under the eviction lock: unmaps the policy's victims after the first, of which there are {@code victims} in
   * all, and returns those the listener hears of, with {@code null} for the others; only a weighted cache evicts
   * more than one entry in one call, so only it allocates here.
   */
  private Node<K, V>[] takeMoreVictims(int victims, Node<K, V> admitted) {
    @SuppressWarnings("unchecked")
    Node<K, V>[] taken = (Node<K, V>[]) new Node<?, ?>[victims - 1];
    for (int index = 1; index < victims; index++) {
      Node<K, V> victim = policy.takeVictim(index);
      taken[index - 1] = unmapEvicted(victim, admitted) ? victim : null;
    }
    return taken;
  }

  /** After the eviction lock: reports the victims {@link #takeMoreVictims} returned, or nothing for {@code null}. */
  private void notifyEvicted(Node<K, V>[] victims) {
    if (victims == null) {
      return;
    }
    for (Node<K, V> victim : victims) {
      if (victim != null) {
        notifyRemoval(victim.key, victim.value(), RemovalCause.SIZE);
      }
    }
  }

  /**
   * Under the eviction lock: unmaps the {@code victims} of the policy's current call; none of them is a node the
   * call admitted. Returns those the listener hears of, or {@code null} for none.
   */
  private Node<K, V>[] takeVictims(int victims) {
    if (victims == 0) {
      return null;
    }
    @SuppressWarnings("unchecked")
    Node<K, V>[] taken = (Node<K, V>[]) new Node<?, ?>[victims];
    for (int index = 0; index < victims; index++) {
      Node<K, V> victim = policy.takeVictim(index);
      taken[index] = unmapEvicted(victim, null) ? victim : null;
    }
    return taken;
  }

  /**
   * The weight of a value about to be written: 1 without a weigher; else the weigher's answer, checked. User code:
   * called before any lock, but a compute's monitor.
   *
   * @throws IllegalArgumentException if the weigher returns a negative weight, naming it and the key
   */
  @Override
  public int weigh(K key, V value) {
    if (weigher == null) {
      return 1;
    }
    int weight = weigher.weigh(key, value);
    if (weight < 0) {
      throw new IllegalArgumentException("weight must not be negative but was " + weight + " for key " + key);
    }
    return weight;
  }

  /**
   * After a value write to a mapped node, outside its monitor: makes the policy count {@code weight}, the weight
   * of the {@code value} written, and evicts as an insert does if the cache is now over its maximum; nothing in a
   * cache without a weigher, where weights never change. If the node's value is no longer {@code value}, a later
   * writer reweighs it, and this does nothing; if the node has left the map, nothing either. A value that weighs
   * what the policy counts takes no lock.
   */
  private void reweighed(Node<K, V> node, V value, int weight) {
    if (weigher == null || node.weighs(weight)) {
      return; // the weight the policy counts already: see WeightedNode for why the lock may be skipped
    }
    Node<K, V>[] victims;
    Headroom.check(); // an overflow here leaves the entry counted at its old weight: stale, not damaged
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        if (node.status == Node.UNLINKED || node.value() != value || node.weight() == weight) {
          return;
        }
        victims = takeVictims(policy.reweigh(node, weight));
      } finally {
        evictionLock.releasing();
      }
    }
    notifyEvicted(victims);
  }

  /** Changes the bound; for the policy view. See {@link Policy#setMaximum}. */
  void setMaximum(long maximum) {
    long most = weigher == null ? Integer.MAX_VALUE : Long.MAX_VALUE;
    if (maximum < 0 || maximum > most) {
      throw new IllegalArgumentException("maximum must be between 0 and " + most + " but was " + maximum);
    }
    Headroom.check();
    Node<K, V>[] victims;
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        policy.setMaximum(maximum);
        victims = takeVictims(policy.evictExcess());
      } finally {
        evictionLock.releasing();
      }
    }
    int entries = (int) Math.min(Integer.MAX_VALUE, maximum); // the trials are sized in entries: see the constructor
    trials.setMaximum(entries);
    notifyEvicted(victims);
  }

  /**
   * Evicts until the cache is within its maximum, one bounded step under the eviction lock at a time: what
   * {@link #cleanUp()} does for size. Ends when the cache is within its maximum, or empty, or when the scans have
   * passed every resident entry without a victim: all that is left over the maximum is held by computes in flight
   * (see {@link ComputesInFlight}), which a later operation evicts.
   */
  void evictToMaximum() {
    int idleSteps = 0;
    for (;;) {
      Node<K, V>[] victims;
      Headroom.check();
      long waitStart = evictionLock.awaitFree();
      synchronized (evictionLock) {
        evictionLock.acquired(waitStart);
        try {
          if (!policy.isOverMaximum()) {
            return;
          }
          int evicted = policy.evictExcess();
          if (evicted == 0 && ++idleSteps > 2 * (policy.hotSize() + policy.coldSize() + 1)) {
            return; // two revolutions of both hands found no victim (each step examines one entry or more)
          }
          victims = takeVictims(evicted);
        } finally {
          evictionLock.releasing();
        }
      }
      notifyEvicted(victims);
    }
  }

  @Override
  public void removePlaceholder(Node<K, V> placeholder) {
    Headroom.check();
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        if (placeholder.retireIfLoading()) {
          data.remove(placeholder);
          policy.remove(placeholder);
          unscheduled(placeholder);
        }
      } finally {
        evictionLock.releasing();
      }
    }
  }

  /**
   * Unmaps a node that a compute retired to remove it, if it is still mapped; the compute reports the removal. A
   * writer that found the node retired calls this too, so that a compute that could not finish leaves no key
   * stuck, and then looks again.
   */
  @Override
  public void unmapIfRetired(Node<K, V> node) {
    if (data.get(node.key, node.hash) != node) {
      return; // it has left already: the usual case for a writer that raced a removal
    }
    Headroom.check();
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        if (data.get(node.key, node.hash) == node) {
          unmapRemovedByCompute(node);
        }
      } finally {
        evictionLock.releasing();
      }
    }
  }

  /** The resident entries as the policy counts them; read without the eviction lock, racily, by the floor trial. */
  private int residentEntries() {
    return policy.hotSize() + policy.coldSize();
  }

  /**
   * The key's live value, or {@code null}, without counting a hit, a miss or a reference, nor renewing a deadline;
   * for {@code Policy.getIfPresentQuietly}, and for an explicit refresh, which starts from it, as Caffeine's
   * refresh peeks at the old value.
   */
  @SuppressWarnings("unchecked")
  V peek(Object key) {
    long now = lifetimes.readTime();
    Node<K, V> node = data.get((K) key, data.hash(key));
    return node == null || node.loading || expiredAt(node, now) ? null : node.value();
  }

  @Override
  public int hash(Object key) {
    return data.hash(key);
  }

  @Override
  public Node<K, V> lookup(Object key, int hash) {
    return data.get(key, hash);
  }

  /**
   * Returns a mapped node's value and counts a reference to it: the one hit path, which {@link #readLive} takes
   * for every entry that has not expired.
   */
  V read(Node<K, V> node) {
    node.recordAccess();
    trials.recordHit(node.hash);
    return node.value();
  }

  @Override
  public void notifyRemoval(K key, V value, RemovalCause cause) {
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
   * Checks every named invariant under the eviction lock; for tests. See {@link Invariants}.
   *
   * @return the violated invariants with details; empty if all hold
   */
  List<String> checkInvariants() {
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        List<String> violations = Invariants.check(data, policy, this::size);
        violations.addAll(trials.checkInvariants());
        checkExpiryInvariants(violations);
        return violations;
      } finally {
        evictionLock.releasing();
      }
    }
  }

  Trials trials() {
    return trials;
  }

  /**
   * Removes a node that a read found expired, or collected, if it is still mapped and still so, and does the step of
   * expiry work that every operation taking the eviction lock does (see {@link ExpiringCache}).
   */
  @Override
  public void expireFound(Node<K, V> node, long now) {
    Expirations<K, V> expired;
    boolean collected;
    Headroom.check();
    long waitStart = evictionLock.awaitFree();
    synchronized (evictionLock) {
      evictionLock.acquired(waitStart);
      try {
        boolean mapped = data.get(node.key, node.hash) == node;
        collected = mapped && removeIfCollected(node);
        boolean removed = mapped && !collected && removeIfExpired(node, now);
        expireUnderLock(now, removed ? node : null);
        expired = takeExpirations();
      } finally {
        evictionLock.releasing();
      }
    }
    afterLock(expired);
    if (collected) {
      notifyCollected(node);
    }
  }

  /* ---------------- Time, from the lifetimes ---------------- */

  @Override
  public final long writeTime() {
    return lifetimes.writeTime();
  }

  /**
   * Returns a new entry's node, written at {@code now}, in the cache's shape; takes its deadline and its weight
   * first (user code), so an expiry or a weigher that fails changes nothing.
   */
  private Node<K, V> newNode(K key, int hash, V value, long now) {
    long deadline = lifetimes.deadlineAfterCreate(key, value, now);
    Node<K, V> node = shape.newNode(key, hash, value, deadline, now, weigh(key, value));
    if (references != null) {
      node.fillValue(references.reference(node, value)); // unpublished: see "Writes without a fence" in Node
    }
    return node;
  }

  /**
   * What a node's value field is to hold for {@code value}: the value, or in a cache with weak or soft values a
   * new reference to it. Every writer of the field but the constructor writes this.
   */
  @Override
  public final V stored(Node<K, V> node, V value) {
    return references == null ? value : references.reference(node, value);
  }

  /**
   * Whether a present value matches the {@code expected} value of a conditional operation: by {@code equals}, or
   * by identity in a cache with weak or soft values, as in Caffeine. {@code present} is {@code null} for a value
   * collected, which matches nothing.
   */
  @Override
  public final boolean valueMatches(V present, Object expected) {
    if (present == null) {
      return false;
    }
    return references == null ? present.equals(expected) : present == expected;
  }

  /** Returns a new placeholder for a load that starts at {@code now}, in the cache's shape. */
  private Node<K, V> newPlaceholder(K key, int hash, Load<V> load, long now) {
    return shape.newPlaceholder(key, hash, load, lifetimes.placeholderDeadline(now), now);
  }

  @Override
  public final V readLive(Node<K, V> node) {
    return lifetimes.readLive(this, node, lifetimes.readTime());
  }

  /** {@link #readLive(Node)} at the cache's time {@code now}, which the caller took before its lookup. */
  private V readLive(Node<K, V> node, long now) {
    return lifetimes.readLive(this, node, now);
  }

  @Override
  public final boolean isLive(Node<K, V> node) {
    return !node.loading && !node.isCollected() && !lifetimes.expiredAt(node, lifetimes.readTime());
  }

  @Override
  public final boolean expiredAt(Node<K, V> node, long now) {
    return lifetimes.expiredAt(node, now);
  }

  @Override
  public final long deadlineAfterUpdate(Node<K, V> node, V value, long now) {
    return lifetimes.deadlineAfterUpdate(node, value, now);
  }

  @Override
  public final void writeDeadline(Node<K, V> node, long deadline) {
    lifetimes.writeDeadline(node, deadline);
  }

  /**
   * A hit found the key's value due for a refresh: starts one unless one is in flight (see {@link Refreshing});
   * for the lifetimes of a cache built with {@code refreshAfterWrite}, whose refreshes are attached before the
   * cache is published.
   */
  final void refresh(K key, V value) {
    refreshes.refresh(key, value);
  }

  /**
   * How long ago the key's live value was written, or -1 if the key has none; for {@code Policy.FixedRefresh}, of a
   * cache whose lifetimes are {@link Refreshes}, and whose shape keeps the write time ({@link NodeShape.WriteTimed}).
   */
  final long writeAge(Object key) {
    long now = lifetimes.writeTime();
    Node<K, V> node = data.get(key, data.hash(key));
    if (node == null || node.loading || lifetimes.expiredAt(node, now)) {
      return -1;
    }
    return Math.max(0, now - ((NodeShape.WriteTimed) node).writeTime());
  }

  /** The cache's lifetimes, for its policy's views. */
  final Lifetimes<K, V> lifetimes() {
    return lifetimes;
  }

  /* ---------------- Hooks for the removal of expired entries: none here; ExpiringCache overrides them ---------- */

  /**
   * Under the eviction lock: removes a mapped node that is not a placeholder, as expired, if it has expired by
   * the cache's time (at least {@code now}), and returns whether it did. Never, here.
   */
  boolean removeIfExpired(Node<K, V> node, long now) {
    return false;
  }

  /**
   * Under the eviction lock: does the step of expiry work that every critical section does, bounded by the scan
   * limit, of which {@code removed} (a node {@link #removeIfExpired} has just removed, or {@code null}) takes one.
   * Nothing here.
   */
  void expireUnderLock(long now, Node<K, V> removed) {}

  /**
   * Under the eviction lock, last in a critical section: returns what its expiry work left for after the lock
   * (entries to report, a run to ask the scheduler for), or {@code null}. Nothing here.
   */
  Expirations<K, V> takeExpirations() {
    return null;
  }

  /** Under the eviction lock: a node was just mapped and linked; nothing here. */
  void scheduled(Node<K, V> node) {}

  /** Under the eviction lock: a node left the map by eviction or removal, not by expiry; nothing here. */
  void unscheduled(Node<K, V> node) {}

  /** After the eviction lock is released: reports what {@link #expireUnderLock} removed; nothing here. */
  void afterLock(Expirations<K, V> expired) {}

  /** Under the eviction lock, for tests: adds the violated invariants of expiry; none here. */
  void checkExpiryInvariants(List<String> violations) {}

  /** Entries removed because they had expired; 0 here. */
  long expirationCount() {
    return 0;
  }

  /** The weight of the entries {@link #expirationCount()} counts; 0 here. */
  long expirationWeight() {
    return 0;
  }

  /* ---------------- Collected values: see "Collected values" in the design overview ---------------- */

  /**
   * Under the eviction lock: unmaps a mapped entry whose value was collected, unless it is a placeholder, a
   * compute holds it (its compute sees the value absent and decides), or it has left; returns whether it did.
   * The caller reports it with {@link #notifyCollected}.
   */
  private boolean removeIfCollected(Node<K, V> node) {
    if ((references == null && keyReferences == null) || node.loading || isComputing(node) || !isCollected(node)) {
      return false;
    }
    synchronized (node) { // the eviction lock, then a monitor no compute holds: see "Lock order"
      if (node.retired || !isCollected(node)) {
        return false; // left the map, or a write gave it a new value since
      }
      data.remove(node);
      node.retired = true;
    }
    policy.remove(node);
    unscheduled(node);
    lockedEntries.addUnderLock(-1);
    COLLECTED_COUNT.setOpaque(this, collectedCount + 1);
    COLLECTED_WEIGHT.setOpaque(this, collectedWeight + node.weight());
    return true;
  }

  /** Whether a node's value, or in a cache with weak keys its key, was collected. */
  private boolean isCollected(Node<K, V> node) {
    return node.isCollected() || KeyReferences.isCleared(node.key);
  }

  /**
   * Under the eviction lock: clears at most {@link #collectLimit} entries whose value or key the collector took,
   * polled from the queues; returns them for {@link #notifyCollected}, or {@code null} for none. A node whose value
   * was collected while a compute held it is passed over; the next write or load of its key replaces it. A node
   * whose key was collected while a load or compute held it cannot be found by its key again: its reference is
   * deferred, and a later drain clears the node once it is free.
   */
  private Node<K, V>[] drainCollected() {
    if (references == null && keyReferences == null) {
      return null;
    }
    if (keyReferences != null) {
      keyReferences.startDrain();
    }
    Node<K, V>[] collected = null;
    int count = 0;
    for (int polls = 0; polls < collectLimit; polls++) {
      Node<K, V> node = references == null ? null : references.poll();
      if (node == null && keyReferences != null) {
        Object key = keyReferences.poll();
        if (key == null) {
          break;
        }
        node = data.get(key, data.hash(key)); // only the node that stores this very reference matches it
        if (node == null) {
          continue; // its entry left already, or the reference was never stored
        }
        if (node.loading || isComputing(node)) {
          keyReferences.defer(key);
          continue;
        }
      } else if (node == null) {
        break;
      }
      if (removeIfCollected(node)) {
        if (collected == null) {
          @SuppressWarnings("unchecked")
          Node<K, V>[] created = (Node<K, V>[]) new Node<?, ?>[collectLimit];
          collected = created;
        }
        collected[count++] = node;
      }
    }
    return collected;
  }

  /** Clears every collected entry queued, in steps of one critical section's share each: for {@link #cleanUp}. */
  final void clearCollected() {
    if (references == null && keyReferences == null) {
      return;
    }
    Node<K, V>[] collected;
    do {
      Headroom.check();
      long waitStart = evictionLock.awaitFree();
      synchronized (evictionLock) {
        evictionLock.acquired(waitStart);
        try {
          collected = drainCollected();
        } finally {
          evictionLock.releasing();
        }
      }
      notifyCollected(collected);
    } while (collected != null);
  }

  /** After the eviction lock: reports the collected entries, {@code null} entries and arrays standing for none. */
  @SafeVarargs
  private void notifyCollected(Node<K, V>... collected) {
    if (collected == null) {
      return;
    }
    for (Node<K, V> node : collected) {
      if (node != null) {
        notifyRemoval(node.key, node.value(), RemovalCause.COLLECTED); // null for a collected value
      }
    }
  }

  /* ---------------- Internals ---------------- */

  /** The key's mapped node, or {@code null} if it has none or only a load in flight. */
  private Node<K, V> find(Object key, int hash) {
    Node<K, V> node = data.get(key, hash);
    return node == null || node.loading ? null : node;
  }

  /**
   * What follows a replacement of a present value: a reference, a put counted, the old value reported, and then,
   * so that the listener hears of the replacement before any eviction, the new weight counted.
   */
  @Override
  public void replaced(Node<K, V> node, V previous, V value, int weight) {
    read(node);
    counters.recordPut();
    if (previous != value) {
      notifyRemoval(node.key, previous, RemovalCause.REPLACED);
    }
    reweighed(node, value, weight);
  }

  /**
   * The one removal path for users: unmaps the key's entry if its value equals {@code expected}, or whatever its
   * value if {@code expected} is {@code null}. Returns the removed value, or {@code null}. An entry whose node a
   * compute's function holds is removed after that compute: the removal waits for it with no lock held (see
   * {@link ComputesInFlight}), then looks again.
   */
  private V removeEntry(Object key, Object expected) {
    int hash = data.hash(requireNonNull(key, "key"));
    if (expected == null) {
      discardRefresh(key); // before the removal: see Refreshing
    }
    for (;;) {
      Node<K, V> found = data.get(key, hash);
      if (found == null || (found.loading && expected != null)) {
        return null;
      }
      Node<K, V> node;
      Node<K, V> computed = null;
      Node<K, V> collected = null;
      V value = null;
      Expirations<K, V> expired;
      long now = writeTime();
      Headroom.check();
      long waitStart = evictionLock.awaitFree();
      synchronized (evictionLock) {
        evictionLock.acquired(waitStart);
        try {
          node = data.get(key, hash);
          if (node != null && node.loading && (expected != null || discardLoad(node))) {
            node = null; // a load in flight: absent to a conditional removal, discarded by an unconditional one
          }
          if (node != null && isComputing(node)) {
            computed = node; // its monitor is a compute's: wait for it after the lock
            node = null;
          }
          if (node != null && removeIfCollected(node)) {
            collected = node; // absent to the caller: it leaves as collected
            node = null;
          }
          if (node != null && removeIfExpired(node, now)) {
            expireUnderLock(now, node); // absent to the caller: it left as expired
            node = null;
          } else {
            expireUnderLock(now, null);
            if (node != null) {
              boolean removedByCompute;
              synchronized (node) {
                removedByCompute = node.retired;
                V current = node.value(); // held here: a value collected since removeIfCollected is absent
                if (!removedByCompute && current != null && (expected == null || valueMatches(current, expected))) {
                  discardRefresh(key); // a conditional removal: see Refreshing
                  data.remove(node);
                  node.retire();
                  value = current;
                }
              }
              if (removedByCompute) {
                unmapRemovedByCompute(node); // it is absent: the compute removed it, and reports it
              } else if (value != null) {
                policy.remove(node);
                unscheduled(node);
                lockedEntries.addUnderLock(-1);
              }
            }
          }
          expired = takeExpirations();
        } finally {
          evictionLock.releasing();
        }
      }
      afterLock(expired);
      notifyCollected(collected);
      if (computed != null) {
        while (isComputing(computed)) {
          Thread.yield(); // the compute's function runs: no lock held here, so it may take any
        }
        continue;
      }
      if (value != null) {
        notifyRemoval(node.key, value, RemovalCause.EXPLICIT);
      }
      return value;
    }
  }

  /**
   * Under the eviction lock, for an invalidation: unmaps a placeholder whose load is in flight, so that the next
   * read loads afresh, as in Caffeine, even if this load never ends. The load runs on; its callers get its value,
   * which is reported as explicitly removed once the load ends, but not cached ({@link Load#discard}). Returns
   * {@code false}, changing nothing, if the placeholder was filled meanwhile: it is an entry, for the caller to
   * remove. A compute's exclusive placeholder is left to its compute, which decides the key's next value; it is
   * absent to the invalidation.
   */
  private boolean discardLoad(Node<K, V> placeholder) {
    if (!(placeholder.value instanceof Load<?> load)) {
      return false; // filled since the caller read the flag
    }
    if (load.isExclusive()) {
      return true;
    }
    load.discard(); // first: the load's end reads it once it finds the placeholder retired
    if (!placeholder.retireIfLoading()) {
      return false;
    }
    data.remove(placeholder);
    policy.remove(placeholder);
    unscheduled(placeholder);
    return true;
  }

  /**
   * Under the eviction lock: unmaps a mapped node that a compute retired to remove it. The node was counted (a
   * compute retires no placeholder), so the count drops; the listener hears of it from the compute.
   */
  private void unmapRemovedByCompute(Node<K, V> node) {
    data.remove(node);
    policy.remove(node);
    unscheduled(node);
    lockedEntries.addUnderLock(-1);
  }

  /**
   * Reads, without the lock, what an insert's critical section will most likely touch first, and discards it:
   * see "Prefetch" in the design overview.
   */
  private void prefetch(int hash) {
    Node<K, V> candidate = policy.peekColdHand();
    long seen = policy.prefetch(hash, candidate);
    if (candidate != null) {
      seen += data.prefetch(candidate.hash);
    }
    if (seen == PREFETCH_SENTINEL) {
      Thread.onSpinWait();
    }
  }

  /** Copies the keys, rejecting a null collection or key before the caller changes anything. */
  private static <K> List<K> copyOf(Iterable<? extends K> keys) {
    requireNonNull(keys, "keys");
    List<K> copy = new ArrayList<>(keys instanceof Collection<?> collection ? collection.size() : 16);
    for (K key : keys) {
      copy.add(requireNonNull(key, "key"));
    }
    return copy;
  }
}
