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
  private final ManualTicker ticker = new ManualTicker();

  /** With an expiring pattern's expiry, the same lifetimes or the same per-entry expiry, on a manual ticker. */
  CaffeineTarget(int maximumSize, PatternExpiry expiry) {
    Caffeine<Object, Object> builder = Caffeine.newBuilder()
        .maximumSize(maximumSize)
        .executor(Runnable::run)
        .recordStats();
    if (expiry != null) {
      builder.ticker(ticker::read);
      if (expiry.variable()) {
        builder.expireAfter(new com.github.benmanes.caffeine.cache.Expiry<Object, Object>() {
          @Override
          public long expireAfterCreate(Object key, Object value, long currentTime) {
            return PatternExpiry.CHURNING.expireAfterCreate(key, value, currentTime);
          }

          @Override
          public long expireAfterUpdate(Object key, Object value, long currentTime, long currentDuration) {
            return PatternExpiry.CHURNING.expireAfterUpdate(key, value, currentTime, currentDuration);
          }

          @Override
          public long expireAfterRead(Object key, Object value, long currentTime, long currentDuration) {
            return PatternExpiry.CHURNING.expireAfterRead(key, value, currentTime, currentDuration);
          }
        });
      } else {
        builder.expireAfterWrite(expiry.lifetime());
      }
    }
    this.cache = builder.build();
  }

  @Override
  public void advance(long nanos) {
    ticker.advance(nanos);
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
