package io.github.clockpro.differential;

import java.time.Duration;

/**
 * The time steps and lifetimes of a sequence, chosen so that both caches' expiry is exact where it can be compared.
 *
 * <p>Each cache lets some renewals of a deadline go, so that a read or a write need not write: Caffeine does not
 * move an entry's write time, access time or {@code Expiry} deadline by one second or less
 * ({@code BoundedLocalCache.EXPIRE_TOLERANCE}) unless the lifetime itself is at most one second, so that a put
 * 0.5 s after the last one leaves a 60 s lifetime counting from the earlier write; clockpro's expiry after access
 * does not move a deadline by 1/64 of the lifetime or less ({@code CacheBuilder.expireAfterAccess}). Each is an
 * approximation its own contract allows, not one the two share, so each sequence stays where neither shows:
 * either every lifetime is at most one second and the time moves by multiples of 20 ms, more than 1/64 of any
 * such lifetime ({@link #FINE}); or every time, lifetime and step is a multiple of two seconds, so that no renewal
 * moves a time by a second or less ({@link #COARSE}). Jumps of whole hours keep either grid.
 */
enum TimeScale {
  /** Lifetimes of 0 to 1 s in units of 100 ms; steps of 20 ms to 1 s, in multiples of 20 ms. */
  FINE(Duration.ofMillis(100)) {
    @Override
    Duration step(int amount) {
      return Duration.ofMillis(20).multipliedBy(1 + amount % 50);
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
