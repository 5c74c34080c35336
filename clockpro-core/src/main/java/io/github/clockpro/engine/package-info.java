/**
 * The engine behind {@link io.github.clockpro.ClockProCache}: not exported by the module, and package-private
 * except {@link io.github.clockpro.engine.CacheFactory}, which the builder calls.
 *
 * <h2>Reading guide</h2>
 * <ul>
 *   <li>{@link io.github.clockpro.engine.BoundedCache}: the cache's operations, its concurrency design and its
 *       invariants, in the design overview at its top. Start there.
 *   <li>{@code EntryStore}: the narrow interface through which the loads, the computes and the views below reach
 *       the cache, which implements it.
 *   <li>{@link io.github.clockpro.engine.Loading} and {@code Load}: loads in flight, as placeholders in the table;
 *       {@code BulkLoading}: {@code getAll}; {@code Computing}: the atomic {@code compute}, {@code computeIfPresent}
 *       and {@code merge}; {@code LoadingCacheView} and {@code Refreshing}: {@code build(CacheLoader)} and
 *       refresh;
 *       {@code AsyncCacheView} and {@code AsyncMapView}: {@code buildAsync()}, and {@code AsyncLoadingCacheView}
 *       with {@code BlockingLoader}: {@code buildAsync(loader)}.
 *   <li>{@code NodeTable} and {@code Node}: the hash table, with lock-free reads and one writer, whose entries are
 *       the nodes themselves; {@code NodeShape}: every subclass of {@code Node} (weighted, expiring, refreshing)
 *       and the factory that makes the shape a cache's options call for; {@code TreeBin}: the persistent balanced
 *       tree a crowded bin becomes.
 *   <li>{@code ClockProPolicy}: the CLOCK-Pro decisions over two {@code Ring}s (hot and cold) and the
 *       {@code History} of evicted keys, with its compact {@code FarHistory} beyond it; {@code Trials} replay
 *       sampled keys through {@code TrialCopy}s of the policy, with a {@code PendingSamples} buffer for hits, and
 *       two {@code TrialVerdict}s decide from their copies' hits: {@code CarryTrial} whether the hot hand carries
 *       references, {@code FloorTrial} the cold target's floor.
 *   <li>{@code ScanLengths}: the eviction work, counted by scan length; {@code Counters} and {@code PaddedCount}:
 *       the per-thread and locked counts; {@code EvictionLock}: the lock (a monitor) that counts its waits;
 *       {@code Headroom}: the stack check before every structural change.
 *   <li>{@code Lifetimes}: the one place where time enters the cache (its clock, deadlines, what a hit does about
 *       them), chosen at build time: its no-op form without expiry or refresh, {@code ExpiringLifetimes},
 *       {@code RefreshingLifetimes} and {@code RefreshingExpiringLifetimes} (both {@code Refreshes}, with a
 *       {@code RefreshPeriod}).
 *   <li>{@code ExpiringCache}: the cache of an expiring build, a {@code BoundedCache} whose hooks remove expired
 *       entries; {@code TimerWheel} (the deadlines, by bucket), {@code Pacer} (the scheduler's runs) and
 *       {@code Expirations} (what a critical section reports after the lock).
 *   <li>{@code ValueStrength} and {@code ValueReferences}: weak and soft values; {@code KeyReferences}: the engine
 *       keys of a {@code weakKeys} cache, and the edge that translates the program's keys to them:
 *       {@code WeakKeysSettings}, {@code WeakKeysCache}, {@code WeakKeysLoadingCache}, {@code WeakKeysAsyncCache},
 *       {@code WeakKeysAsyncLoadingCache}, {@code WeakKeysMap} and {@code WeakKeysPolicy}.
 *   <li>{@code Invariants}: every named invariant, checked by the tests; {@code PolicyView} and
 *       {@code CacheMapView}: the views the API returns; {@code EvictionView}, {@code FixedExpirationView},
 *       {@code VarExpirationView} and {@code FixedRefreshView}: Caffeine's policy views.
 * </ul>
 *
 * <h2>Access modes</h2>
 * Shared fields follow one rule for how they are read and written, stated at each field:
 * <ul>
 *   <li><em>plain</em>: guarded by a lock, or confined to one thread, or a benign race said so at the field;
 *   <li><em>opaque</em> ({@code VarHandle.setOpaque}/{@code getOpaque}): a count with one writer, which holds the
 *       eviction lock, read without a lock by statistics; atomic and eventually visible, ordering nothing;
 *   <li><em>release/acquire</em>: publication of a node or value to lock-free readers;
 *   <li><em>volatile</em>: a flag or reference whose write must be seen in order with others (a linearization
 *       point);
 *   <li>atomic read-modify-write (CAS, exchange): only where two writers race, never on a hit.
 * </ul>
 */
package io.github.clockpro.engine;
