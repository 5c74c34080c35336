package io.github.clockpro.bench.paired;

import java.util.Locale;

/**
 * What a paired comparison measures: the shape of one of the JMH benchmarks, run by {@link BurstDriver}.
 *
 * @param kind {@code zipfian}: read-through with Zipfian keys over {@code factor x capacity} keys and a loader
 *     that burns {@code missCost} {@code Blackhole.consumeCPU} tokens, as ZipfianSequenceLoading; {@code hits}:
 *     reads of a cache prefilled with every key, Zipfian over {@code capacity} keys, as GetPut with
 *     readPercent=100
 * @param capacity the cache's maximum size
 * @param factor the key space over the capacity; 1 for {@code hits}
 * @param missCost the loader's cost in tokens; 0 for {@code hits}
 * @param threads the threads that run the workload at once
 */
public record PairedWorkload(String kind, int capacity, int factor, long missCost, int threads) {

  /** The read-through workload of the headline: ZipfianSequenceLoading. */
  public static final String ZIPFIAN = "zipfian";
  /** The 100%-hit workload of the headline: GetPut with readPercent=100. */
  public static final String HITS = "hits";

  /**
   * Checks the arguments.
   *
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public PairedWorkload {
    if (!kind.equals(ZIPFIAN) && !kind.equals(HITS)) {
      throw new IllegalArgumentException("kind must be zipfian or hits but was '" + kind + "'");
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
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be positive but was " + threads);
    }
  }

  /** The miss cost of the JMH benchmark ZipfianSequenceLoading, in tokens. */
  public static final long DEFAULT_MISS_COST = 1_000;

  /** The read-through workload with the JMH benchmark's miss cost, {@value #DEFAULT_MISS_COST} tokens. */
  public static PairedWorkload zipfian(int capacity, int factor, int threads) {
    return zipfian(capacity, factor, DEFAULT_MISS_COST, threads);
  }

  /**
   * The read-through workload with another miss cost: 0 leaves only the caches' own work and the key generator,
   * which shows how much of the default workload's time is the loader's.
   */
  public static PairedWorkload zipfian(int capacity, int factor, long missCost, int threads) {
    return new PairedWorkload(ZIPFIAN, capacity, factor, missCost, threads);
  }

  /** Reads that all hit. */
  public static PairedWorkload hits(int capacity, int threads) {
    return new PairedWorkload(HITS, capacity, 1, 0, threads);
  }

  /** Describes the workload in the terms of the JMH benchmark it follows. */
  public String describe() {
    return kind.equals(ZIPFIAN)
        ? String.format(Locale.ROOT, "ZipfianSequenceLoading capacity=%d factor=%d (miss cost %d tokens), %d threads",
            capacity, factor, missCost, threads)
        : String.format(Locale.ROOT, "GetPut capacity=%d readPercent=100, %d threads", capacity, threads);
  }
}
