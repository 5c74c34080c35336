package io.github.clockpro.peers;

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
  public PeerCache<Long, Long> create(int maximumSize) {
    return create(PeerSettings.maximumSize(maximumSize));
  }

  /** Creates an empty cache as {@link #create(int)} does, with the expiry. */
  public PeerCache<Long, Long> create(int maximumSize, Expiration expiration) {
    return create(PeerSettings.maximumSize(maximumSize).withExpiration(expiration));
  }

  /** Creates an empty cache as {@link #create(int)} does, with the expiry and the bound. */
  public PeerCache<Long, Long> create(int maximumSize, Expiration expiration, Bound bound) {
    return create(PeerSettings.maximumSize(maximumSize).withExpiration(expiration).withBound(bound));
  }

  /**
   * Creates an empty cache of at most {@code maximumSize} entries for deterministic single-threaded replay
   * ({@link PeerSettings#forReplay()}).
   */
  public PeerCache<Long, Long> createForSimulation(int maximumSize) {
    return create(PeerSettings.maximumSize(maximumSize).forReplay());
  }

  /** Creates an empty cache as {@link #createForSimulation(int)} does, with the expiry. */
  public PeerCache<Long, Long> createForSimulation(int maximumSize, Expiration expiration) {
    return create(PeerSettings.maximumSize(maximumSize).withExpiration(expiration).forReplay());
  }

  /** Creates an empty cache as {@link #createForSimulation(int)} does, with the expiry and the bound. */
  public PeerCache<Long, Long> createForSimulation(int maximumSize, Expiration expiration, Bound bound) {
    return create(PeerSettings.maximumSize(maximumSize).withExpiration(expiration).withBound(bound).forReplay());
  }

  /**
   * Creates an empty cache with {@code Long} keys and values, as the settings say.
   *
   * @throws IllegalArgumentException if this implementation is a simulator comparator and the settings ask for
   *     anything but a bound on entries
   */
  public PeerCache<Long, Long> create(PeerSettings settings) {
    if (isLibrary()) {
      return createLibraryCache(settings);
    }
    if (settings.expires() || settings.bound() != Bound.SIZE || settings.ticker() != null) {
      throw new IllegalArgumentException(displayName + " has no expiry and no weights");
    }
    return switch (this) {
      case S3FIFO -> new S3FifoCache(settings.maximumSize());
      case SIEVE -> new SieveCache(settings.maximumSize());
      default -> new LruAdapter(settings.maximumSize());
    };
  }

  /**
   * Creates an empty cache of one of the libraries, with keys and values of any type, as the settings say.
   *
   * @throws IllegalArgumentException if this implementation is not one of {@link #CONCURRENT}, or if it is cache2k
   *     and the settings have a per-entry expiry or a ticker
   */
  public <K, V> LibraryCache<K, V> createLibraryCache(PeerSettings settings) {
    return switch (this) {
      case CLOCKPRO -> new ClockProAdapter<>(settings);
      case CAFFEINE -> new CaffeineAdapter<>(settings);
      case CACHE2K -> new Cache2kAdapter<>(settings);
      default -> throw new IllegalArgumentException(displayName + " is not a cache library's cache");
    };
  }

  /** Whether this is one of the libraries, {@link #CONCURRENT}, rather than a simulator comparator. */
  public boolean isLibrary() {
    return CONCURRENT.contains(this);
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
