package io.github.clockpro.bench.cache;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The cache implementations compared, by the name used on command lines and in JMH parameters. */
public enum Implementation {
  /** This project's {@code ClockProCache}. */
  CLOCKPRO("clockpro"),
  /** Caffeine 3 (W-TinyLFU). */
  CAFFEINE("caffeine"),
  /** cache2k 2 (Clock-Pro+). */
  CACHE2K("cache2k"),
  /** S3-FIFO (SOSP 2023), single-threaded: a comparator of the simulator. */
  S3FIFO("s3fifo"),
  /** SIEVE (NSDI 2024), single-threaded: a comparator of the simulator. */
  SIEVE("sieve"),
  /** A single-threaded {@code LinkedHashMap} in access order: the simulator's baseline. */
  LRU("lru");

  /** The implementations that are safe for concurrent use, in the order reports list them. */
  public static final List<Implementation> CONCURRENT = List.of(CLOCKPRO, CAFFEINE, CACHE2K);

  private final String displayName;

  Implementation(String displayName) {
    this.displayName = displayName;
  }

  /** Returns the lower-case name used on command lines, in JMH parameters and in reports. */
  public String displayName() {
    return displayName;
  }

  /** Creates an empty cache of at most {@code maximumSize} entries, as a concurrent application would use it. */
  public BenchmarkCache create(int maximumSize) {
    return create(maximumSize, Expiration.NONE, Bound.SIZE, false);
  }

  /** Creates an empty cache as {@link #create(int)} does, with the expiry. */
  public BenchmarkCache create(int maximumSize, Expiration expiration) {
    return create(maximumSize, expiration, Bound.SIZE, false);
  }

  /**
   * Creates an empty cache of at most {@code maximumSize} entries for deterministic single-threaded replay:
   * clockpro has a fixed seed, Caffeine runs its maintenance on the calling thread and cache2k evicts strictly.
   */
  public BenchmarkCache createForSimulation(int maximumSize) {
    return create(maximumSize, Expiration.NONE, Bound.SIZE, true);
  }

  /** Creates an empty cache as {@link #createForSimulation(int)} does, with the expiry. */
  public BenchmarkCache createForSimulation(int maximumSize, Expiration expiration) {
    return create(maximumSize, expiration, Bound.SIZE, true);
  }

  /** Creates an empty cache as {@link #createForSimulation(int)} does, with the expiry and the bound. */
  public BenchmarkCache createForSimulation(int maximumSize, Expiration expiration, Bound bound) {
    return create(maximumSize, expiration, bound, true);
  }

  /** Creates an empty cache as {@link #create(int)} does, with the expiry and the bound. */
  public BenchmarkCache create(int maximumSize, Expiration expiration, Bound bound) {
    return create(maximumSize, expiration, bound, false);
  }

  private BenchmarkCache create(int maximumSize, Expiration expiration, Bound bound, boolean simulation) {
    if (!CONCURRENT.contains(this) && (expiration != Expiration.NONE || bound != Bound.SIZE)) {
      throw new IllegalArgumentException(displayName + " has no expiry and no weights");
    }
    return switch (this) {
      case CLOCKPRO -> new ClockProAdapter(maximumSize, expiration, bound, simulation);
      case CAFFEINE -> new CaffeineAdapter(maximumSize, expiration, bound, simulation);
      case CACHE2K -> new Cache2kAdapter(maximumSize, expiration, bound, simulation);
      case S3FIFO -> new S3FifoCache(maximumSize);
      case SIEVE -> new SieveCache(maximumSize);
      case LRU -> new LruAdapter(maximumSize);
    };
  }

  /**
   * Returns the implementation with the given display name, case-insensitive.
   *
   * @throws IllegalArgumentException naming the valid choices if there is none with that name
   */
  public static Implementation named(String name) {
    String lowerCase = name.toLowerCase(Locale.ROOT);
    for (Implementation implementation : values()) {
      if (implementation.displayName.equals(lowerCase)) {
        return implementation;
      }
    }
    throw new IllegalArgumentException("unknown implementation '" + name + "'; expected one of "
        + Arrays.stream(values()).map(Implementation::displayName).collect(Collectors.joining(", ")));
  }
}
