package io.github.clockpro.adversarial;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;

/**
 * Drives a {@link ClockProCache}. Every eviction is reported by an {@link io.github.clockpro.EvictionObserver};
 * since a write evicts at most one entry, the work of one eviction is the work of one operation.
 *
 * <p>{@code stats()} and the observer both describe only inserts that evict (an insert into a cache with room may
 * still examine hot entries for a promotion; neither counts that bounded work). The cross-check requires equal
 * eviction counts, and statistics at least as large as the observer's sum and maximum, which they equal.
 */
final class ClockProTarget implements CacheTarget {

  private final ClockProCache<Object, Object> cache;
  private final ScanRecorder scans = new ScanRecorder();
  private long observedAboveLimit;

  ClockProTarget(int maximumSize, int maximumScanPerEviction) {
    this.cache = ClockProCache.builder()
        .maximumSize(maximumSize)
        .maximumScanPerEviction(maximumScanPerEviction)
        .initialCapacity(maximumSize)
        .build();
    int limit = cache.maximumScanPerEviction();
    cache.addEvictionObserver((entriesExamined, reachedLimit) -> {
      scans.recordOperation(entriesExamined, 1);
      if (entriesExamined > limit) {
        observedAboveLimit++;
      }
    });
  }

  ClockProCache<Object, Object> cache() {
    return cache;
  }

  /** The evictions whose observer call reported more entries examined than the cache's limit. */
  long observedAboveLimit() {
    return observedAboveLimit;
  }

  @Override
  public boolean get(Object key) {
    if (cache.getIfPresent(key) != null) {
      return true;
    }
    cache.put(key, VALUE);
    return false;
  }

  @Override
  public void put(Object key) {
    cache.put(key, VALUE);
  }

  @Override
  public void invalidate(Object key) {
    cache.invalidate(key);
  }

  @Override
  public boolean reportsScans() {
    return true;
  }

  @Override
  public ScanRecorder scans() {
    return scans;
  }

  @Override
  public String crossCheck() {
    CacheStats stats = cache.stats();
    if (stats.evictionCount() != scans.evictions() || stats.scanCount() < scans.entriesExamined()
        || stats.maxScanPerEviction() < scans.maximumExaminedInOneOperation()) {
      return "stats() says evictions=" + stats.evictionCount() + " scanned=" + stats.scanCount() + " max="
          + stats.maxScanPerEviction() + " but the observer saw evictions=" + scans.evictions() + " scanned="
          + scans.entriesExamined() + " max=" + scans.maximumExaminedInOneOperation();
    }
    return "";
  }

  @Override
  public void close() {
    cache.invalidateAll();
  }
}
