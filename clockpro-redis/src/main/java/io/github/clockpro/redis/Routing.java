package io.github.clockpro.redis;

import io.lettuce.core.RedisCommandExecutionException;
import java.util.BitSet;

/**
 * Where a {@link RedisNearCache} sends a key's reads: to its one connection for a single Redis
 * ({@link StandaloneRouting}), or to the connection of the master that serves the key's slot for a cluster
 * ({@link ClusterRouting}). Called by the near cache's readers and by its flushes.
 */
interface Routing<K, V> {

  /** The key's hash slot, 0 for a single Redis. */
  int slotOf(K key);

  /** The tracked connection that serves {@code slot} now, or {@code null} if none does (a slot not covered). */
  TrackedConnection<K, V> connectionFor(int slot);

  /**
   * Whether {@code failure} of a read of {@code slot} through {@code connection} is a redirection ({@code MOVED},
   * {@code ASK}): the read is then repeated by {@link #readUntracked}. A {@code MOVED} also flushes what that
   * connection covered of the slot.
   */
  boolean redirected(TrackedConnection<K, V> connection, int slot, RedisCommandExecutionException failure);

  /** Reads the key in a way that follows redirections; the value does not enter the near cache. */
  V readUntracked(K key);

  /** Writes the value to Redis. */
  void set(K key, V value);

  /** Removes the near cache's entries in {@code slots}; for a single Redis, all of them. */
  void removeEntries(BitSet slots);

  /** Whether every connection in use accepts fills. */
  boolean isTracking();

  /** Stops listening and turns tracking off; the connections stay open. */
  void close();
}
