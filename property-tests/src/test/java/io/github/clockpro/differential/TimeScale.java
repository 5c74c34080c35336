package io.github.clockpro.differential;

import java.time.Duration;

/**
 * The time steps and lifetimes of a sequence, chosen so that Caffeine's expiry is exact and can be compared.
 *
 * <p>Caffeine does not move an entry's write time, access time or {@code Expiry} deadline by one second or less
 * ({@code BoundedLocalCache.EXPIRE_TOLERANCE}) unless the lifetime itself is at most one second: a put 0.5 s after
 * the last one leaves a 60 s lifetime counting from the earlier write. That is an approximation of Caffeine's, not
 * a contract clockpro shares (clockpro renews exactly), so each sequence stays where the two agree: either every
 * lifetime is at most one second and the time moves by any number of milliseconds ({@link #FINE}), or every
 * time, lifetime and step is a multiple of two seconds, so that no renewal moves a time by a second or less
 * ({@link #COARSE}). Jumps of whole hours keep either grid.
 */
enum TimeScale {
  /** Lifetimes of 0 to 1 s in units of 100 ms; steps of 1 to 1,000 ms. */
  FINE(Duration.ofMillis(100)) {
    @Override
    Duration step(int amount) {
      return Duration.ofMillis(1 + amount % 1_000);
    }
  },
  /** Lifetimes of 0 to 20 s in units of 2 s; steps of 2 to 20 s. */
  COARSE(Duration.ofSeconds(2)) {
    @Override
    Duration step(int amount) {
      return unit.multipliedBy(1 + amount % 10);
    }
  };

  /** The most lifetime units: ten units of {@link #FINE} are one second. */
  static final int MAXIMUM_UNITS = 10;

  final Duration unit;

  TimeScale(Duration unit) {
    this.unit = unit;
  }

  /** A lifetime of the given units, at most {@link #MAXIMUM_UNITS}. */
  Duration lifetime(int units) {
    return unit.multipliedBy(Math.min(units, MAXIMUM_UNITS));
  }

  /** How far an advance of the ticker moves it, from a drawn amount. */
  abstract Duration step(int amount);
}
