package io.github.clockpro;

import java.time.Duration;

/** Converts durations to the nanoseconds the cache keeps, saturating instead of overflowing. */
final class Durations {

  /** The longest lifetime the cache keeps, about 146 years: deadlines then never overflow a reading's range. */
  static final long MAXIMUM_NANOS = Long.MAX_VALUE >> 1;

  private Durations() {}

  /**
   * Returns the duration in nanoseconds, at most {@link #MAXIMUM_NANOS}; a negative duration counts as 0.
   *
   * @throws NullPointerException if {@code duration} is null
   */
  static long saturatedNanos(Duration duration) {
    if (duration.isNegative()) {
      return 0;
    }
    if (duration.getSeconds() >= MAXIMUM_NANOS / 1_000_000_000L) {
      return MAXIMUM_NANOS;
    }
    return Math.min(MAXIMUM_NANOS, duration.toNanos());
  }
}
