package io.github.clockpro.adversarial;

/**
 * How a pattern's {@code long} keys become the key objects given to the cache.
 */
public enum KeyShape {

  /** Boxed {@link Long} keys, with well-spread hash codes. */
  PLAIN,

  /**
   * {@link CollidingKey} keys: about {@value CollidingKey#KEYS_PER_HASH} keys of the pattern share each hash
   * code, so hash tables and any hash-indexed history see long chains of equal hashes.
   */
  COLLIDING;

  /**
   * Returns the object the cache sees for a pattern key.
   *
   * @param key the pattern's key
   * @param cacheSize the cache size the pattern was opened for
   * @return the key object; equal pattern keys give equal objects
   */
  public Object toCacheKey(long key, int cacheSize) {
    if (this == PLAIN) {
      return key;
    }
    return new CollidingKey(key, Math.max(1, cacheSize / CollidingKey.KEYS_PER_HASH));
  }
}
