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
final class VarExpirationView<K, V> implements Policy.VarExpiration<K, V> {

  private final ExpiringCache<K, V> cache;

  VarExpirationView(ExpiringCache<K, V> cache) {
    this.cache = cache;
  }

  @Override
  public OptionalLong getExpiresAfter(K key, TimeUnit unit) {
    requireNonNull(key, "key");
    requireNonNull(unit, "unit");
    return PolicyView.optionalNanos(cache.timeLeft(key), unit);
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
