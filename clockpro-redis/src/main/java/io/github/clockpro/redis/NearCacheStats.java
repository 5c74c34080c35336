package io.github.clockpro.redis;

/**
 * The counts of a {@link RedisNearCache} beside its cache's own statistics: the invalidations Redis sent and the
 * flushes of the whole near cache. Immutable; counts run from {@link RedisNearCache#enable}. The near cache's hits
 * and misses are in {@link io.github.clockpro.ClockProCache#stats()} of its cache.
 *
 * @param invalidationCount the keys invalidated by Redis's invalidation messages (one per key named, whether or
 *     not the near cache held it)
 * @param serverFlushCount the invalidation messages without keys (Redis flushed its keyspace), each of which
 *     emptied the near cache
 * @param connectionFlushCount the losses of the connection (a drop, a server restart), each of which emptied the
 *     near cache and suspended fills until tracking was on again
 */
public record NearCacheStats(long invalidationCount, long serverFlushCount, long connectionFlushCount) {

  /**
   * Checks the counts.
   *
   * @param invalidationCount the keys invalidated by Redis's invalidation messages
   * @param serverFlushCount the invalidation messages without keys
   * @param connectionFlushCount the losses of the connection
   * @throws IllegalArgumentException if a count is negative, naming it
   */
  public NearCacheStats {
    requireNotNegative(invalidationCount, "invalidationCount");
    requireNotNegative(serverFlushCount, "serverFlushCount");
    requireNotNegative(connectionFlushCount, "connectionFlushCount");
  }

  private static void requireNotNegative(long count, String name) {
    if (count < 0) {
      throw new IllegalArgumentException(name + " must not be negative: " + count);
    }
  }

  /**
   * Returns the flushes of the whole near cache, for either cause.
   *
   * @return {@link #serverFlushCount()} plus {@link #connectionFlushCount()}
   */
  public long flushCount() {
    return serverFlushCount + connectionFlushCount;
  }
}
