package io.github.clockpro.redis;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.StatefulRedisConnectionImpl;
import io.lettuce.core.TrackingArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.push.PushListener;
import io.lettuce.core.api.push.PushMessage;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.support.caching.CacheFrontend;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

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
 * such entry. Not done yet: Redis Cluster, and the broadcasting and opt-in modes of tracking.
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
   * the token already there). Every invalidation of the key removes the key's token, inside
   * `pendingFills.compute`, together with removing the key from the near cache. The reader stores V inside
   * `pendingFills.compute` too, and only if the token it registered is still the current one, removing it. The
   * two computes on one key are serialized by the map's per-key locking, so either the invalidation comes
   * first (the token is gone, V is dropped) or the store comes first (the invalidation then removes V). Any
   * invalidation that can make V stale is for a change after the GET, so it arrives after the registration and
   * finds the token, whatever the order of reply and message. An invalidation sent before the GET ran may also
   * drop a fresh V; that costs a later miss, not coherence. Readers that joined one token share it: each sent
   * its GET after the registration, so each value is fresh when read; the first to store wins, the others
   * store nothing.
   *
   * Flushes and the connection. A flush (an invalidation message without keys) and a loss of the connection
   * must invalidate every fill in flight. They take `flushLock`'s write lock, clear `pendingFills` and empty the
   * cache; a reader stores only under the read lock, so a store is either wholly before the flush (and emptied
   * by it) or after (and its token is gone). After a reconnection, commands queued while disconnected may run
   * before CLIENT TRACKING is on again, so their values are not tracked: `tracking` is false from the loss until
   * the reply to the new CLIENT TRACKING on, no reader stores while it is false, and setting it true clears
   * `pendingFills` again under the write lock, so that only GETs sent after tracking resumed can fill.
   * `connectionGeneration` counts the losses; a tracking reply counts only for the generation that sent it.
   *
   * Threads. Invalidations, flushes and connection events run on the connection's event loop; they never
   * block on I/O there. Readers run on the callers' threads and hold the read lock only for one put. Hits take
   * no lock: they are the core's lock-free getIfPresent.
   */

  private static final String INVALIDATE = "invalidate";

  private final StatefulRedisConnection<K, V> connection;
  private final RedisCommands<K, V> commands;
  private final RedisCodec<K, V> codec;
  private final ClockProCache<K, V> cache;

  /**
   * The fill registered for each key with a read in flight. Readers add tokens (computeIfAbsent) and remove
   * their own; invalidations remove any, under the map's per-key lock; flushes clear it under the write lock of
   * {@link #flushLock}.
   */
  private final ConcurrentHashMap<K, FillToken> pendingFills = new ConcurrentHashMap<>();

  /** Read-locked by a reader storing a value; write-locked by a flush, a connection loss, a resumption. */
  private final ReadWriteLock flushLock = new ReentrantReadWriteLock();

  /**
   * Whether invalidations for values read now will arrive. Written under the write lock of {@link #flushLock}
   * (by the event loop, and by {@link #enable} and {@link #close}); read by storing readers under the read lock.
   * Volatile only for {@link #isTracking()}, which reads it without the lock.
   */
  private volatile boolean tracking;

  /** Whether {@link #close()} was called. Written once by it; read by every call, a volatile read. */
  private volatile boolean closed;

  /**
   * The number of connection losses seen. Written only by {@link #onConnectionLost} on the event loop; read by
   * the tracking reply's callback, possibly on the event loop of a later channel, hence volatile.
   */
  private volatile long connectionGeneration;

  /** Keys named by invalidation messages. Incremented on the event loop; read by {@link #stats()}. */
  private final AtomicLong invalidationCount = new AtomicLong();

  /** Invalidation messages without keys. Incremented on the event loop; read by {@link #stats()}. */
  private final AtomicLong serverFlushCount = new AtomicLong();

  /** Connection losses. Incremented on the event loop; read by {@link #stats()}. */
  private final AtomicLong connectionFlushCount = new AtomicLong();

  private final PushListener invalidationListener = this::onPushMessage;
  private final RedisConnectionStateListener connectionListener = new ConnectionListener();

  private RedisNearCache(StatefulRedisConnection<K, V> connection, ClockProCache<K, V> cache) {
    this.connection = connection;
    this.commands = connection.sync();
    this.codec = connection.getCodec();
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
   * @throws io.lettuce.core.RedisException if {@code CLIENT TRACKING on} fails (Redis refuses it, or the connection
   *     is down and rejects commands); nothing is then left listening on the connection
   */
  public static <K, V> RedisNearCache<K, V> enable(StatefulRedisConnection<K, V> connection,
      ClockProCache<K, V> cache) {
    requireNonNull(connection, "connection");
    requireNonNull(cache, "cache");
    ProtocolVersion protocol = protocolVersion(connection);
    if (protocol != ProtocolVersion.RESP3) {
      throw new IllegalArgumentException("connection speaks " + protocol + ", but a near cache needs RESP3, which "
          + "carries the invalidation messages (set ClientOptions.protocolVersion(ProtocolVersion.RESP3))");
    }
    RedisNearCache<K, V> nearCache = new RedisNearCache<>(connection, cache);
    connection.addListener(nearCache.invalidationListener);
    connection.addListener(nearCache.connectionListener);
    try {
      nearCache.commands.clientTracking(TrackingArgs.Builder.enabled());
    } catch (RuntimeException e) {
      connection.removeListener(nearCache.invalidationListener);
      connection.removeListener(nearCache.connectionListener);
      throw e;
    }
    nearCache.resumeFills();
    return nearCache;
  }

  private static ProtocolVersion protocolVersion(StatefulRedisConnection<?, ?> connection) {
    if (connection instanceof StatefulRedisConnectionImpl) {
      ProtocolVersion negotiated =
          ((StatefulRedisConnectionImpl<?, ?>) connection).getConnectionState().getNegotiatedProtocolVersion();
      if (negotiated != null) {
        return negotiated;
      }
    }
    return connection.getOptions().getProtocolVersion();
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
    commands.set(key, loaded);
    V stored = readThrough(key);
    return (stored != null) ? stored : loaded;
  }

  private V readThrough(K key) {
    FillToken token = pendingFills.computeIfAbsent(key, unused -> new FillToken());
    V value;
    try {
      value = commands.get(key);
    } catch (RuntimeException e) {
      pendingFills.remove(key, token);
      throw e;
    }
    if (value == null) {
      pendingFills.remove(key, token);
    } else {
      fill(key, token, value);
    }
    return value;
  }

  private void fill(K key, FillToken token, V value) {
    flushLock.readLock().lock();
    try {
      pendingFills.computeIfPresent(key, (unused, current) -> {
        if (current != token) {
          return current;
        }
        if (tracking) {
          cache.put(key, value);
        }
        return null;
      });
    } finally {
      flushLock.readLock().unlock();
    }
  }

  private void onPushMessage(PushMessage message) {
    if (!INVALIDATE.equals(message.getType())) {
      return;
    }
    // The content is ["invalidate", [key, ...]], or ["invalidate", null] for a flush; keys come as raw bytes.
    Object keys = message.getContent().get(1);
    if (keys == null) {
      serverFlushCount.incrementAndGet();
      flush();
      return;
    }
    for (Object encoded : (List<?>) keys) {
      K key = codec.decodeKey(((ByteBuffer) encoded).duplicate());
      invalidationCount.incrementAndGet();
      pendingFills.compute(key, (unused, token) -> {
        cache.invalidate(key);
        return null;
      });
    }
  }

  private void flush() {
    flushLock.writeLock().lock();
    try {
      pendingFills.clear();
      cache.invalidateAll();
    } finally {
      flushLock.writeLock().unlock();
    }
  }

  private void onConnectionLost() {
    connectionGeneration = connectionGeneration + 1;  // one writer: the event loop of the channel lost
    connectionFlushCount.incrementAndGet();
    flushLock.writeLock().lock();
    try {
      tracking = false;
      pendingFills.clear();
      cache.invalidateAll();
    } finally {
      flushLock.writeLock().unlock();
    }
  }

  private void onConnected() {
    long generation = connectionGeneration;
    connection.async().clientTracking(TrackingArgs.Builder.enabled()).whenComplete((reply, failure) -> {
      // On the event loop, ordered with onConnectionLost: a reply for an earlier generation counts for nothing.
      if (failure == null && generation == connectionGeneration && !closed) {
        resumeFills();
      }
    });
  }

  private void resumeFills() {
    flushLock.writeLock().lock();
    try {
      pendingFills.clear();
      cache.invalidateAll();
      tracking = !closed;
    } finally {
      flushLock.writeLock().unlock();
    }
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
    connection.removeListener(invalidationListener);
    connection.removeListener(connectionListener);
    flushLock.writeLock().lock();
    try {
      tracking = false;
      pendingFills.clear();
      cache.invalidateAll();
    } finally {
      flushLock.writeLock().unlock();
    }
    if (connection.isOpen()) {
      connection.async().clientTracking(TrackingArgs.Builder.enabled(false));
    }
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
    return new NearCacheStats(invalidationCount.get(), serverFlushCount.get(), connectionFlushCount.get());
  }

  /**
   * Returns whether values read now can enter the near cache: tracking is on for the current connection and
   * this frontend is open. False from a connection loss until tracking is on again after the reconnection.
   *
   * @return whether fills are accepted
   */
  public boolean isTracking() {
    return tracking;
  }

  /**
   * Returns the near cache, for its statistics and policy. Writing to it directly bypasses coherence.
   *
   * @return the cache given to {@link #enable}
   */
  public ClockProCache<K, V> cache() {
    return cache;
  }

  /** The identity of one registration of a fill; compared by reference. */
  private static final class FillToken {}

  /** Follows this connection's losses and reconnections; called on its event loop. */
  private final class ConnectionListener implements RedisConnectionStateListener {

    @Override
    public void onRedisConnected(RedisChannelHandler<?, ?> channelHandler, SocketAddress address) {
      onConnected();
    }

    @Override
    public void onRedisDisconnected(RedisChannelHandler<?, ?> channelHandler) {
      onConnectionLost();
    }
  }
}
