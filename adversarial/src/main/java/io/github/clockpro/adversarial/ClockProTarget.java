package io.github.clockpro.adversarial;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;

/**
 * Drives a {@link ClockProCache}. After every write, the difference in {@code stats()}' eviction and scan counts
 * is the work of that operation; since a write evicts at most one entry, it is also the work of one eviction.
 *
 * <p>The statistics describe only inserts that evict (an insert into a cache with room may still examine hot
 * entries for a promotion; that bounded work is not counted). The cross-check requires that no operation evicted
 * more than one entry, that the longest scan the statistics report is the longest seen per operation, and that
 * the scan-length counts of {@code policy()} put every eviction at or below the scan limit.
 */
final class ClockProTarget implements CacheTarget {

  private final ClockProCache<Object, Object> cache;
  private final ScanRecorder scans = new ScanRecorder();
  private final int scanLimit;
  private long observedAboveLimit;
  private long operationsEvictingSeveral;
  private long evictionsSeen;
  private long entriesExaminedSeen;

  ClockProTarget(int maximumSize, int scanLimit) {
    this.cache = ClockProCache.builder()
        .maximumSize(maximumSize)
        .scanLimit(scanLimit)
        .initialCapacity(maximumSize)
        .build();
    this.scanLimit = cache.policy().scanLimit();
  }

  /** Records the eviction work of the write that just ran, from the change in the statistics. */
  private void recordWrite() {
    CacheStats stats = cache.stats();
    long evicted = stats.evictionCount() - evictionsSeen;
    long examined = stats.scanCount() - entriesExaminedSeen;
    evictionsSeen = stats.evictionCount();
    entriesExaminedSeen = stats.scanCount();
    if (evicted == 0) {
      return;
    }
    scans.recordOperation(examined, evicted);
    if (evicted > 1) {
      operationsEvictingSeveral++;
    }
    if (examined > scanLimit) {
      observedAboveLimit++;
    }
  }

  ClockProCache<Object, Object> cache() {
    return cache;
  }

  /** The operations that examined more entries than the cache's limit. */
  long observedAboveLimit() {
    return observedAboveLimit;
  }

  @Override
  public boolean get(Object key) {
    if (cache.getIfPresent(key) != null) {
      return true;
    }
    cache.put(key, VALUE);
    recordWrite();
    return false;
  }

  @Override
  public void put(Object key) {
    cache.put(key, VALUE);
    recordWrite();
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
    long withinLimit = cache.policy().evictionCountAtMost(scanLimit);
    if (operationsEvictingSeveral > 0 || stats.maxScanPerEviction() != scans.maximumExaminedInOneOperation()
        || withinLimit != stats.evictionCount()) {
      return "stats() says evictions=" + stats.evictionCount() + " max=" + stats.maxScanPerEviction()
          + ", policy() counts " + withinLimit + " evictions within the limit, but per operation the runner saw max="
          + scans.maximumExaminedInOneOperation() + " and " + operationsEvictingSeveral
          + " operations evicting more than one entry";
    }
    return "";
  }

  @Override
  public void close() {
    cache.invalidateAll();
  }
}
