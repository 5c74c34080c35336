package io.github.clockpro.adversarial;

/**
 * A key whose hash code is chosen from only a few values: keys are equal when their values are, but many
 * distinct keys share a hash code. It is {@link Comparable} so that {@code ConcurrentHashMap} can still
 * organise a long bin as a tree, as it would for {@code String} keys chosen by an attacker.
 */
public final class CollidingKey implements Comparable<CollidingKey> {

  /** The number of keys of a pattern's working set that share one hash code, on average. */
  static final int KEYS_PER_HASH = 64;

  private final long value;
  private final int hash;

  /**
   * @param value the key's identity
   * @param distinctHashes how many hash codes keys are spread over; at least 1
   */
  CollidingKey(long value, int distinctHashes) {
    this.value = value;
    this.hash = (int) Math.floorMod(value, (long) distinctHashes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CollidingKey && ((CollidingKey) other).value == value;
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public int compareTo(CollidingKey other) {
    return Long.compare(value, other.value);
  }

  @Override
  public String toString() {
    return "CollidingKey{" + value + ", hash=" + hash + "}";
  }
}
