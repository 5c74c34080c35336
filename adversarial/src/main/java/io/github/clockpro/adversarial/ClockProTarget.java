package io.github.clockpro.adversarial;

import io.github.clockpro.CacheBuilder;
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
 *
 * <p>With expiry, after every cache call (a read, and the put of a read-through miss, are two calls), the change
 * in {@code stats().expirationCount()} is the entries that call expired: at most the scan limit, since each call
 * runs at most one critical section that expires entries.
 */
final class ClockProTarget implements CacheTarget {

  private final ClockProCache<Object, Object> cache;
  private final ScanRecorder scans = new ScanRecorder();
  private final int scanLimit;
  private long observedAboveLimit;
  private long operationsEvictingSeveral;
  private long evictionsSeen;
  private long entriesExaminedSeen;
  private final ManualTicker ticker = new ManualTicker();
  private long expirationsSeen;
  private long mostExpiredInOneCall;
  private long expiredAboveLimit;

  ClockProTarget(int maximumSize, int scanLimit) {
    this(maximumSize, scanLimit, null);
  }

  ClockProTarget(int maximumSize, int scanLimit, PatternExpiry expiry) {
    CacheBuilder<Object, Object> builder = ClockProCache.builder()
        .maximumSize(maximumSize)
        .scanLimit(scanLimit)
        .initialCapacity(maximumSize);
    if (expiry != null) {
      builder = expiry.configure(builder.ticker(ticker));
    }
    this.cache = builder.build();
    this.scanLimit = cache.policy().scanLimit();
  }

  /** Records the entries the cache call that just ran expired, from the change in the statistics. */
  private void recordExpirations() {
    long expirations = cache.stats().expirationCount();
    long expired = expirations - expirationsSeen;
    expirationsSeen = expirations;
    mostExpiredInOneCall = Math.max(mostExpiredInOneCall, expired);
    if (expired > scanLimit) {
      expiredAboveLimit++;
    }
  }

  /** The entries expired so far. */
  long expirations() {
    return expirationsSeen;
  }

  /** The most entries one cache call expired. */
  long mostExpiredInOneCall() {
    return mostExpiredInOneCall;
  }

  /** The evictions for size: the statistics' evictions less the expirations they include, which scan nothing. */
  private static long evictionsForSize(CacheStats stats) {
    return stats.evictionCount() - stats.expirationCount();
  }

  /** Records the eviction work of the write that just ran, from the change in the statistics. */
  private void recordWrite() {
    CacheStats stats = cache.stats();
    long evicted = evictionsForSize(stats) - evictionsSeen;
    long examined = stats.scanCount() - entriesExaminedSeen;
    evictionsSeen = evictionsForSize(stats);
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

  /** The operations that examined more entries than the cache's limit, for eviction or for expiry. */
  long observedAboveLimit() {
    return observedAboveLimit + expiredAboveLimit;
  }

  @Override
  public boolean get(Object key) {
    boolean hit = cache.getIfPresent(key) != null;
    recordExpirations();
    if (hit) {
      return true;
    }
    cache.put(key, VALUE);
    recordWrite();
    recordExpirations();
    return false;
  }

  @Override
  public void put(Object key) {
    cache.put(key, VALUE);
    recordWrite();
    recordExpirations();
  }

  @Override
  public void invalidate(Object key) {
    cache.invalidate(key);
    recordExpirations();
  }

  @Override
  public void advance(long nanos) {
    ticker.advance(nanos);
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
        || withinLimit != evictionsForSize(stats)) {
      return "stats() says evictions for size=" + evictionsForSize(stats) + " max=" + stats.maxScanPerEviction()
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
