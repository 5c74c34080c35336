package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.function.BiFunction;

/**
 * Decides each entry's lifetime, as Caffeine's {@code Expiry}: set with {@link CacheBuilder#expireAfter(Expiry)}.
 * Each method returns the nanoseconds from {@code currentTime} until the entry expires; a read at or after that
 * time misses. A negative result counts as 0 (the entry expires at once), and results beyond about 146 years
 * ({@code Long.MAX_VALUE >> 1} nanoseconds) count as that.
 *
 * <p>The cache calls these methods outside every lock, on the thread of the operation, with the time it read from
 * its {@link Ticker}. A method that throws makes the operation throw and changes nothing: the entry keeps its
 * value and its lifetime, and a new entry is not stored. {@link #expireAfterRead} runs on every hit, without a
 * lock, so it should be cheap.
 *
 * <p>A lifetime that a read or an update of a present key shortens takes effect at once for every read; the
 * cache's timer, which still holds the entry by its earlier deadline, removes it when that earlier deadline has
 * passed (see docs/design.md, "Expiry").
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface Expiry<K, V> {

  /**
   * Returns the lifetime of a new entry: stored by a put of an absent key, or by a load.
   *
   * @param key the key
   * @param value the value
   * @param currentTime the cache's time, in nanoseconds
   * @return nanoseconds until the entry expires
   */
  long expireAfterCreate(K key, V value, long currentTime);

  /**
   * Returns the lifetime of an entry whose value a put or a replace changed. Returns {@code currentDuration}
   * unless overridden: an update keeps the lifetime.
   *
   * @param key the key
   * @param value the new value
   * @param currentTime the cache's time, in nanoseconds
   * @param currentDuration nanoseconds the entry had left before the update
   * @return nanoseconds until the entry expires
   */
  default long expireAfterUpdate(K key, V value, long currentTime, long currentDuration) {
    return currentDuration;
  }

  /**
   * Returns the lifetime of an entry that a read found live. Returns {@code currentDuration} unless overridden:
   * a read keeps the lifetime.
   *
   * @param key the key
   * @param value the value read
   * @param currentTime the cache's time, in nanoseconds
   * @param currentDuration nanoseconds the entry had left before the read
   * @return nanoseconds until the entry expires
   */
  default long expireAfterRead(K key, V value, long currentTime, long currentDuration) {
    return currentDuration;
  }

  /**
   * Returns an expiry whose entries live for the duration the function gives when they are created; updates and
   * reads keep it.
   *
   * @param function the lifetime of a new entry
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the expiry
   * @throws NullPointerException if {@code function} is null
   */
  static <K, V> Expiry<K, V> creating(BiFunction<K, V, Duration> function) {
    requireNonNull(function, "function");
    return (key, value, currentTime) -> Durations.saturatedNanos(function.apply(key, value));
  }

  /**
   * Returns an expiry that gives an entry the function's duration when it is created, updated or read.
   *
   * @param function the lifetime from each access
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the expiry
   * @throws NullPointerException if {@code function} is null
   */
  static <K, V> Expiry<K, V> accessing(BiFunction<K, V, Duration> function) {
    requireNonNull(function, "function");
    return renewing(function, true);
  }

  /**
   * Returns an expiry that gives an entry the function's duration when it is created or updated; reads keep it.
   *
   * @param function the lifetime from each write
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the expiry
   * @throws NullPointerException if {@code function} is null
   */
  static <K, V> Expiry<K, V> writing(BiFunction<K, V, Duration> function) {
    requireNonNull(function, "function");
    return renewing(function, false);
  }

  /** The expiry that gives the function's duration on every write, and on every read too if {@code onRead}. */
  private static <K, V> Expiry<K, V> renewing(BiFunction<K, V, Duration> function, boolean onRead) {
    return new Expiry<>() {
      @Override
      public long expireAfterCreate(K key, V value, long currentTime) {
        return Durations.saturatedNanos(function.apply(key, value));
      }

      @Override
      public long expireAfterUpdate(K key, V value, long currentTime, long currentDuration) {
        return Durations.saturatedNanos(function.apply(key, value));
      }

      @Override
      public long expireAfterRead(K key, V value, long currentTime, long currentDuration) {
        return onRead ? Durations.saturatedNanos(function.apply(key, value)) : currentDuration;
      }
    };
  }
}
