package io.github.clockpro.offheap;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Ticker;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Configures and creates an {@link OffHeapCache}; obtained from {@link OffHeapCache#builder}. As for the core
 * {@link CacheBuilder}: each setting may be made once (a second call throws {@link IllegalStateException}), a value
 * out of range throws {@link IllegalArgumentException} naming it, a null argument throws
 * {@link NullPointerException} naming it, before the builder changes; at most one kind of expiry may be chosen.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class OffHeapCacheBuilder<K, V> {

  /** The smallest {@link #maximumBytes}: one segment that holds a few entries. */
  public static final long MINIMUM_BYTES = 4096;

  private static final long UNSET = -1;

  private final Serializer<K> keys;
  private final Serializer<V> values;
  private long maximumBytes = UNSET;
  private Path directory;
  private long expireAfterWriteNanos = UNSET;
  private long expireAfterAccessNanos = UNSET;
  private Expiry<? super K, ? super V> expiry;
  private int scanLimit = (int) UNSET;
  private Ticker ticker;
  private RemovalListener<? super K, ? super V> removalListener;

  OffHeapCacheBuilder(Serializer<K> keys, Serializer<V> values) {
    this.keys = requireNonNull(keys, "keys");
    this.values = requireNonNull(values, "values");
  }

  /**
   * Sets the most bytes the entries take: their serialized keys and values and a header of 15 bytes each (23 with
   * expiry). Required. The cache splits it into segments of equal size, up to 64 of them and none above 1 GiB; an
   * entry larger than half a segment is never stored.
   *
   * @param maximumBytes at least {@value #MINIMUM_BYTES} and at most the machine's physical memory
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> maximumBytes(long maximumBytes) {
    requireUnset(this.maximumBytes == UNSET, "maximumBytes");
    if (maximumBytes < MINIMUM_BYTES) {
      throw new IllegalArgumentException("maximumBytes must be at least " + MINIMUM_BYTES + " but was " + maximumBytes);
    }
    long physical = physicalMemory();
    if (maximumBytes > physical) {
      throw new IllegalArgumentException("maximumBytes " + maximumBytes + " is more than this machine's physical"
          + " memory of " + physical + " bytes");
    }
    this.maximumBytes = maximumBytes;
    return this;
  }

  /**
   * Keeps the entries in files of this directory (created if missing), so that a cache built later on the same
   * directory with the same {@link #maximumBytes} serves them again. See {@code docs/offheap.md}, "Persistence",
   * for what a crash loses.
   *
   * @param directory the directory; one cache at a time may use it
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> persistTo(Path directory) {
    requireUnset(this.directory == null, "persistTo");
    this.directory = requireNonNull(directory, "directory");
    return this;
  }

  /**
   * Expires each entry the duration after its latest write, as {@link CacheBuilder#expireAfterWrite}.
   *
   * @param duration positive
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> expireAfterWrite(Duration duration) {
    requireNoExpiry("expireAfterWrite");
    expireAfterWriteNanos = positiveNanos(duration, "expireAfterWrite");
    return this;
  }

  /**
   * Expires each entry the duration after its latest read or write, as {@link CacheBuilder#expireAfterAccess}.
   * Reads of such a cache take the segment's shared lock to record the access.
   *
   * @param duration positive
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> expireAfterAccess(Duration duration) {
    requireNoExpiry("expireAfterAccess");
    expireAfterAccessNanos = positiveNanos(duration, "expireAfterAccess");
    return this;
  }

  /**
   * Lets the expiry decide each entry's lifetime, as {@link CacheBuilder#expireAfter}. The expiry's methods are
   * given the deserialized key and value.
   *
   * @param expiry the expiry
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> expireAfter(Expiry<? super K, ? super V> expiry) {
    requireNonNull(expiry, "expiry");
    requireNoExpiry("expireAfter");
    this.expiry = expiry;
    return this;
  }

  /**
   * Sets the most entries an operation examines, moves or frees to make room, as {@link CacheBuilder#scanLimit};
   * defaults to {@link CacheBuilder#DEFAULT_SCAN_LIMIT}.
   *
   * @param scanLimit at least 2
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> scanLimit(int scanLimit) {
    requireUnset(this.scanLimit == UNSET, "scanLimit");
    if (scanLimit < 2) {
      throw new IllegalArgumentException("scanLimit must be at least 2 but was " + scanLimit);
    }
    this.scanLimit = scanLimit;
    return this;
  }

  /**
   * Sets the source of time for expiry; defaults to {@link Ticker#systemTicker()}.
   *
   * @param ticker the ticker
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> ticker(Ticker ticker) {
    requireUnset(this.ticker == null, "ticker");
    this.ticker = requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * Sets the listener told of every entry that leaves the cache, as {@link CacheBuilder#removalListener}; it is
   * given deserialized copies of the key and value.
   *
   * @param removalListener the listener
   * @return this builder
   */
  public OffHeapCacheBuilder<K, V> removalListener(RemovalListener<? super K, ? super V> removalListener) {
    requireUnset(this.removalListener == null, "removalListener");
    this.removalListener = requireNonNull(removalListener, "removalListener");
    return this;
  }

  /**
   * Builds the cache: allocates its memory or maps its files, and with {@link #persistTo} serves the entries the
   * files hold.
   *
   * @return the cache
   * @throws IllegalStateException if {@link #maximumBytes} was not set; or if the directory holds a cache of
   *     another format version, of another maximum or with another kind of expiry, or a corrupt header, or is in
   *     use by another cache
   * @throws java.io.UncheckedIOException if the memory or the files could not be set up
   */
  public OffHeapCache<K, V> build() {
    if (maximumBytes == UNSET) {
      throw new IllegalStateException("maximumBytes must be set");
    }
    Configuration<K, V> configuration = new Configuration<>(keys, values, maximumBytes, directory,
        scanLimit == UNSET ? CacheBuilder.DEFAULT_SCAN_LIMIT : scanLimit, ticker == null ? Ticker.systemTicker()
        : ticker, removalListener, Lifetimes.of(expireAfterWriteNanos, expireAfterAccessNanos, expiry));
    return new SegmentedCache<>(configuration);
  }

  private void requireNoExpiry(String setting) {
    String chosen = expireAfterWriteNanos != UNSET ? "expireAfterWrite"
        : expireAfterAccessNanos != UNSET ? "expireAfterAccess" : expiry != null ? "expireAfter" : null;
    if (chosen != null) {
      throw new IllegalStateException(setting + " cannot be set: " + chosen + " was already set, and a cache has"
          + " one kind of expiry");
    }
  }

  private static long positiveNanos(Duration duration, String name) {
    requireNonNull(duration, "duration");
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be positive but was " + duration);
    }
    return duration.getSeconds() >= Lifetimes.MAXIMUM_NANOS / 1_000_000_000L ? Lifetimes.MAXIMUM_NANOS
        : Math.min(Lifetimes.MAXIMUM_NANOS, duration.toNanos());
  }

  private static void requireUnset(boolean unset, String name) {
    if (!unset) {
      throw new IllegalStateException(name + " was already set");
    }
  }

  private static long physicalMemory() {
    var system = ManagementFactory.getOperatingSystemMXBean();
    if (system instanceof com.sun.management.OperatingSystemMXBean memory) {
      return memory.getTotalMemorySize();
    }
    return Long.MAX_VALUE;
  }
}
