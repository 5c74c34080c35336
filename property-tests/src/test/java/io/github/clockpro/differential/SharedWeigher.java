package io.github.clockpro.differential;

/**
 * Weighs an entry by its value, 0 to 3 (weight 0 included), for both caches: a clockpro
 * {@link io.github.clockpro.Weigher} and a Caffeine {@link com.github.benmanes.caffeine.cache.Weigher} at once.
 */
final class SharedWeigher implements io.github.clockpro.Weigher<Integer, Integer>,
    com.github.benmanes.caffeine.cache.Weigher<Integer, Integer> {

  @Override
  public int weigh(Integer key, Integer value) {
    return Math.floorMod(value, 4);
  }
}
