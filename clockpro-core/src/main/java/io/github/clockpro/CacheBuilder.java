package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.engine.CacheFactory;

/**
 * Configures and creates a {@link ClockProCache}; obtained from {@link ClockProCache#builder()}. Each setting may
 * be made once; a second call throws {@link IllegalStateException}, and a value out of range throws
 * {@link IllegalArgumentException} naming it, before the builder changes.
 *
 * @param <K> the key type the built cache will accept
 * @param <V> the value type the built cache will accept
 */
public final class CacheBuilder<K, V> {

  /** The default for {@link #scanLimit(int)}. */
  public static final int DEFAULT_SCAN_LIMIT = 128;

  private static final int UNSET = -1;

  private long maximumSize = UNSET;
  private int scanLimit = UNSET;
  private int initialCapacity = UNSET;
  private RemovalListener<? super K, ? super V> removalListener;

  CacheBuilder() {}

  /**
   * Sets the most entries the cache holds. Required.
   *
   * @param maximumSize at least 1 and at most {@link Integer#MAX_VALUE}
   * @return this builder
   */
  public CacheBuilder<K, V> maximumSize(long maximumSize) {
    requireUnset(this.maximumSize == UNSET, "maximumSize", this.maximumSize);
    if (maximumSize < 1 || maximumSize > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "maximumSize must be between 1 and " + Integer.MAX_VALUE + " but was " + maximumSize);
    }
    this.maximumSize = maximumSize;
    return this;
  }

  /**
   * Sets the scan limit: the most entries one eviction may examine, across both hands, before it evicts the best
   * candidate seen. Defaults to {@value #DEFAULT_SCAN_LIMIT}.
   *
   * @param scanLimit at least 1
   * @return this builder
   */
  public CacheBuilder<K, V> scanLimit(int scanLimit) {
    requireUnset(this.scanLimit == UNSET, "scanLimit", this.scanLimit);
    if (scanLimit < 1) {
      throw new IllegalArgumentException("scanLimit must be at least 1 but was " + scanLimit);
    }
    this.scanLimit = scanLimit;
    return this;
  }

  /**
   * Sizes the internal table for this many entries, to avoid resizing while the cache fills. Values above the
   * maximum size are treated as the maximum size.
   *
   * @param initialCapacity at least 0
   * @return this builder
   */
  public CacheBuilder<K, V> initialCapacity(int initialCapacity) {
    requireUnset(this.initialCapacity == UNSET, "initialCapacity", this.initialCapacity);
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("initialCapacity must be at least 0 but was " + initialCapacity);
    }
    this.initialCapacity = initialCapacity;
    return this;
  }

  /**
   * Sets the listener told of every removed entry.
   *
   * @param listener the listener
   * @param <K1> the key type of the built cache
   * @param <V1> the value type of the built cache
   * @return this builder, typed for the listener
   */
  public <K1 extends K, V1 extends V> CacheBuilder<K1, V1> removalListener(
      RemovalListener<? super K1, ? super V1> listener) {
    requireNonNull(listener, "listener");
    if (removalListener != null) {
      throw new IllegalStateException("removalListener was already set to " + removalListener);
    }
    @SuppressWarnings("unchecked")
    CacheBuilder<K1, V1> self = (CacheBuilder<K1, V1>) this;
    self.removalListener = listener;
    return self;
  }

  /**
   * Builds the cache.
   *
   * @param <K1> the key type
   * @param <V1> the value type
   * @return a new, empty cache
   * @throws IllegalStateException if {@link #maximumSize(long)} was not set
   */
  public <K1 extends K, V1 extends V> ClockProCache<K1, V1> build() {
    if (maximumSize == UNSET) {
      throw new IllegalStateException("maximumSize must be set");
    }
    int size = (int) maximumSize;
    int limit = scanLimit == UNSET ? DEFAULT_SCAN_LIMIT : scanLimit;
    int capacity = Math.min(size, initialCapacity == UNSET ? 16 : initialCapacity);
    return CacheFactory.newBoundedCache(size, limit, capacity, removalListener);
  }

  private static void requireUnset(boolean unset, String setting, Object current) {
    if (!unset) {
      throw new IllegalStateException(setting + " was already set to " + current);
    }
  }
}
