package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.Policy;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Caffeine's {@code Policy.VarExpiration} over an {@link ExpiringCache} built with an {@code Expiry}: each entry's time
 * left, read and changed in the cache, and writes with a lifetime of their own
 * ({@link ExpiringCache#storeWithLifetime}).
 *
 * <p>Fields: none change.
 */
record VarExpirationView<K, V>(ExpiringCache<K, V> cache) implements Policy.VarExpiration<K, V> {

  @Override
  public OptionalLong getExpiresAfter(K key, TimeUnit unit) {
    return PolicyView.optionalNanos(key, unit, cache::timeLeft);
  }

  @Override
  public void setExpiresAfter(K key, long duration, TimeUnit unit) {
    requireNonNull(key, "key");
    cache.setTimeLeft(key, nanos(duration, unit));
  }

  @Override
  public V putIfAbsent(K key, V value, long duration, TimeUnit unit) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    return cache.storeWithLifetime(key, value, nanos(duration, unit), true);
  }

  @Override
  public V put(K key, V value, long duration, TimeUnit unit) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    return cache.storeWithLifetime(key, value, nanos(duration, unit), false);
  }

  /** The duration in nanoseconds, saturated; checked before anything changes. */
  private static long nanos(long duration, TimeUnit unit) {
    requireNonNull(unit, "unit");
    if (duration < 0) {
      throw new IllegalArgumentException("duration must not be negative but was " + duration);
    }
    return unit.toNanos(duration);
  }
}
