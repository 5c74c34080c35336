package io.github.clockpro.redis;

/**
 * The counts of a {@link RedisNearCache} beside its cache's own statistics: the invalidations Redis sent and the
 * flushes, each of which removed what one connection's invalidations covered (the whole near cache in front of
 * one Redis; one node's entries for a cluster). Immutable; counts run from {@link RedisNearCache#enable}. The near cache's hits
 * and misses are in {@link io.github.clockpro.ClockProCache#stats()} of its cache.
 *
 * @param invalidationCount the keys invalidated by Redis's invalidation messages (one per key named, whether or
 *     not the near cache held it)
 * @param serverFlushCount the invalidation messages without keys (Redis, or one cluster node, flushed its
 *     keyspace), each of which removed the entries read from that server
 * @param connectionFlushCount the losses of a connection (a drop, a server restart), each of which removed the
 *     entries read through it and suspended its fills until tracking was on again
 * @param topologyFlushCount for a cluster, the times entries were removed because the node they were read from
 *     no longer serves their slot (a topology change, a {@code MOVED} reply); 0 for one Redis
 */
public record NearCacheStats(long invalidationCount, long serverFlushCount, long connectionFlushCount,
    long topologyFlushCount) {

  /**
   * Checks the counts.
   *
   * @param invalidationCount the keys invalidated by Redis's invalidation messages
   * @param serverFlushCount the invalidation messages without keys
   * @param connectionFlushCount the losses of a connection
   * @param topologyFlushCount the removals for slots a node no longer serves
   * @throws IllegalArgumentException if a count is negative, naming it
   */
  public NearCacheStats {
    requireNotNegative(invalidationCount, "invalidationCount");
    requireNotNegative(serverFlushCount, "serverFlushCount");
    requireNotNegative(connectionFlushCount, "connectionFlushCount");
    requireNotNegative(topologyFlushCount, "topologyFlushCount");
  }

  private static void requireNotNegative(long count, String name) {
    if (count < 0) {
      throw new IllegalArgumentException(name + " must not be negative: " + count);
    }
  }

  /**
   * Returns the flushes, for any cause.
   *
   * @return {@link #serverFlushCount()} plus {@link #connectionFlushCount()} plus {@link #topologyFlushCount()}
   */
  public long flushCount() {
    return serverFlushCount + connectionFlushCount + topologyFlushCount;
  }
}
