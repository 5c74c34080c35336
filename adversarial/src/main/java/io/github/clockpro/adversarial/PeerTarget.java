package io.github.clockpro.adversarial;

import io.github.clockpro.peers.EvictionWork;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.LibraryCache;
import io.github.clockpro.peers.PeerSettings;

/**
 * Drives a peer library's cache, Caffeine or cache2k, through its adapter in {@code clockpro-peers}.
 *
 * <p>Caffeine is built for replay, so that its maintenance runs on the calling thread and an operation's latency
 * includes the eviction work it caused; it counts no scans, so it is compared on hit rate and worst-operation
 * latency, with its eviction count from its statistics at the end of the run. cache2k is built as a new user
 * would, with only a capacity set; it counts its scans, so after every operation that may insert, the change in
 * its eviction work is the work of that operation, and {@link #crossCheck()} compares the totals with the counts
 * its {@code toString()} prints ({@link Cache2kStatistics}).
 */
final class PeerTarget implements CacheTarget {

  private final Implementation implementation;
  private final LibraryCache<Object, Object> cache;
  private final ManualTicker ticker = new ManualTicker();
  private final boolean scansCounted;
  private final ScanRecorder scans = new ScanRecorder();
  private EvictionWork recorded;

  /**
   * A target with the expiring pattern's expiry on a manual ticker, or without expiry if it is {@code null}.
   *
   * @throws IllegalArgumentException if the implementation does not run expiring patterns and {@code expiry} is
   *     not {@code null}
   */
  PeerTarget(Implementation implementation, int maximumSize, PatternExpiry expiry) {
    PeerSettings settings = PeerSettings.maximumSize(maximumSize);
    if (implementation == Implementation.CAFFEINE) {
      settings = settings.forReplay().recordingStats();
    }
    if (expiry != null) {
      if (!Caches.supportsExpiry(implementation)) {
        throw new IllegalArgumentException(implementation.displayName() + " does not run expiring patterns");
      }
      settings = expiry.configure(settings.withTicker(ticker));
    }
    this.implementation = implementation;
    this.cache = implementation.createLibraryCache(settings);
    this.recorded = cache.evictionWork();
    this.scansCounted = recorded.scansCounted();
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
    cache.invalidate(key);
  }

  /** Records the eviction work of the insert that just ran, if the cache counts its scans. */
  private void recordWork() {
    if (!scansCounted) {
      return;
    }
    EvictionWork current = cache.evictionWork();
    if (current.evictions() != recorded.evictions() || current.entriesExamined() != recorded.entriesExamined()) {
      scans.recordOperation(current.entriesExamined() - recorded.entriesExamined(),
          current.evictions() - recorded.evictions());
      recorded = current;
    }
  }

  @Override
  public boolean reportsScans() {
    return scansCounted;
  }

  @Override
  public ScanRecorder scans() {
    if (scansCounted) {
      return scans;
    }
    ScanRecorder evictionsOnly = new ScanRecorder();
    evictionsOnly.recordOperation(0, cache.evictionWork().evictions());
    return evictionsOnly;
  }

  @Override
  public String crossCheck() {
    if (implementation != Implementation.CACHE2K) {
      return "";
    }
    Cache2kStatistics statistics = Cache2kStatistics.parse(cache.unwrap().toString());
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
