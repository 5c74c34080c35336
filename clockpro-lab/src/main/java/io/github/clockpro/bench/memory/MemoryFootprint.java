package io.github.clockpro.bench.memory;

import io.github.clockpro.peers.Bound;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
import org.openjdk.jol.info.GraphLayout;

/**
 * Measures the heap a full cache retains with JOL's object-graph walk
 * ({@code GraphLayout.parseInstance(cache).totalSize()}).
 *
 * <p>Method: a cache of maximum size {@code n} receives {@code 2n} distinct {@code Long} keys, each with its own
 * {@code Long} value object, so that it is full and has evicted as many entries as it holds (history such as
 * CLOCK-Pro's history or Caffeine's frequency sketch is then populated). The walk counts everything
 * reachable from the cache object. Two things are subtracted: the retained size of an empty cache built the
 * same way, measured first and closed before the full one is built (it holds the fixed structures, and for
 * cache2k also the shared cache manager and executors that the walk reaches from any cache); and the resident
 * keys and values at their own measured size. What remains is the cache's overhead per entry.
 *
 * <p>Each implementation is built as for the simulator (Caffeine's maintenance on the calling thread), so that
 * the walk does not reach into a shared thread pool.
 */
public final class MemoryFootprint {

  /** Keys start above the range {@code Long.valueOf} caches, so that every key and value is its own object. */
  private static final long FIRST_KEY = 1_000;

  static {
    // JOL cannot ask Unsafe for the field offsets of hidden classes (Caffeine's lambdas); this setting makes
    // it compute them itself. It must be set before JOL's first use.
    if (System.getProperty("jol.magicFieldOffset") == null) {
      System.setProperty("jol.magicFieldOffset", "true");
    }
  }

  /**
   * The size of a small cache walked once before measuring. The walk from a cache2k cache reaches shared
   * objects (its cache manager, executors, class loaders), some of which JOL's own reflection populates on
   * first contact; walking a primer first settles them, so that the empty and the full cache see the same.
   */
  private static final int PRIMER_SIZE = 100;

  private MemoryFootprint() {}

  /**
   * Fills a cache and measures it.
   *
   * @param implementation the implementation
   * @param maximumSize the cache's maximum size, at least 1
   * @return the measurement
   */
  public static MemoryResult measure(Implementation implementation, int maximumSize) {
    return measure(implementation, maximumSize, Expiration.NONE);
  }

  /**
   * Fills a cache built with the expiry and measures it. The lifetime outlasts the measurement, so every entry
   * is live: the difference from the cache without expiry is what expiry costs per entry (deadlines, timer
   * links or queues).
   *
   * @param implementation the implementation
   * @param maximumSize the cache's maximum size, at least 1
   * @param expiration the expiry
   * @return the measurement
   */
  public static MemoryResult measure(Implementation implementation, int maximumSize, Expiration expiration) {
    return measure(implementation, maximumSize, expiration, Bound.SIZE);
  }

  /**
   * Fills a cache built with the expiry and the bound and measures it. Bounded by weight, every entry weighs 1
   * (see {@link Bound}), so the cache holds the same entries as one bounded by size: the difference is what
   * weights cost per entry.
   *
   * @param implementation the implementation
   * @param maximumSize the cache's maximum size, or maximum weight
   * @param expiration the expiry
   * @param bound by size or by weight
   * @return the measurement
   */
  public static MemoryResult measure(Implementation implementation, int maximumSize, Expiration expiration,
      Bound bound) {
    if (maximumSize < 1) {
      throw new IllegalArgumentException("maximumSize must be at least 1 but was " + maximumSize);
    }
    try (PeerCache<Long, Long> primer = implementation.createForSimulation(PRIMER_SIZE, expiration, bound)) {
      fill(primer, 2 * PRIMER_SIZE);
      GraphLayout.parseInstance(primer.unwrap());
    }
    long emptyBytes;
    try (PeerCache<Long, Long> empty = implementation.createForSimulation(maximumSize, expiration, bound)) {
      emptyBytes = GraphLayout.parseInstance(empty.unwrap()).totalSize();
    }
    try (PeerCache<Long, Long> cache = implementation.createForSimulation(maximumSize, expiration, bound)) {
      fill(cache, 2L * maximumSize);
      long resident = cache.size();
      long totalBytes = GraphLayout.parseInstance(cache.unwrap()).totalSize();
      long longBytes = GraphLayout.parseInstance(Long.valueOf(FIRST_KEY)).totalSize();
      return new MemoryResult(implementation, maximumSize, resident, totalBytes, emptyBytes,
          2 * longBytes * resident, expiration, bound);
    }
  }

  private static void fill(PeerCache<Long, Long> cache, long keys) {
    for (long key = FIRST_KEY; key < FIRST_KEY + keys; key++) {
      cache.put(Long.valueOf(key), Long.valueOf(key));
    }
  }
}
