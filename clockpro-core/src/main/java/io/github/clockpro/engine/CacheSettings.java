package io.github.clockpro.engine;

import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Scheduler;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import java.util.concurrent.Executor;

/**
 * The settings of a cache being built, as the builder hands them to {@link CacheFactory}: one value instead of a
 * parameter per option, so that an option added to the builder reaches the engine without changing every
 * factory method. The builder has checked every setting and their combination; each accessor returns the value to
 * build with, defaults applied.
 *
 * <p>The factory reads the settings once, while it builds; the cache keeps none of this object.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface CacheSettings<K, V> {

  /** What a duration accessor returns for a setting that was not made. */
  long UNSET = -1;

  /**
   * The bound: with a {@link #weigher()} the most weight, at least 0; else the most entries, from 0 to
   * {@link Integer#MAX_VALUE}, which is the same as no bound.
   */
  long maximum();

  /** Weighs each value written, or {@code null} for a cache bounded by size. */
  Weigher<? super K, ? super V> weigher();

  /** The most entries one eviction examines; at least 1. */
  int scanLimit();

  /** The entries the table is sized for at first; from 0 to the maximum size. */
  int initialCapacity();

  /** The listener the cache calls for every removal (the removal and eviction listeners together), or {@code null}. */
  RemovalListener<? super K, ? super V> removalListener();

  /** The lifetime after a write, in nanoseconds, at least 0; or {@link #UNSET}. */
  long expireAfterWriteNanos();

  /** The lifetime after an access, in nanoseconds, at least 0; or {@link #UNSET}. */
  long expireAfterAccessNanos();

  /** The lifetimes by entry, or {@code null}; never with a fixed lifetime. */
  Expiry<K, V> expiry();

  /** The time source for expiry and refresh. */
  Ticker ticker();

  /** Asked to run the cache's maintenance when entries fall due; for expiry. */
  Scheduler scheduler();

  /** Runs refreshes, and the asynchronous caches' functions and loads. */
  Executor executor();

  /** The age at which a read refreshes a value, in nanoseconds, more than 0; or {@link #UNSET}. */
  long refreshAfterWriteNanos();

  /** How the cache holds its values: strongly, or by weak or soft references. */
  ValueStrength valueStrength();

  /**
   * Whether the cache holds its keys by weak references and compares them by identity ({@code weakKeys}).
   *
   * @return {@code true} for weak keys
   */
  boolean weakKeys();

  /** Whether entries expire: by a fixed lifetime, or by an {@link #expiry()}. */
  default boolean expires() {
    return expireAfterWriteNanos() != UNSET || expireAfterAccessNanos() != UNSET || expiry() != null;
  }

  /** Whether values are refreshed once they are {@link #refreshAfterWriteNanos()} old. */
  default boolean refreshes() {
    return refreshAfterWriteNanos() != UNSET;
  }
}
