package io.github.clockpro.jcache;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import javax.cache.management.CacheStatisticsMXBean;

/**
 * The JSR-107 statistics of one cache, counted by its {@link CacheProxy} as JSR-107 defines them (which differs
 * from the core's {@link io.github.clockpro.CacheStats}: a {@code put} of a present key, for example, is a put
 * here). Counting is off until {@link #enable enabled}; while off, the proxy does not read the clock for it.
 *
 * <p>Fields: the counters are {@link LongAdder}s, added to by any thread without a lock; {@link #enabled} is
 * volatile, written by the cache manager.
 */
final class JCacheStatisticsMXBean implements CacheStatisticsMXBean {

  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder puts = new LongAdder();
  private final LongAdder removals = new LongAdder();
  private final LongAdder evictions = new LongAdder();
  private final LongAdder getTimeNanos = new LongAdder();
  private final LongAdder putTimeNanos = new LongAdder();
  private final LongAdder removeTimeNanos = new LongAdder();
  private volatile boolean enabled;

  boolean isEnabled() {
    return enabled;
  }

  void enable(boolean enabled) {
    this.enabled = enabled;
  }

  /** The time to measure from, or 0 when counting is off. */
  long start() {
    return enabled ? System.nanoTime() : 0;
  }

  void recordHits(long count) {
    if (enabled) {
      hits.add(count);
    }
  }

  void recordMisses(long count) {
    if (enabled) {
      misses.add(count);
    }
  }

  /** Counts a lookup of one key: a hit if the key was {@code found}, a miss otherwise. */
  void recordLookup(boolean found) {
    if (found) {
      recordHits(1);
    } else {
      recordMisses(1);
    }
  }

  void recordPuts(long count) {
    if (enabled) {
      puts.add(count);
    }
  }

  void recordRemovals(long count) {
    if (enabled) {
      removals.add(count);
    }
  }

  void recordEvictions(long count) {
    if (enabled) {
      evictions.add(count);
    }
  }

  void recordGetTime(long start) {
    if (enabled && start != 0) {
      getTimeNanos.add(System.nanoTime() - start);
    }
  }

  void recordPutTime(long start) {
    if (enabled && start != 0) {
      putTimeNanos.add(System.nanoTime() - start);
    }
  }

  void recordRemoveTime(long start) {
    if (enabled && start != 0) {
      removeTimeNanos.add(System.nanoTime() - start);
    }
  }

  @Override
  public void clear() {
    hits.reset();
    misses.reset();
    puts.reset();
    removals.reset();
    evictions.reset();
    getTimeNanos.reset();
    putTimeNanos.reset();
    removeTimeNanos.reset();
  }

  @Override
  public long getCacheHits() {
    return hits.sum();
  }

  @Override
  public float getCacheHitPercentage() {
    long requests = getCacheGets();
    return requests == 0 ? 0 : 100f * getCacheHits() / requests;
  }

  @Override
  public long getCacheMisses() {
    return misses.sum();
  }

  @Override
  public float getCacheMissPercentage() {
    long requests = getCacheGets();
    return requests == 0 ? 0 : 100f * getCacheMisses() / requests;
  }

  @Override
  public long getCacheGets() {
    return getCacheHits() + getCacheMisses();
  }

  @Override
  public long getCachePuts() {
    return puts.sum();
  }

  @Override
  public long getCacheRemovals() {
    return removals.sum();
  }

  @Override
  public long getCacheEvictions() {
    return evictions.sum();
  }

  @Override
  public float getAverageGetTime() {
    return averageMicros(getTimeNanos.sum(), getCacheGets());
  }

  @Override
  public float getAveragePutTime() {
    return averageMicros(putTimeNanos.sum(), getCachePuts());
  }

  @Override
  public float getAverageRemoveTime() {
    return averageMicros(removeTimeNanos.sum(), getCacheRemovals());
  }

  private static float averageMicros(long totalNanos, long count) {
    return count == 0 ? 0 : (float) TimeUnit.NANOSECONDS.toMicros(totalNanos) / count;
  }
}
