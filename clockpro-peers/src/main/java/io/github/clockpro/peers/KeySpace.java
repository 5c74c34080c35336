package io.github.clockpro.peers;

/**
 * The key objects of a benchmark: {@code Long} keys {@code 0 .. size - 1}, created once, so that drawing a key
 * allocates nothing and a cache hit in a benchmark allocates only what the cache itself allocates.
 *
 * <p>Above {@link #MAXIMUM_INTERNED} keys the table would take more heap than a benchmark fork has, so larger
 * key spaces box each key on use, which costs 16 bytes per operation in {@code gc.alloc.rate.norm}.
 *
 * <p>Immutable after construction and safe to share between threads.
 */
public final class KeySpace {

  /** The largest key space held as a table of key objects (about 20 bytes of heap per key). */
  public static final long MAXIMUM_INTERNED = 40_000_000L;

  private final long size;
  /** The key objects, or {@code null} above {@link #MAXIMUM_INTERNED}. */
  private final Long[] keys;

  /**
   * @param size the number of keys, at least 1
   * @throws IllegalArgumentException if {@code size} is not positive
   */
  public KeySpace(long size) {
    if (size < 1) {
      throw new IllegalArgumentException("size must be at least 1 but was " + size);
    }
    this.size = size;
    if (size <= MAXIMUM_INTERNED) {
      keys = new Long[(int) size];
      for (int index = 0; index < keys.length; index++) {
        keys[index] = (long) index;
      }
    } else {
      keys = null;
    }
  }

  /** Returns the number of keys. */
  public long size() {
    return size;
  }

  /**
   * Returns the key object for an index.
   *
   * @param index in {@code [0, size)}
   * @return the key, equal to {@code index}
   */
  public Long key(long index) {
    return keys != null ? keys[(int) index] : Long.valueOf(index);
  }
}
