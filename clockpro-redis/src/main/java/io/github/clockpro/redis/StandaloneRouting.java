package io.github.clockpro.redis;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.BitSet;

/** The routing of a near cache in front of one Redis: every read through the one connection. */
final class StandaloneRouting<K, V> implements Routing<K, V> {

  private final TrackedConnection<K, V> connection;
  private final ClockProCache<K, V> cache;

  StandaloneRouting(StatefulRedisConnection<K, V> connection, TrackedConnection.Owner<K, V> owner,
      ClockProCache<K, V> cache) {
    this.connection = new TrackedConnection<>(connection, owner, "redis");
    this.cache = cache;
  }

  /** Turns tracking on; see {@link TrackedConnection#enable()}. */
  void start() {
    connection.enable();
  }

  @Override
  public int slotOf(K key) {
    return 0;
  }

  @Override
  public TrackedConnection<K, V> connectionFor(int slot) {
    return connection;
  }

  @Override
  public boolean redirected(TrackedConnection<K, V> through, int slot, RedisCommandExecutionException failure) {
    return false;
  }

  @Override
  public V readUntracked(K key) {
    return connection.commands().get(key);
  }

  @Override
  public void set(K key, V value) {
    connection.commands().set(key, value);
  }

  @Override
  public void removeEntries(BitSet slots) {
    cache.invalidateAll();
  }

  @Override
  public boolean isTracking() {
    return connection.isTracking();
  }

  @Override
  public void close() {
    connection.close();
  }
}
