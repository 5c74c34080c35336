package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.Policy;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Caffeine's {@code Policy.FixedExpiration} over an {@link ExpiringCache}: the lifetime after a write or after an
 * access, read and changed in the cache ({@link ExpiringCache#setFixedLifetime}).
 *
 * <p>Fields: none change.
 */
record FixedExpirationView<K, V>(ExpiringCache<K, V> cache, boolean afterWrite)
    implements Policy.FixedExpiration<K, V> {

  @Override
  public OptionalLong ageOf(K key, TimeUnit unit) {
    return PolicyView.optionalNanos(key, unit, present -> cache.ageOf(present, afterWrite));
  }

  @Override
  public long getExpiresAfter(TimeUnit unit) {
    requireNonNull(unit, "unit");
    return unit.convert(cache.fixedLifetime(afterWrite), TimeUnit.NANOSECONDS);
  }

  @Override
  public void setExpiresAfter(long duration, TimeUnit unit) {
    requireNonNull(unit, "unit");
    if (duration < 0) {
      throw new IllegalArgumentException("duration must not be negative but was " + duration);
    }
    cache.setFixedLifetime(afterWrite, unit.toNanos(duration));
  }
}
