package io.github.clockpro.bench.paired;

import java.util.Locale;

/**
 * What a paired comparison measures: the shape of one of the JMH benchmarks, run by {@link BurstDriver}.
 *
 * @param kind {@code zipfian}: read-through with Zipfian keys over {@code factor x capacity} keys and a loader
 *     that burns {@code missCost} {@code Blackhole.consumeCPU} tokens, as ZipfianSequenceLoading; {@code hits}:
 *     reads of a cache prefilled with every key, Zipfian over {@code capacity} keys, as GetPut with
 *     readPercent=100; {@code random}: read-through with uniformly random keys over
 *     {@code capacity x 100 / hitRate} keys and a free loader, as RandomSequence
 * @param capacity the cache's maximum size
 * @param factor the key space over the capacity; 1 for {@code hits} and {@code random}
 * @param missCost the loader's cost in tokens; 0 for {@code hits} and {@code random}
 * @param hitRate for {@code random}, the hit rate in percent that sizes the key space (no policy can beat it on
 *     uniform keys); 100 for {@code zipfian} and {@code hits}, which do not use it
 * @param threads the threads that run the workload at once
 */
public record PairedWorkload(String kind, int capacity, int factor, long missCost, int hitRate, int threads) {

  /** The read-through workload of the headline: ZipfianSequenceLoading. */
  public static final String ZIPFIAN = "zipfian";
  /** The 100%-hit workload of the headline: GetPut with readPercent=100. */
  public static final String HITS = "hits";
  /** Read-through with uniformly random keys and a free loader: RandomSequence. */
  public static final String RANDOM = "random";

  /**
   * Checks the arguments.
   *
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public PairedWorkload {
    if (!kind.equals(ZIPFIAN) && !kind.equals(HITS) && !kind.equals(RANDOM)) {
      throw new IllegalArgumentException("kind must be zipfian, hits or random but was '" + kind + "'");
    }
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive but was " + capacity);
    }
    if (factor < 1) {
      throw new IllegalArgumentException("factor must be positive but was " + factor);
    }
    if (missCost < 0) {
      throw new IllegalArgumentException("missCost must not be negative but was " + missCost);
    }
    if (hitRate < 1 || hitRate > 100) {
      throw new IllegalArgumentException("hitRate must be between 1 and 100 but was " + hitRate);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be positive but was " + threads);
    }
  }

  /** The miss cost of the JMH benchmark ZipfianSequenceLoading, in tokens. */
  public static final long DEFAULT_MISS_COST = 1_000;

  /** The hit rate of RandomSequence's first configuration, in percent. */
  public static final int DEFAULT_HIT_RATE = 50;

  /** The read-through workload with the JMH benchmark's miss cost, {@value #DEFAULT_MISS_COST} tokens. */
  public static PairedWorkload zipfian(int capacity, int factor, int threads) {
    return zipfian(capacity, factor, DEFAULT_MISS_COST, threads);
  }

  /**
   * The read-through workload with another miss cost: 0 leaves only the caches' own work and the key generator,
   * which shows how much of the default workload's time is the loader's.
   */
  public static PairedWorkload zipfian(int capacity, int factor, long missCost, int threads) {
    return new PairedWorkload(ZIPFIAN, capacity, factor, missCost, 100, threads);
  }

  /** Reads that all hit. */
  public static PairedWorkload hits(int capacity, int threads) {
    return new PairedWorkload(HITS, capacity, 1, 0, 100, threads);
  }

  /**
   * Read-through with uniformly random keys over {@code capacity x 100 / hitRate} keys and a loader that costs
   * nothing, so that the caches' own work on a miss, an eviction every time, is most of what is measured.
   */
  public static PairedWorkload random(int capacity, int hitRate, int threads) {
    return new PairedWorkload(RANDOM, capacity, 1, 0, hitRate, threads);
  }

  /** The number of keys the workload draws from: its benchmark's key space. */
  public long keyCount() {
    return switch (kind) {
      case ZIPFIAN -> (long) capacity * factor;
      case RANDOM -> capacity * 100L / hitRate;
      default -> capacity;
    };
  }

  /** Describes the workload in the terms of the JMH benchmark it follows. */
  public String describe() {
    return switch (kind) {
      case ZIPFIAN -> String.format(Locale.ROOT,
          "ZipfianSequenceLoading capacity=%d factor=%d (miss cost %d tokens), %d threads",
          capacity, factor, missCost, threads);
      case HITS -> String.format(Locale.ROOT, "GetPut capacity=%d readPercent=100, %d threads", capacity, threads);
      default -> String.format(Locale.ROOT, "RandomSequence capacity=%d hitRate=%d, %d threads",
          capacity, hitRate, threads);
    };
  }
}
