package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Converts durations to the nanoseconds the cache keeps, saturating instead of overflowing, and back: the
 * conversions behind the {@link Duration} forms of {@link Policy}'s methods.
 */
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

  /**
   * Returns a duration given as an argument in nanoseconds, at most {@link #MAXIMUM_NANOS}.
   *
   * @throws NullPointerException if {@code duration} is null
   * @throws IllegalArgumentException naming {@code duration} if it is negative
   */
  static long requiredNanos(Duration duration) {
    requireNonNull(duration, "duration");
    if (duration.isNegative()) {
      throw new IllegalArgumentException("duration must not be negative but was " + duration);
    }
    return saturatedNanos(duration);
  }

  /** Returns the nanoseconds as a duration, or empty if there are none. */
  static Optional<Duration> optional(OptionalLong nanos) {
    return nanos.isPresent() ? Optional.of(Duration.ofNanos(nanos.getAsLong())) : Optional.empty();
  }
}
