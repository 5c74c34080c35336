package io.github.clockpro.redis;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.TrackedConnection.FlushCause;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.support.caching.CacheFrontend;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;

/**
 * A {@link ClockProCache} as the near cache in front of Redis, kept coherent by the server's invalidations (RESP3
 * {@code CLIENT TRACKING}). Enable it on a connection:
 *
 * <pre>{@code
 * ClockProCache<String, String> local = ClockProCache.builder().maximumSize(100_000).build();
 * CacheFrontend<String, String> users = RedisNearCache.enable(connection, local);
 * users.get("user:42");   // a local hit, or a Redis GET that fills the near cache
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #enable} turns client tracking on for the connection ({@code CLIENT TRACKING on}, default mode)
 *       and listens to its invalidation messages and its connection events. The connection must speak RESP3,
 *       which carries the invalidations on the connection itself. The near cache sends its {@code GET}s and
 *       {@code SET}s on the same connection; other commands may share it.
 *   <li><b>Coherence.</b> A value enters the near cache only from a {@code GET} sent after the near cache
 *       registered a fill for the key, and only if no invalidation of the key, no flush and no loss of the
 *       connection arrived between that registration and the storing of the value. Redis tracks a key for this
 *       connection from the {@code GET} on and sends an invalidation at the next change of the key (a write, a
 *       deletion, an expiry, an eviction, a flush), so every value the near cache holds either is Redis's current
 *       value or has an invalidation on its way. Once writes stop and the last invalidation has arrived, the near
 *       cache holds only values equal to Redis's. An invalidation message without keys (a flush) empties the near
 *       cache.
 *   <li><b>Staleness while connected.</b> A read may return a value that Redis has since replaced for at most
 *       the delivery time of one invalidation: from the write in Redis to this client's handling of the message.
 *   <li><b>Connection loss.</b> When the connection drops (or the server restarts) the near cache is emptied,
 *       since invalidations may have been lost, and takes no values until tracking is on again: on reconnection
 *       {@code CLIENT TRACKING on} is sent again, and only after its reply do fills resume. Reads while
 *       disconnected go to Redis, as the connection's {@link io.lettuce.core.ClientOptions} decide (by default
 *       they wait for the reconnection), and fill nothing.
 *   <li><b>Statistics.</b> Lookups go through {@link ClockProCache#getIfPresent}, so the cache's own
 *       {@link ClockProCache#stats()} counts the near cache's hits and misses, and fills through
 *       {@link ClockProCache#put}, counted as puts. {@link #stats()} counts the invalidations received and the
 *       flushes; {@link RedisNearCacheMetrics} publishes them to Micrometer.
 *   <li>A key that Redis does not hold is not cached: each read of it sends a {@code GET}.
 *   <li>Keys and values are never {@code null}: {@link #get(Object)} and {@link #get(Object, Callable)} throw
 *       {@link NullPointerException} naming the argument. After {@link #close()} they throw
 *       {@link IllegalStateException}.
 * </ul>
 * A value heavier than a weighted cache's whole maximum weight is returned but not kept, as the cache keeps no
 * such entry.
 *
 * <h2>Redis Cluster</h2>
 * {@link #enable(StatefulRedisClusterConnection, ClockProCache)} keeps one near cache coherent with a whole
 * cluster, under the same guarantee, with these differences:
 * <ul>
 *   <li>A read that misses goes to the master that serves the key's slot in the connection's view of the
 *       topology ({@link StatefulRedisClusterConnection#getPartitions()}), over the connection Lettuce uses for
 *       that master ({@code getConnection(host, port)}), on which tracking is turned on (for every master at
 *       {@code enable}, for a new master at its first read). Each node sends the invalidations for the keys read
 *       from it on that connection. Reads go to masters whatever the connection's {@code ReadFrom}.
 *   <li>A {@code MOVED} or {@code ASK} reply (the view is behind the cluster) repeats the read through the
 *       cluster connection, which follows the redirection; that value does not enter the near cache. Moving a
 *       slot's keys with {@code MIGRATE} deletes them on the source, which invalidates them.
 *   <li>When a node's connection is lost, or Redis flushes that node, or the view says a node no longer serves a
 *       slot (a topology refresh, or a {@code MOVED}), the entries read from that node (in those slots) are
 *       removed, and fills through a lost connection wait for tracking to be on again. Other nodes' entries
 *       stay.
 *   <li><b>Failover.</b> When a master fails, its connection is lost and its entries are removed at once. Reads
 *       of its slots then go where Lettuce's view says: to the failed master, waiting or failing as the
 *       {@code ClientOptions} decide, until a topology refresh names the promoted replica, whose connection gets
 *       tracking at its first read. After a manual failover ({@code CLUSTER FAILOVER}) the old master stays up
 *       as a replica and still sends invalidations for the writes it replicates; its entries are removed when
 *       the view changes. The near cache follows the view as promptly as the client refreshes it: keep
 *       {@code ClusterTopologyRefreshOptions}' adaptive triggers on (Lettuce 7's default), or refresh
 *       periodically. A change of slot ownership that drops keys without
 *       invalidating them (a failover that loses writes, a forced {@code CLUSTER SETSLOT}) may leave stale
 *       entries until the view changes; the guarantee above holds once writes stopped, the last invalidation
 *       arrived and the view is current.
 * </ul>
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class RedisNearCache<K, V> implements CacheFrontend<K, V> {

  /*
   * Design overview
   *
   * The race. A read that misses sends GET; the reply carries the value V current when Redis ran the GET, and
   * from then on Redis tracks the key for this connection: the next change of the key sends an invalidation
   * and stops tracking it. The reply completes on the connection's event loop, but the reading thread stores V
   * later. If the key changes in between, the invalidation is handled (on the event loop) before V is stored,
   * removes nothing, and V stays stale for good, because Redis, having sent its one invalidation, no longer
   * tracks the key. Storing V straight from `asMap().put`, as Lettuce's ClientSideCaching does, has this race.
   *
   * Fill tokens. Before sending GET, a reader registers a fill token for the key in `pendingFills` (or joins
   * the token already there, if it is for the same connection and still current). Every invalidation of the
   * key removes the key's token, inside `pendingFills.compute`, together with removing the key from the near
   * cache. The reader stores V inside `pendingFills.compute` too, and only if the token it registered is still
   * the current one, removing it. The two computes on one key are serialized by the map's per-key locking, so
   * either the invalidation comes first (the token is gone, V is dropped) or the store comes first (the
   * invalidation then removes V). Any invalidation that can make V stale is for a change after the GET, so it
   * arrives after the registration and finds the token, whatever the order of reply and message. An
   * invalidation sent before the GET ran may also drop a fresh V; that costs a later miss, not coherence.
   * Readers that joined one token share it: each sent its GET after the registration, so each value is fresh
   * when read; the first to store wins, the others store nothing.
   *
   * Flushes and the connection. A flush (an invalidation message without keys, a loss of the connection, a slot
   * the connection's node no longer serves) must invalidate every fill in flight through that connection. Each
   * TrackedConnection keeps a fill epoch, which a token records: a flush advances it under the connection's
   * write lock and removes the entries read through the connection, and a store runs under the read lock only
   * if its token's epoch is current, so a store is either wholly before the flush (and removed by it) or after
   * it (and refused). After a loss, fills wait until the reply to CLIENT TRACKING on for the new socket, which
   * advances the epoch again: commands queued while disconnected may run before tracking is on, and their
   * values must not enter. TrackedConnection's design comment has the details; Routing says which connection
   * serves a key (one for a single Redis, one per master for a cluster, ClusterRouting).
   *
   * Threads. Invalidations, flushes and connection events run on the connections' event loops; they never
   * block on I/O there. Readers run on the callers' threads and hold a read lock only for one put. Hits take
   * no lock: they are the core's lock-free getIfPresent. Lock order: a connection's lock, then a key's bin in
   * `pendingFills`, then the cache's own locks.
   */

  private final ClockProCache<K, V> cache;

  /** Set once by {@link #enable}, before the near cache is shared. */
  private Routing<K, V> routing;

  /**
   * The fill registered for each key with a read in flight. Readers add tokens and remove their own;
   * invalidations remove any, under the map's per-key lock. Tokens of a flushed epoch stay until their readers
   * remove them, and store nothing.
   */
  private final ConcurrentHashMap<K, FillToken> pendingFills = new ConcurrentHashMap<>();

  /** Whether {@link #close()} was called. Written once by it; read by every call, a volatile read. */
  private volatile boolean closed;

  /** Keys named by invalidation messages. Incremented on the event loops; read by {@link #stats()}. */
  private final AtomicLong invalidationCount = new AtomicLong();

  /** Invalidation messages without keys. Incremented on the event loops; read by {@link #stats()}. */
  private final AtomicLong serverFlushCount = new AtomicLong();

  /** Connection losses. Incremented on the event loops; read by {@link #stats()}. */
  private final AtomicLong connectionFlushCount = new AtomicLong();

  /** Flushes of slots a node no longer serves. Incremented by topology events and readers; read by stats. */
  private final AtomicLong topologyFlushCount = new AtomicLong();

  /** What the connections and the routing report to; kept off this class's public methods. */
  private final TrackedConnection.Owner<K, V> owner = new TrackedConnection.Owner<>() {
    @Override
    public void invalidate(K key) {
      onInvalidation(key);
    }

    @Override
    public void flush(TrackedConnection<K, V> connection, FlushCause cause, IntPredicate slots) {
      RedisNearCache.this.flush(connection, cause, slots);
    }
  };

  private RedisNearCache(ClockProCache<K, V> cache) {
    this.cache = cache;
  }

  /**
   * Turns client tracking on for the connection and returns a near cache that keeps {@code cache} coherent
   * with Redis. Blocks for the reply to {@code CLIENT TRACKING on}, then empties {@code cache}.
   *
   * @param connection an open RESP3 connection, not shared with another near cache
   * @param cache the near cache; used by this frontend alone from now on (values put in by others are not
   *     tracked)
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the frontend
   * @throws NullPointerException if {@code connection} or {@code cache} is null
   * @throws IllegalArgumentException if the connection does not speak RESP3
   * @throws IllegalStateException if another near cache, not closed, uses the connection
   * @throws io.lettuce.core.RedisException if {@code CLIENT TRACKING on} fails (Redis refuses it, or the connection
   *     is down and rejects commands); nothing is then left listening on the connection
   */
  public static <K, V> RedisNearCache<K, V> enable(StatefulRedisConnection<K, V> connection,
      ClockProCache<K, V> cache) {
    requireNonNull(connection, "connection");
    requireNonNull(cache, "cache");
    TrackedConnection.requireResp3(connection);
    RedisNearCache<K, V> nearCache = new RedisNearCache<>(cache);
    StandaloneRouting<K, V> routing = new StandaloneRouting<>(connection, nearCache.owner, cache);
    nearCache.routing = routing;
    routing.start();
    cache.invalidateAll();
    return nearCache;
  }

  /**
   * Turns client tracking on for the connection of every master of the cluster and returns a near cache that
   * keeps {@code cache} coherent with the cluster (see "Redis Cluster" above). Blocks for the replies to
   * {@code CLIENT TRACKING on}, then empties {@code cache}.
   *
   * @param connection an open cluster connection speaking RESP3, not shared with another near cache
   * @param cache the near cache; used by this frontend alone from now on
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the frontend
   * @throws NullPointerException if {@code connection} or {@code cache} is null
   * @throws IllegalArgumentException if a node connection does not speak RESP3
   * @throws IllegalStateException if another near cache, not closed, uses the connection
   * @throws io.lettuce.core.RedisException if {@code CLIENT TRACKING on} fails on a master; nothing is then left
   *     listening on the connections
   */
  public static <K, V> RedisNearCache<K, V> enable(StatefulRedisClusterConnection<K, V> connection,
      ClockProCache<K, V> cache) {
    requireNonNull(connection, "connection");
    requireNonNull(cache, "cache");
    RedisNearCache<K, V> nearCache = new RedisNearCache<>(cache);
    ClusterRouting<K, V> routing = new ClusterRouting<>(connection, nearCache.owner, cache);
    nearCache.routing = routing;
    routing.start();
    cache.invalidateAll();
    return nearCache;
  }

  /**
   * Returns the near cache's value for the key, or reads it from Redis with {@code GET} and stores it in the
   * near cache if no invalidation came meanwhile.
   *
   * @param key the key
   * @return the value, or {@code null} if Redis holds none
   * @throws NullPointerException if {@code key} is null
   * @throws IllegalStateException if this frontend is closed
   * @throws io.lettuce.core.RedisException if the {@code GET} fails
   */
  @Override
  public V get(K key) {
    requireNonNull(key, "key");
    checkOpen();
    V value = cache.getIfPresent(key);
    return (value != null) ? value : readThrough(key);
  }

  /**
   * Returns the value for the key as {@link #get(Object)} does; if Redis holds none, calls
   * {@code valueLoader}, writes its value to Redis with {@code SET}, and reads it back as {@link #get(Object)}
   * does, as Lettuce's {@code ClientSideCaching} does.
   *
   * @param key the key
   * @param valueLoader computes the value when Redis holds none; must not return {@code null}
   * @return the value
   * @throws NullPointerException if {@code key} or {@code valueLoader} is null
   * @throws IllegalStateException if this frontend is closed
   * @throws CacheFrontend.ValueRetrievalException if the loader throws or returns {@code null}
   */
  @Override
  public V get(K key, Callable<V> valueLoader) {
    requireNonNull(key, "key");
    requireNonNull(valueLoader, "valueLoader");
    checkOpen();
    V value = get(key);
    if (value != null) {
      return value;
    }
    V loaded;
    try {
      loaded = valueLoader.call();
    } catch (Exception e) {
      throw new ValueRetrievalException("valueLoader failed for key " + key, e);
    }
    if (loaded == null) {
      throw new ValueRetrievalException("valueLoader returned null for key " + key);
    }
    routing.set(key, loaded);
    V stored = readThrough(key);
    return (stored != null) ? stored : loaded;
  }

  private V readThrough(K key) {
    int slot = routing.slotOf(key);
    TrackedConnection<K, V> connection = routing.connectionFor(slot);
    if (connection == null) {
      return routing.readUntracked(key);
    }
    FillToken token = pendingFills.compute(key,
        (unused, current) -> (current != null && connection.isCurrent(current)) ? current : connection.newToken());
    V value;
    try {
      value = connection.commands().get(key);
    } catch (RedisCommandExecutionException e) {
      pendingFills.remove(key, token);
      if (routing.redirected(connection, slot, e)) {
        return routing.readUntracked(key);
      }
      throw e;
    } catch (RuntimeException e) {
      pendingFills.remove(key, token);
      throw e;
    }
    if (value == null) {
      pendingFills.remove(key, token);
    } else {
      fill(key, slot, connection, token, value);
    }
    return value;
  }

  private void fill(K key, int slot, TrackedConnection<K, V> connection, FillToken token, V value) {
    boolean stored = connection.storeIfCurrent(token, () -> pendingFills.computeIfPresent(key, (unused, current) -> {
      if (current != token) {
        return current;
      }
      connection.cover(slot);
      cache.put(key, value);
      return null;
    }));
    if (!stored) {
      pendingFills.remove(key, token);
    }
  }

  /**
   * Removes the key from the near cache and refuses the fills in flight for it, as an invalidation from Redis
   * does. For a writer that wants to read its own write before Redis's invalidation of the key arrives: call it
   * after the write completed in Redis; a read that follows then gets the new value.
   *
   * @param key the key
   * @throws NullPointerException if {@code key} is null
   */
  public void invalidate(K key) {
    requireNonNull(key, "key");
    pendingFills.compute(key, (unused, token) -> {
      cache.invalidate(key);
      return null;
    });
  }

  /** Called by a tracked connection when Redis invalidated the key; on its event loop. */
  private void onInvalidation(K key) {
    invalidationCount.incrementAndGet();
    invalidate(key);
  }

  /** Called by a tracked connection or the routing when the connection's values can no longer be trusted. */
  private void flush(TrackedConnection<K, V> connection, FlushCause cause, IntPredicate slots) {
    connection.flush(cause == FlushCause.CONNECTION, slots, taken -> {
      routing.removeEntries(taken);
      // Counted after the removal, so a reader who sees the count sees the entries gone.
      switch (cause) {
        case SERVER -> serverFlushCount.incrementAndGet();
        case CONNECTION -> connectionFlushCount.incrementAndGet();
        case TOPOLOGY -> {
          if (!taken.isEmpty()) {
            topologyFlushCount.incrementAndGet();
          }
        }
      }
    });
  }

  /**
   * Stops listening to the connection, turns client tracking off if the connection is open, and empties the
   * near cache. The connection stays open: it belongs to the caller. Idempotent.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    routing.close();
    cache.invalidateAll();
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("this near cache is closed");
    }
  }

  /**
   * Returns the counts of invalidations and flushes since {@link #enable}. Takes no lock.
   *
   * @return a snapshot of the counts
   */
  public NearCacheStats stats() {
    return new NearCacheStats(invalidationCount.get(), serverFlushCount.get(), connectionFlushCount.get(),
        topologyFlushCount.get());
  }

  /**
   * Returns whether values read now can enter the near cache: tracking is on for every connection in use and
   * this frontend is open. False from a connection loss until tracking is on again after the reconnection.
   *
   * @return whether fills are accepted
   */
  public boolean isTracking() {
    return !closed && routing.isTracking();
  }

  /**
   * Returns the near cache, for its statistics and policy. Writing to it directly bypasses coherence.
   *
   * @return the cache given to {@link #enable}
   */
  public ClockProCache<K, V> cache() {
    return cache;
  }
}
