package io.github.clockpro.adversarial;

/** Helpers that turn indexes into keys. */
final class Keys {

  private Keys() {}

  /**
   * Maps an index to a key by a bijection of the 64-bit integers (the finaliser of SplitMix64), so that
   * distinct indexes give distinct keys and neighbouring indexes give unrelated hash codes.
   */
  static long scramble(long index) {
    long mixed = (index ^ (index >>> 30)) * 0xbf58476d1ce4e5b9L;
    mixed = (mixed ^ (mixed >>> 27)) * 0x94d049bb133111ebL;
    return mixed ^ (mixed >>> 31);
  }

  /**
   * Returns the key at an index of a numbered key region. Regions are disjoint for indexes below 2^40, so a
   * pattern can draw fresh keys that it has never used from a new region.
   */
  static long region(int region, long index) {
    return ((long) region << 40) + index;
  }

  /** Checks a cache size argument of a public entry point. */
  static int requireCacheSize(int cacheSize) {
    if (cacheSize < 100) {
      throw new IllegalArgumentException("cacheSize must be at least 100 but was " + cacheSize);
    }
    return cacheSize;
  }
}
