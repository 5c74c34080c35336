package io.github.clockpro.adversarial;

import org.cache2k.Cache;
import org.cache2k.Cache2kBuilder;
import org.cache2k.core.api.InternalCache;
import org.cache2k.core.eviction.EvictionMetrics;

/**
 * Drives a cache2k cache built as a new user would, with only a capacity set.
 *
 * <p>cache2k publishes its eviction work in its {@code toString()} statistics ({@link Cache2kStatistics}), but
 * building that string checks the cache's integrity, which takes time linear in its size (about 0.1 s at a
 * million entries). So per operation this target reads the same two counters from the eviction's metrics
 * object, after every operation that may insert; {@link #crossCheck()} compares the totals with the parsed
 * {@code toString()} at the end of a run.
 */
final class Cache2kTarget implements CacheTarget {

  private final Cache<Object, Object> cache;
  private final ScanRecorder scans = new ScanRecorder();
  private final EvictionMetricsSource metrics;
  private long lastScanned;
  private long lastEvicted;

  /** Reads the eviction metrics; a fresh snapshot on every call. */
  private interface EvictionMetricsSource {
    EvictionMetrics current();
  }

  Cache2kTarget(int maximumSize) {
    this.cache = Cache2kBuilder.of(Object.class, Object.class)
        .entryCapacity(maximumSize)
        .build();
    InternalCache<?, ?> internal = cache.requestInterface(InternalCache.class);
    this.metrics = () -> internal.getEviction().getMetrics();
  }

  /** Nothing to move: cache2k runs only patterns without expiry. */
  @Override
  public void advance(long nanos) {}

  @Override
  public boolean get(Object key) {
    if (cache.peek(key) != null) {
      return true;
    }
    cache.put(key, VALUE);
    recordWork();
    return false;
  }

  @Override
  public void put(Object key) {
    cache.put(key, VALUE);
    recordWork();
  }

  @Override
  public void invalidate(Object key) {
    cache.remove(key);
  }

  private void recordWork() {
    EvictionMetrics current = metrics.current();
    long scanned = current.getScanCount();
    long evicted = current.getEvictedCount();
    if (evicted != lastEvicted || scanned != lastScanned) {
      scans.recordOperation(scanned - lastScanned, evicted - lastEvicted);
      lastScanned = scanned;
      lastEvicted = evicted;
    }
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
    Cache2kStatistics statistics = Cache2kStatistics.parse(cache.toString());
    if (statistics.evicted() != scans.evictions() || statistics.scanned() != scans.entriesExamined()) {
      return "toString() says evict=" + statistics.evicted() + " evictionScanCount=" + statistics.scanned()
          + " but the per-operation metrics summed to evicted=" + scans.evictions() + " scanned="
          + scans.entriesExamined();
    }
    return "";
  }

  @Override
  public void close() {
    cache.close();
  }
}
