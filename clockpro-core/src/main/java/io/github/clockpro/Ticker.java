package io.github.clockpro;

/**
 * A source of time for expiry, in nanoseconds, as Caffeine's {@code Ticker}: only differences between readings
 * matter, so a reading may start anywhere, as {@link System#nanoTime()}'s does. Set with
 * {@link CacheBuilder#ticker(Ticker)}; tests pass a ticker they move by hand.
 *
 * <p>The cache reads it once per operation on an expiring cache, outside every lock, and never lets its own time
 * go back past an expiry: a reading below the latest time at which the cache found an entry expired, removed one as
 * expired or ran {@link ClockProCache#cleanUp()} counts as that time, so a ticker that goes backwards never makes an
 * expired entry live again.
 */
@FunctionalInterface
public interface Ticker {

  /**
   * Returns the current time.
   *
   * @return nanoseconds since an arbitrary, fixed origin
   */
  long read();

  /**
   * Returns the ticker that reads {@link System#nanoTime()}: the default.
   *
   * @return the system ticker
   */
  static Ticker systemTicker() {
    return System::nanoTime;
  }

  /**
   * Returns a ticker that always reads 0, as Caffeine's: for a cache that should not read the time. With it, a
   * lifetime never passes and nothing refreshes.
   *
   * @return the disabled ticker
   */
  static Ticker disabledTicker() {
    return () -> 0L;
  }
}
