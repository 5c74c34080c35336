package io.github.clockpro.redis;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.event.ClusterTopologyChangedEvent;
import io.lettuce.core.cluster.models.partitions.Partitions;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.RedisCodec;
import java.util.BitSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import reactor.core.Disposable;

/**
 * The routing of a near cache in front of a Redis Cluster: a key's read goes to the master that serves its slot in
 * the cluster connection's view of the topology ({@link StatefulRedisClusterConnection#getPartitions()}), over the
 * connection Lettuce itself uses for that master's slots ({@code getConnection(host, port)}), with tracking on.
 *
 * <p>Design. Tracking is per connection: Redis tracks the keys a connection read and sends their invalidations on
 * that connection (RESP3, no {@code REDIRECT}, as for one Redis: replies and invalidations of one node share one
 * socket, so a {@code PING}'s reply comes after every invalidation sent before it, and one loss covers both). The
 * reads that may fill are therefore sent here, on a node connection with tracking on, not through the cluster
 * connection, whose redirections could serve them from a node without tracking. A {@code MOVED} or {@code ASK}
 * reply means the view is behind the cluster: the read is repeated through the cluster connection (which follows
 * the redirection) and fills nothing. Slots leave a node in two ways. Migration deletes the keys on the source
 * (each deletion an invalidation). A change of ownership without migration (a failover, a forced
 * {@code CLUSTER SETSLOT}) may drop keys without an invalidation, so when the view says that a node no longer
 * serves a slot (a {@link ClusterTopologyChangedEvent}, or a {@code MOVED}), the entries that node's connection
 * filled in that slot are removed. A connection that Lettuce closes because its node left the topology is
 * forgotten at the next topology change.
 */
final class ClusterRouting<K, V> implements Routing<K, V> {

  private final StatefulRedisClusterConnection<K, V> connection;
  private final RedisCodec<K, V> codec;
  private final ClockProCache<K, V> cache;
  private final TrackedConnection.Owner<K, V> owner;

  /** The tracked connection of each node connection in use, by identity of Lettuce's node connection. */
  private final ConcurrentHashMap<StatefulRedisConnection<K, V>, TrackedConnection<K, V>> tracked =
      new ConcurrentHashMap<>();

  /** Held while turning tracking on for a new node connection, so that each gets one tracked connection. */
  private final ReentrantLock enabling = new ReentrantLock();

  /** The subscription to the client's topology events; set by {@link #start()}, disposed by {@link #close()}. */
  private volatile Disposable topologyEvents;

  /** Written once by {@link #close()}; read by {@link #track}. */
  private volatile boolean closed;

  ClusterRouting(StatefulRedisClusterConnection<K, V> connection, TrackedConnection.Owner<K, V> owner,
      ClockProCache<K, V> cache) {
    this.connection = connection;
    this.codec = connection.getCodec();
    this.owner = owner;
    this.cache = cache;
  }

  /** Turns tracking on for every master that serves slots now, and follows topology changes. */
  void start() {
    topologyEvents = connection.getResources().eventBus().get()
        .filter(ClusterTopologyChangedEvent.class::isInstance)
        .subscribe(event -> onTopologyChanged());
    try {
      for (RedisClusterNode node : connection.getPartitions()) {
        if (node.is(RedisClusterNode.NodeFlag.UPSTREAM) && !node.getSlots().isEmpty()) {
          track(node);
        }
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  @Override
  public int slotOf(K key) {
    return SlotHash.getSlot(codec.encodeKey(key));
  }

  @Override
  public TrackedConnection<K, V> connectionFor(int slot) {
    RedisClusterNode master = connection.getPartitions().getMasterBySlot(slot);
    return (master == null) ? null : track(master);
  }

  private TrackedConnection<K, V> track(RedisClusterNode master) {
    RedisURI uri = master.getUri();
    StatefulRedisConnection<K, V> nodeConnection = connection.getConnection(uri.getHost(), uri.getPort());
    TrackedConnection<K, V> known = tracked.get(nodeConnection);
    if (known != null) {
      return known;
    }
    enabling.lock();
    try {
      known = tracked.get(nodeConnection);
      if (known != null) {
        return known;
      }
      if (closed) {
        throw new IllegalStateException("this near cache is closed");
      }
      TrackedConnection<K, V> added = new TrackedConnection<>(nodeConnection, owner, address(uri));
      added.enable();
      tracked.put(nodeConnection, added);
      return added;
    } finally {
      enabling.unlock();
    }
  }

  private static String address(RedisURI uri) {
    return uri.getHost() + ":" + uri.getPort();
  }

  @Override
  public boolean redirected(TrackedConnection<K, V> through, int slot, RedisCommandExecutionException failure) {
    String message = String.valueOf(failure.getMessage());
    if (message.startsWith("MOVED")) {
      owner.flush(through, TrackedConnection.FlushCause.TOPOLOGY, moved -> moved == slot);
      return true;
    }
    return message.startsWith("ASK");
  }

  /** On a topology event: removes what each connection filled in slots its node no longer serves. */
  private void onTopologyChanged() {
    Partitions partitions = connection.getPartitions();
    for (TrackedConnection<K, V> node : tracked.values()) {
      owner.flush(node, TrackedConnection.FlushCause.TOPOLOGY, slot -> {
        RedisClusterNode master = partitions.getMasterBySlot(slot);
        return master == null || !address(master.getUri()).equals(node.toString());
      });
      if (node.isClosedForGood()) {
        tracked.remove(node.connection(), node);
        node.close();
      }
    }
  }

  @Override
  public V readUntracked(K key) {
    return connection.sync().get(key);
  }

  @Override
  public void set(K key, V value) {
    connection.sync().set(key, value);
  }

  @Override
  public void removeEntries(BitSet slots) {
    if (!slots.isEmpty()) {
      cache.asMap().keySet().removeIf(key -> slots.get(slotOf(key)));
    }
  }

  @Override
  public boolean isTracking() {
    if (closed || tracked.isEmpty()) {
      return false;
    }
    for (TrackedConnection<K, V> node : tracked.values()) {
      if (!node.isTracking() && !node.isClosedForGood()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void close() {
    enabling.lock();
    try {
      closed = true;
    } finally {
      enabling.unlock();
    }
    Disposable subscription = topologyEvents;
    if (subscription != null) {
      subscription.dispose();
    }
    tracked.values().forEach(TrackedConnection::close);
  }
}
