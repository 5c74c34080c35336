package io.github.clockpro.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.StatefulRedisConnectionImpl;
import io.lettuce.core.TrackingArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.push.PushListener;
import io.lettuce.core.api.push.PushMessage;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import java.lang.System.Logger.Level;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

/**
 * One RESP3 connection with client tracking on, through which a {@link RedisNearCache} reads: for one Redis, the
 * connection given to {@link RedisNearCache#enable}; for a cluster, the connection to one master. It decides
 * whether a value read through it may enter the near cache, and tells the near cache what Redis invalidated.
 *
 * <p>Contract: a value read with a {@link FillToken} taken from this connection may be stored only by
 * {@link #storeIfCurrent}, which runs the store only if tracking has been on since before the token was taken and
 * nothing was flushed since. After a loss of the connection, {@code CLIENT TRACKING on} is sent again on each
 * reconnection; a failure is logged and retried after the client's reconnect delay for as long as the connection
 * stays up, so that a refusal does not silently end caching.
 */
final class TrackedConnection<K, V> {

  /*
   * Design
   *
   * State. `fillEpoch` counts the events after which values read earlier must not enter the near cache: every
   * flush (an invalidation without keys, a loss, a slot move) and every resumption of tracking. A fill token
   * carries the epoch current when it was taken; a store goes ahead only if the epoch is still the same and
   * tracking is on. Both are written under the write lock; a store runs under the read lock, so a store is
   * either wholly before a flush (whose removal of entries then sees it) or after it (and refused). Bumping
   * the epoch replaces the standalone design's clearing of the pending fills: tokens of old epochs stay in the
   * near cache's map until their readers remove them, and can store nothing.
   *
   * Resumption. `connectionGeneration` counts losses. A CLIENT TRACKING reply resumes fills only if no loss
   * came after the command was sent, checked under the write lock that the loss also takes: a reply that
   * arrives, then a loss, then the resumption would otherwise turn fills on for a connection whose new socket
   * has no tracking (values queued during the reconnection would then enter untracked).
   *
   * Covered slots. For a cluster, the slots of the values stored through this connection: what this
   * connection's invalidations cover, and so what a flush of this connection removes. Bits are set by stores
   * under the read lock (hence the synchronization on the set) and taken by flushes under the write lock.
   *
   * Threads. Push messages and connection events arrive on the connection's event loop; resumption runs there
   * or on the client's event executors (a retry). Nothing here blocks on I/O except enable(), on the caller.
   */

  private static final System.Logger LOGGER = System.getLogger(RedisNearCache.class.getName());

  private static final String INVALIDATE = "invalidate";

  /**
   * The connections with a near cache enabled, so that a second near cache on one connection is refused: closing
   * either would turn tracking off under the other, which would then fill values nobody invalidates. Connections
   * do not override {@code equals}, so this is by identity; weak, so a connection dropped unclosed is forgotten.
   * Added to by {@link #enable()}, removed from by its failure and by {@link #close()}, on callers' threads.
   */
  private static final Set<StatefulRedisConnection<?, ?>> ENABLED =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  /** What the connection reports to the near cache; called on the connection's event loop. */
  interface Owner<K, V> {

    /** Redis invalidated {@code key}. */
    void invalidate(K key);

    /**
     * Values read through {@code connection} in the slots that {@code slots} selects can no longer be trusted:
     * remove them (for a loss, also suspend fills until tracking is on again).
     */
    void flush(TrackedConnection<K, V> connection, FlushCause cause, IntPredicate slots);
  }

  /** Why a flush happened, counted apart in {@link NearCacheStats}. */
  enum FlushCause { SERVER, CONNECTION, TOPOLOGY }

  private final StatefulRedisConnection<K, V> connection;
  private final RedisCommands<K, V> commands;
  private final Owner<K, V> owner;
  private final String name;

  /** Guards {@link #fillEpoch}, {@link #tracking} and {@link #connectionGeneration} writes; see the design. */
  private final ReadWriteLock lock = new ReentrantReadWriteLock();

