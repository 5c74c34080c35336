package io.github.clockpro.bench.jmh;

import io.github.clockpro.CacheStats;
import io.github.clockpro.peers.ClockProAdapter;
import io.github.clockpro.peers.PeerCache;

/**
 * The evictions of a {@code ClockProCache} during one JMH iteration, the entries examined for them, and the
 * waits for its eviction lock, for the benchmarks' secondary results. Other implementations publish neither, so
 * for them every count stays 0.
 *
 * <p>The counts come from the cache's own statistics, which cover every thread; so exactly one benchmark thread
 * (thread index 0) reports them, and JMH's sum over threads is the cache's total. Confined to one thread.
 */
final class EvictionCounts {

  /** Ours, if this thread reports the counts; otherwise {@code null}. */
  private ClockProAdapter<Long, Long> cache;
  private CacheStats atStart;

  /** Starts a window, reported by this thread if {@code reporting} holds. */
  void start(PeerCache<Long, Long> peerCache, boolean reporting) {
    cache = reporting && peerCache instanceof ClockProAdapter<Long, Long> clockPro ? clockPro : null;
    atStart = cache == null ? null : cache.cache().stats();
  }

  /** Evictions for size since {@link #start}, or 0 for a thread that does not report. */
  long evictions() {
    if (cache == null) {
      return 0;
    }
    CacheStats since = cache.cache().stats().minus(atStart);
    return since.evictionCount() - since.expirationCount();
  }

  /** Entries examined for those evictions. */
  long entriesExamined() {
    return cache == null ? 0 : cache.cache().stats().scanCount() - atStart.scanCount();
  }

  /** Acquisitions of the eviction lock that found it held and waited. */
  long lockWaits() {
    return cache == null ? 0 : cache.cache().stats().lockWaitCount() - atStart.lockWaitCount();
  }

  /** The nanoseconds those acquisitions waited. */
  long lockWaitNanos() {
    return cache == null ? 0 : cache.cache().stats().totalLockWaitTime() - atStart.totalLockWaitTime();
  }
}
