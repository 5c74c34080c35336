package io.github.clockpro.peers;

import java.util.concurrent.ConcurrentMap;

/**
 * A cache library's cache (clockpro, Caffeine or cache2k): what every {@link PeerCache} does, and what only the
 * libraries offer: removing a key, a map view, and counting their eviction work.
 *
 * @param <K> the keys
 * @param <V> the values
 */
public interface LibraryCache<K, V> extends PeerCache<K, V> {

  /** Removes the key's entry, if any. */
  void invalidate(K key);

  /** Returns the library's map view of the cache, whose operations are the library's own. */
  ConcurrentMap<K, V> asMap();

  /**
   * Returns the eviction work the cache has counted since it was built, read from its own counters: for clockpro
   * its statistics, for cache2k its eviction's metrics, for Caffeine the eviction count of its statistics (0 unless
   * built {@link PeerSettings#recordingStats() recording statistics}), with no scans.
   */
  EvictionWork evictionWork();
}
