package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.Policy;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Caffeine's {@code Policy.FixedRefresh} over a cache built with {@code refreshAfterWrite}: the period and each
 * value's age, read from the cache ({@link BoundedCache#writeAge}) and its {@link RefreshPeriod}.
 *
 * <p>Fields: none change.
 */
record FixedRefreshView<K, V>(BoundedCache<K, V> cache, RefreshPeriod period) implements Policy.FixedRefresh<K, V> {

  @Override
  public OptionalLong ageOf(K key, TimeUnit unit) {
    return PolicyView.optionalNanos(key, unit, cache::writeAge);
  }

  @Override
  public long getRefreshesAfter(TimeUnit unit) {
    requireNonNull(unit, "unit");
    return unit.convert(period.nanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public void setRefreshesAfter(long duration, TimeUnit unit) {
    requireNonNull(unit, "unit");
    if (duration <= 0) {
      throw new IllegalArgumentException("duration must be positive but was " + duration);
    }
    period.setNanos(unit.toNanos(duration));
  }
}
