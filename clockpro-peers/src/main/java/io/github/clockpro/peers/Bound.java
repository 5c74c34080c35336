package io.github.clockpro.peers;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a benchmark bounds every implementation, by the name used in JMH parameters: by the number of entries, or by
 * their weight, with {@code maximumWeight} equal to the capacity and a weigher that weighs every entry 1. Both
 * then hold the same entries and make the same decisions, so the difference between them is what weights cost:
 * the weighted node, the weigher's call on every write, the weight bookkeeping.
 */
public enum Bound {
  /** {@code maximumSize(capacity)}: the default of every benchmark. */
  SIZE("size"),
  /** {@code maximumWeight(capacity)} with a weigher that returns 1. */
  WEIGHT("weight");

  private final String displayName;

  Bound(String displayName) {
    this.displayName = displayName;
  }

  /** Returns the name used in JMH parameters. */
  public String displayName() {
    return displayName;
  }

  /**
   * Returns the bound with the given name, case-insensitive.
   *
   * @throws IllegalArgumentException naming the valid choices if there is none with that name
   */
  public static Bound named(String name) {
    for (Bound bound : values()) {
      if (bound.displayName.equals(name.toLowerCase(Locale.ROOT))) {
        return bound;
      }
    }
    throw new IllegalArgumentException("unknown bound '" + name + "'; expected one of "
        + Arrays.stream(values()).map(Bound::displayName).collect(Collectors.joining(", ")));
  }
}
