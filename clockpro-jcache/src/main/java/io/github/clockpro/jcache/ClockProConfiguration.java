package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.cache.configuration.CompleteConfiguration;
import javax.cache.configuration.Factory;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.expiry.EternalExpiryPolicy;
import javax.cache.expiry.ExpiryPolicy;
import javax.cache.expiry.ModifiedExpiryPolicy;
import javax.cache.expiry.TouchedExpiryPolicy;

/**
 * A JCache configuration with the settings of a {@link io.github.clockpro.ClockProCache} that the standard does not
 * cover: the maximum size or weight, the scan limit, the ticker, and expiry after write or after access. Pass it to {@link javax.cache.CacheManager#createCache}
 * like any {@link MutableConfiguration}; a cache created from a plain configuration gets the defaults below, and
 * {@link javax.cache.Cache#getConfiguration(Class)} returns a {@code ClockProConfiguration} either way.
 *
 * <p>Each setter rejects a value out of range with {@link IllegalArgumentException} naming it, and a null with
 * {@link NullPointerException} naming it, before the configuration changes. Like {@link MutableConfiguration}, this
 * class is not thread-safe: configure it on one thread, then create the cache.
 *
 * <p>A cache is bounded by its number of entries ({@link #setMaximumSize}), or by the total weight of its entries
 * ({@link #setMaximumWeight}, with a weigher, as {@link CacheBuilder#maximumWeight(long)}); a bound by weight
 * replaces the bound by size.
 *
 * <p>Expiry after write or after access ({@link #setExpireAfterWrite}, {@link #setExpireAfterAccess}, Caffeine's
 * "eager expiration") applies where the {@linkplain #getExpiryPolicyFactory() expiry policy} is eternal, which it
 * is unless set: unlike the policy, it survives a framework's {@code createCache} with a plain configuration over
 * a configuration file's defaults (see docs/jcache.md). A cache with both it and a policy that is not eternal is
 * refused when created.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class ClockProConfiguration<K, V> extends MutableConfiguration<K, V> {

  /**
   * The maximum size of a cache whose configuration sets none: {@link Integer#MAX_VALUE}, the most a
   * {@link io.github.clockpro.ClockProCache} holds, so that a standard configuration never evicts, as JSR-107
   * expects of a cache without a bound, unless the manager's configuration file bounds it (see
   * docs/jcache.md). The core grows its table and history as entries arrive, so a large bound
   * costs nothing while the cache is small.
   */
  public static final long DEFAULT_MAXIMUM_SIZE = Integer.MAX_VALUE;

  private static final long serialVersionUID = 1L;

  /** The most entries the cache holds. */
  private long maximumSize = DEFAULT_MAXIMUM_SIZE;
  /** The most entries one eviction examines. */
  private int scanLimit = CacheBuilder.DEFAULT_SCAN_LIMIT;
  /** Creates the ticker of the cache; {@code null} for {@link Ticker#systemTicker()}. */
  private Factory<Ticker> tickerFactory;
  /** The most total weight the cache holds, or -1 for a cache bounded by size. */
  private long maximumWeight = -1;
  /** Creates the weigher of a cache bounded by weight; {@code null} for a cache bounded by size. */
  private Factory<? extends Weigher<? super K, ? super V>> weigherFactory;
  /** The lifetime of an entry after its last write, or {@code null} for none. */
  private Duration expireAfterWrite;
  /** The lifetime of an entry after its last read or write, or {@code null} for none. */
  private Duration expireAfterAccess;

  /** Creates a configuration with the defaults of {@link MutableConfiguration} and of this class. */
  public ClockProConfiguration() {}

  /**
   * Creates a copy of the given configuration; from a {@code ClockProConfiguration}, its own settings too.
   *
   * @param configuration the configuration to copy
   * @throws NullPointerException if {@code configuration} is null
   */
  public ClockProConfiguration(CompleteConfiguration<K, V> configuration) {
    super(requireNonNull(configuration, "configuration"));
    if (configuration instanceof ClockProConfiguration) {
      ClockProConfiguration<K, V> other = (ClockProConfiguration<K, V>) configuration;
      this.maximumSize = other.maximumSize;
      this.scanLimit = other.scanLimit;
      this.tickerFactory = other.tickerFactory;
      this.maximumWeight = other.maximumWeight;
      this.weigherFactory = other.weigherFactory;
      this.expireAfterWrite = other.expireAfterWrite;
      this.expireAfterAccess = other.expireAfterAccess;
    }
  }

  /**
   * Returns the most entries the cache holds.
   *
   * @return the maximum size; {@link #DEFAULT_MAXIMUM_SIZE} unless set
   */
  public long getMaximumSize() {
    return maximumSize;
  }

  /**
   * Sets the most entries the cache holds, as {@link CacheBuilder#maximumSize(long)}. An entry evicted to keep
   * the bound is not reported to JCache listeners (JSR-107 has no eviction event), but counts as a cache eviction
   * in the statistics.
   *
   * @param maximumSize at least 1 and at most {@link Integer#MAX_VALUE}
   * @return this configuration
   * @throws IllegalArgumentException if {@code maximumSize} is out of range
   */
  public ClockProConfiguration<K, V> setMaximumSize(long maximumSize) {
    if (maximumSize < 1 || maximumSize > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "maximumSize must be between 1 and " + Integer.MAX_VALUE + " but was " + maximumSize);
    }
    this.maximumSize = maximumSize;
    return this;
  }

  /**
   * Returns the most entries one eviction examines.
   *
   * @return the scan limit; {@link CacheBuilder#DEFAULT_SCAN_LIMIT} unless set
   */
  public int getScanLimit() {
    return scanLimit;
  }

  /**
   * Sets the most entries one eviction examines, as {@link CacheBuilder#scanLimit(int)}.
   *
   * @param scanLimit at least 1
   * @return this configuration
   * @throws IllegalArgumentException if {@code scanLimit} is less than 1
   */
  public ClockProConfiguration<K, V> setScanLimit(int scanLimit) {
    if (scanLimit < 1) {
      throw new IllegalArgumentException("scanLimit must be at least 1 but was " + scanLimit);
    }
    this.scanLimit = scanLimit;
    return this;
  }

  /**
   * Returns the factory of the ticker the cache measures expiry with, or {@code null} for the system ticker.
   *
   * @return the factory, or {@code null}
   */
  public Factory<Ticker> getTickerFactory() {
    return tickerFactory;
  }

  /**
   * Sets the factory of the ticker the cache measures expiry with, as {@link CacheBuilder#ticker(Ticker)}; tests
   * pass a ticker they move by hand. A factory rather than a ticker, so that the configuration stays
   * serializable as JSR-107 configurations are.
   *
   * @param tickerFactory creates the ticker when the cache is created
   * @return this configuration
   * @throws NullPointerException if {@code tickerFactory} is null
   */
  public ClockProConfiguration<K, V> setTickerFactory(Factory<Ticker> tickerFactory) {
    this.tickerFactory = requireNonNull(tickerFactory, "tickerFactory");
    return this;
  }

  /**
   * Returns the most total weight the cache holds, if it is bounded by weight.
   *
   * @return the maximum weight, or -1 for a cache bounded by size
   */
  public long getMaximumWeight() {
    return maximumWeight;
  }

  /**
   * Returns the factory of the weigher of a cache bounded by weight.
   *
   * @return the factory, or {@code null} for a cache bounded by size
   */
  public Factory<? extends Weigher<? super K, ? super V>> getWeigherFactory() {
    return weigherFactory;
  }

  /**
   * Bounds the cache by the total weight of its entries instead of their number, as
   * {@link CacheBuilder#maximumWeight(long)} with {@link CacheBuilder#weigher(Weigher)}: the weigher weighs each
   * value the cache stores (with store-by-value, the copy). The maximum size no longer applies. A factory rather
   * than a weigher, so that the configuration stays serializable as JSR-107 configurations are.
   *
   * @param maximumWeight at least 0, as {@link CacheBuilder#maximumWeight(long)} allows: a cache of maximum weight
   *     0 holds only entries of weight 0
   * @param weigherFactory creates the weigher when the cache is created
   * @return this configuration
   * @throws IllegalArgumentException if {@code maximumWeight} is negative, before the configuration changes
   * @throws NullPointerException if {@code weigherFactory} is null, before the configuration changes
   */
  public ClockProConfiguration<K, V> setMaximumWeight(long maximumWeight,
      Factory<? extends Weigher<? super K, ? super V>> weigherFactory) {
    if (maximumWeight < 0) {
      throw new IllegalArgumentException("maximumWeight must not be negative but was " + maximumWeight);
    }
    this.weigherFactory = requireNonNull(weigherFactory, "weigherFactory");
    this.maximumWeight = maximumWeight;
    return this;
  }

  /**
   * Returns the lifetime of an entry after it was created or its value last replaced, if set.
   *
   * @return the lifetime, or empty
   */
  public Optional<Duration> getExpireAfterWrite() {
    return Optional.ofNullable(expireAfterWrite);
  }

  /**
   * Expires each entry this long after it was created or its value last replaced, as Caffeine's
   * {@code expireAfterWrite}; reads do not extend it. Equivalent to a {@link ModifiedExpiryPolicy} of that
   * duration, applied where the expiry policy is eternal (see the class comment).
   *
   * @param duration the lifetime, positive
   * @return this configuration
   * @throws IllegalArgumentException if {@code duration} is zero or negative, or expiry after access is set
   * @throws NullPointerException if {@code duration} is null
   */
  public ClockProConfiguration<K, V> setExpireAfterWrite(Duration duration) {
    requirePositive(duration, "expireAfterWrite");
    if (expireAfterAccess != null) {
      throw new IllegalArgumentException("expireAfterWrite cannot be combined with expireAfterAccess, already set");
    }
    this.expireAfterWrite = duration;
    return this;
  }

  /**
   * Returns the lifetime of an entry after it was last read or written, if set.
   *
   * @return the lifetime, or empty
   */
  public Optional<Duration> getExpireAfterAccess() {
    return Optional.ofNullable(expireAfterAccess);
  }

  /**
   * Expires each entry this long after it was created, last read or its value last replaced, as Caffeine's
   * {@code expireAfterAccess}. Equivalent to a {@link TouchedExpiryPolicy} of that duration, applied where the
   * expiry policy is eternal (see the class comment).
   *
   * @param duration the lifetime, positive
   * @return this configuration
   * @throws IllegalArgumentException if {@code duration} is zero or negative, or expiry after write is set
   * @throws NullPointerException if {@code duration} is null
   */
  public ClockProConfiguration<K, V> setExpireAfterAccess(Duration duration) {
    requirePositive(duration, "expireAfterAccess");
    if (expireAfterWrite != null) {
      throw new IllegalArgumentException("expireAfterAccess cannot be combined with expireAfterWrite, already set");
    }
    this.expireAfterAccess = duration;
    return this;
  }

  /**
   * The expiry policy a cache of this configuration runs: the configured one, or, where that is eternal, the one
   * that expiry after write or after access stands for.
   *
   * @throws IllegalArgumentException if expiry after write or access is set beside a policy that is not eternal
   */
  ExpiryPolicy effectiveExpiryPolicy() {
    ExpiryPolicy configured = getExpiryPolicyFactory().create();
    if (expireAfterWrite == null && expireAfterAccess == null) {
      return configured;
    }
    if (!(configured instanceof EternalExpiryPolicy)) {
      throw new IllegalArgumentException("expireAfterWrite or expireAfterAccess cannot be combined with the expiry "
          + "policy " + configured.getClass().getName() + ": only with an eternal one");
    }
    return expireAfterWrite != null
        ? new ModifiedExpiryPolicy(jcacheDuration(expireAfterWrite))
        : new TouchedExpiryPolicy(jcacheDuration(expireAfterAccess));
  }

  /**
   * A JCache duration, which counts whole milliseconds at least: a duration of less than a millisecond, but not
   * zero, counts as one; zero is {@link javax.cache.expiry.Duration#ZERO}.
   */
  static javax.cache.expiry.Duration jcacheDuration(Duration duration) {
    if (duration.isZero()) {
      return javax.cache.expiry.Duration.ZERO;
    }
    long millis = duration.toMillis() + (duration.minusMillis(duration.toMillis()).isZero() ? 0 : 1);
    return new javax.cache.expiry.Duration(TimeUnit.MILLISECONDS, millis);
  }

  private static void requirePositive(Duration duration, String name) {
    requireNonNull(duration, name);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be positive but was " + duration);
    }
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof ClockProConfiguration) || !super.equals(other)) {
      return false;
    }
    ClockProConfiguration<?, ?> that = (ClockProConfiguration<?, ?>) other;
    return maximumSize == that.maximumSize && scanLimit == that.scanLimit
        && Objects.equals(tickerFactory, that.tickerFactory) && maximumWeight == that.maximumWeight
        && Objects.equals(weigherFactory, that.weigherFactory)
        && Objects.equals(expireAfterWrite, that.expireAfterWrite)
        && Objects.equals(expireAfterAccess, that.expireAfterAccess);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), maximumSize, scanLimit, tickerFactory, maximumWeight, weigherFactory,
        expireAfterWrite, expireAfterAccess);
  }
}