  /** Written under the write lock; read without it by {@link #newToken} (volatile) and under the read lock. */
  private volatile long fillEpoch;

  /** Written under the write lock; volatile for {@link #isTracking()}, which reads it without the lock. */
  private volatile boolean tracking;

  /** Written under the write lock (losses); read by resumptions on any thread, hence volatile. */
  private volatile long connectionGeneration;

  /** Written once by {@link #close()}; read by the event handlers. */
  private volatile boolean closed;

  /** The slots of values stored through this connection; guarded by its own monitor (see the design). */
  private final BitSet coveredSlots = new BitSet();

  private final PushListener pushListener = this::onPushMessage;
  private final RedisConnectionStateListener stateListener = new StateListener();

  TrackedConnection(StatefulRedisConnection<K, V> connection, Owner<K, V> owner, String name) {
    this.connection = connection;
    this.commands = connection.sync();
    this.owner = owner;
    this.name = name;
  }

  /**
   * Listens to the connection and turns tracking on, blocking for the reply; on failure stops listening and
   * rethrows.
   *
   * @throws IllegalStateException if another near cache, not closed, uses the connection
   */
  void enable() {
    requireResp3(connection);
    if (!ENABLED.add(connection)) {
      throw new IllegalStateException("connection " + name + " already has a near cache; close it first");
    }
    connection.addListener(pushListener);
    connection.addListener(stateListener);
    long generation = connectionGeneration;
    try {
      commands.clientTracking(TrackingArgs.Builder.enabled());
    } catch (RuntimeException e) {
      connection.removeListener(pushListener);
      connection.removeListener(stateListener);
      ENABLED.remove(connection);
      throw e;
    }
    resume(generation);
  }

  /**
   * Rejects a connection that does not speak RESP3, which carries the invalidation messages.
   *
   * @throws IllegalArgumentException if it does not
   */
  static void requireResp3(StatefulRedisConnection<?, ?> connection) {
    ProtocolVersion protocol = protocolVersion(connection);
    if (protocol != ProtocolVersion.RESP3) {
      throw new IllegalArgumentException("connection speaks " + protocol + ", but a near cache needs RESP3, which "
          + "carries the invalidation messages (set ClientOptions.protocolVersion(ProtocolVersion.RESP3))");
    }
  }

  private static ProtocolVersion protocolVersion(StatefulRedisConnection<?, ?> connection) {
    if (connection instanceof StatefulRedisConnectionImpl<?, ?> impl) {
      ProtocolVersion negotiated = impl.getConnectionState().getNegotiatedProtocolVersion();
      if (negotiated != null) {
        return negotiated;
      }
    }
    return connection.getOptions().getProtocolVersion();
  }

  RedisCommands<K, V> commands() {
    return commands;
  }

  StatefulRedisConnection<K, V> connection() {
    return connection;
  }

  /** A new token for a read about to be sent through this connection. */
  FillToken newToken() {
    return new FillToken(this, fillEpoch);
  }

  /** Whether a token taken now would match {@code token}: same connection, no flush since. */
  boolean isCurrent(FillToken token) {
    return token.connection() == this && token.epoch() == fillEpoch;
  }

