package io.github.clockpro.adversarial;

/**
 * A cache driven by the runner, seen through the few operations the patterns use. Each target is used from one
 * thread and for one run; {@link #close()} releases it.
 */
interface CacheTarget extends AutoCloseable {

  /** A stored value; the patterns care only about keys. */
  Object VALUE = Boolean.TRUE;

  /** Reads the key and, on a miss, puts it. Returns whether the read hit. */
  boolean get(Object key);

  void put(Object key);

  void invalidate(Object key);

  /** Moves the cache's ticker forward; a cache built without expiry ignores it. */
  void advance(long nanos);

  /** Whether the cache reports its eviction scans, so that {@link #scans()} is meaningful. */
  boolean reportsScans();

  /** The eviction work recorded so far; only the eviction count if the cache does not report scans. */
  ScanRecorder scans();

  /** A one-line check of the cache's own totals against {@link #scans()}; empty if they agree. */
  String crossCheck();

  @Override
  void close();
}
