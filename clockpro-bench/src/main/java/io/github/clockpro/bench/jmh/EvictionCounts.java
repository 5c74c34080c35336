package io.github.clockpro.bench.jmh;

import io.github.clockpro.CacheStats;
import io.github.clockpro.bench.cache.BenchmarkCache;
import io.github.clockpro.bench.cache.ClockProAdapter;

/**
 * The evictions of a {@code ClockProCache} during one JMH iteration, the entries examined for them, and the
 * waits for its eviction lock, for the benchmarks' secondary results. Other implementations publish neither, so
 * for them every count stays 0.
 *
 * <p>The counts come from the cache's own statistics, which cover every thread; so exactly one benchmark thread
 * (thread index 0) reports them, and JMH's sum over threads is the cache's total. Confined to one thread.
 */
final class EvictionCounts {

  private ClockProAdapter cache;
  private long evictionsAtStart;
  private long entriesExaminedAtStart;
  private long lockWaitsAtStart;
  private long lockWaitTimeAtStart;

  /**
   * Starts a window.
   *
   * @param benchmarkCache the cache under test
   * @param reporting whether this thread reports the counts
   */
  void start(BenchmarkCache benchmarkCache, boolean reporting) {
    cache = reporting && benchmarkCache instanceof ClockProAdapter clockPro ? clockPro : null;
    if (cache != null) {
      CacheStats stats = cache.cache().stats();
      evictionsAtStart = stats.evictionCount();
      entriesExaminedAtStart = stats.scanCount();
      lockWaitsAtStart = stats.lockWaitCount();
      lockWaitTimeAtStart = stats.totalLockWaitTime();
    }
  }

  /** Returns the evictions since {@link #start}, or 0 for a thread that does not report. */
  long evictions() {
    return cache == null ? 0 : cache.cache().stats().evictionCount() - evictionsAtStart;
  }

  /** Returns the entries examined since {@link #start}, or 0 for a thread that does not report. */
  long entriesExamined() {
    return cache == null ? 0 : cache.cache().stats().scanCount() - entriesExaminedAtStart;
  }

  /**
   * Returns the acquisitions of the eviction lock that waited since {@link #start}, or 0 for a thread that does
   * not report.
   */
  long lockWaits() {
    return cache == null ? 0 : cache.cache().stats().lockWaitCount() - lockWaitsAtStart;
  }

  /** Returns the nanoseconds those acquisitions waited, or 0 for a thread that does not report. */
  long lockWaitNanos() {
    return cache == null ? 0 : cache.cache().stats().totalLockWaitTime() - lockWaitTimeAtStart;
  }
}
