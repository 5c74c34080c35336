package io.github.clockpro.adversarial;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * Drives a Caffeine cache. Caffeine's W-TinyLFU evicts from the ends of queues and reports no scan counts, so it
 * is compared on hit rate and worst-operation latency; its eviction count comes from its statistics. Its maintenance runs on the calling thread, so that an
 * operation's latency includes the eviction work it caused.
 */
final class CaffeineTarget implements CacheTarget {

  private final Cache<Object, Object> cache;

  CaffeineTarget(int maximumSize) {
    this.cache = Caffeine.newBuilder()
        .maximumSize(maximumSize)
        .executor(Runnable::run)
        .recordStats()
        .build();
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
    return false;
  }

  @Override
  public ScanRecorder scans() {
    ScanRecorder evictionsOnly = new ScanRecorder();
    evictionsOnly.recordOperation(0, cache.stats().evictionCount());
    return evictionsOnly;
  }

  @Override
  public String crossCheck() {
    return "";
  }

  @Override
  public void close() {
    cache.invalidateAll();
    cache.cleanUp();
  }
}