  /**
   * Runs {@code store} under the read lock if tracking is on and no flush came since {@code token} was taken.
   *
   * @return whether {@code store} ran
   */
  boolean storeIfCurrent(FillToken token, Runnable store) {
    lock.readLock().lock();
    try {
      if (!tracking || token.epoch() != fillEpoch) {
        return false;
      }
      store.run();
      return true;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Marks {@code slot} as covered by this connection's invalidations; called by a store. */
  void cover(int slot) {
    synchronized (coveredSlots) {
      coveredSlots.set(slot);
    }
  }

  /** Whether a value stored through this connection may be in {@code slot}. */
  boolean covers(int slot) {
    synchronized (coveredSlots) {
      return coveredSlots.get(slot);
    }
  }

  /**
   * Refuses the stores of tokens taken so far and runs {@code removeEntries} under the write lock, with the
   * covered slots that {@code slots} selects, which are then no longer covered.
   */
  void flush(boolean stopTracking, IntPredicate slots, Consumer<BitSet> removeEntries) {
    lock.writeLock().lock();
    try {
      fillEpoch++;
      if (stopTracking) {
        tracking = false;
        connectionGeneration++;
      }
      BitSet taken = new BitSet();
      synchronized (coveredSlots) {
        for (int slot = coveredSlots.nextSetBit(0); slot >= 0; slot = coveredSlots.nextSetBit(slot + 1)) {
          if (slots.test(slot)) {
            taken.set(slot);
          }
        }
        coveredSlots.andNot(taken);
      }
      removeEntries.accept(taken);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Turns fills on if no loss came since {@code generation} was read (before the tracking command was sent).
   * Package-private for the test that replays a loss between the tracking reply and the resumption.
   *
   * @return whether fills were resumed
   */
  boolean resume(long generation) {
    lock.writeLock().lock();
    try {
      if (closed || generation != connectionGeneration) {
        return false;
      }
      fillEpoch++;
      tracking = true;
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The count of losses so far, read before sending a tracking command. */
  long connectionGeneration() {
    return connectionGeneration;
  }

  /** Whether values read through this connection now can enter the near cache. */
  boolean isTracking() {
    return tracking;
  }

  /** Whether Lettuce closed this connection for good (a node that left the cluster). */
  boolean isClosedForGood() {
    return connection instanceof RedisChannelHandler<?, ?> handler && handler.isClosed();
  }

  /** Stops listening and, if the connection is open, turns tracking off; the connection stays open. */
  void close() {
    closed = true;
    connection.removeListener(pushListener);
    connection.removeListener(stateListener);
    lock.writeLock().lock();
    try {
      tracking = false;
      fillEpoch++;
    } finally {
      lock.writeLock().unlock();
    }
    if (connection.isOpen()) {
      connection.async().clientTracking(TrackingArgs.Builder.enabled(false));
    }
    ENABLED.remove(connection);
  }

  private void onPushMessage(PushMessage message) {
    if (!INVALIDATE.equals(message.getType())) {
      return;
    }
    // The content is ["invalidate", [key, ...]], or ["invalidate", null] for a flush; keys come as raw bytes.
    Object keys = message.getContent().get(1);
    if (keys == null) {
      owner.flush(this, FlushCause.SERVER, slot -> true);
      return;
    }
    for (Object encoded : (List<?>) keys) {
      owner.invalidate(connection.getCodec().decodeKey(((ByteBuffer) encoded).duplicate()));
    }
  }

  private void onConnected() {
    if (!closed) {
      sendTracking(connectionGeneration, 0);
    }
  }

  /** Sends {@code CLIENT TRACKING on}; on failure, logs and retries while the connection stays the same. */
  private void sendTracking(long generation, int attempt) {
    if (closed || generation != connectionGeneration) {
      return;
    }
    connection.async().clientTracking(TrackingArgs.Builder.enabled()).whenComplete((reply, failure) -> {
      if (failure == null) {
        resume(generation);
      } else if (!closed && generation == connectionGeneration) {
        ClientResources resources = connection.getResources();
        Duration delay = resources.reconnectDelay().createDelay(attempt + 1L);
        LOGGER.log(Level.WARNING, () -> "near cache on " + name + ": CLIENT TRACKING on failed after a "
            + "reconnection, so nothing enters the near cache; retrying in " + delay.toMillis() + " ms: "
            + failure);
        resources.eventExecutorGroup().schedule(() -> sendTracking(generation, attempt + 1), delay.toNanos(),
            TimeUnit.NANOSECONDS);
      }
    });
  }

  @Override
  public String toString() {
    return name;
  }

  /** Follows the connection's losses and reconnections; called on its event loop. */
  private final class StateListener implements RedisConnectionStateListener {

    @Override
    public void onRedisConnected(RedisChannelHandler<?, ?> channelHandler, SocketAddress address) {
      onConnected();
    }

    @Override
    public void onRedisDisconnected(RedisChannelHandler<?, ?> channelHandler) {
      owner.flush(TrackedConnection.this, FlushCause.CONNECTION, slot -> true);
    }
  }
}
