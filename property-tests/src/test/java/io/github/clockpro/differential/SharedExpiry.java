package io.github.clockpro.differential;

/**
 * A value-dependent {@code Expiry} for both caches: a clockpro {@link io.github.clockpro.Expiry} and a Caffeine
 * {@link com.github.benmanes.caffeine.cache.Expiry} at once, so that both decide the same lifetimes.
 *
 * <p>A new entry lives for a lifetime its value picks (0, 1, 3, 5 or 10 units of the {@link TimeScale}, or for
 * good). An update keeps the remaining lifetime for one value in three and takes the new value's otherwise. A read
 * shortens the remaining lifetime by two units for one key-and-value pair in four (down to 0), renews it to the
 * value's lifetime for another, and keeps it for the rest. Every result stays on the scale's grid.
 */
final class SharedExpiry implements io.github.clockpro.Expiry<Integer, Integer>,
    com.github.benmanes.caffeine.cache.Expiry<Integer, Integer> {

  private static final int[] LIFETIME_UNITS = {0, 1, 3, 5, 10, -1};

  private final TimeScale scale;

  SharedExpiry(TimeScale scale) {
    this.scale = scale;
  }

  @Override
  public long expireAfterCreate(Integer key, Integer value, long currentTime) {
    return lifetimeOf(value);
  }

  @Override
  public long expireAfterUpdate(Integer key, Integer value, long currentTime, long currentDuration) {
    return Math.floorMod(value, 3) == 0 ? currentDuration : lifetimeOf(value);
  }

  @Override
  public long expireAfterRead(Integer key, Integer value, long currentTime, long currentDuration) {
    return switch (Math.floorMod(key + value, 4)) {
      case 0 -> Math.max(0, currentDuration - 2 * scale.unit.toNanos());
      case 1 -> lifetimeOf(value);
      default -> currentDuration;
    };
  }

  private long lifetimeOf(int value) {
    int units = LIFETIME_UNITS[Math.floorMod(value, LIFETIME_UNITS.length)];
    return units < 0 ? Long.MAX_VALUE : scale.lifetime(units).toNanos();
  }

  @Override
  public String toString() {
    return "SharedExpiry(" + scale + ")";
  }
}
