package io.github.clockpro.adversarial;

import java.util.List;
import java.util.Objects;

/** The catalogue of named access patterns. */
public final class Patterns {

  private static final List<AccessPattern> ALL = List.of(
      UniformPattern.withHitRate(50),
      UniformPattern.withHitRate(80),
      UniformPattern.withHitRate(95),
      ZipfianPattern.fixed(0.6, 10),
      ZipfianPattern.fixed(0.99, 2),
      ZipfianPattern.fixed(0.99, 10),
      ZipfianPattern.fixed(1.2, 100),
      ZipfianPattern.shifting(),
      LoopPattern.create(),
      ScanPattern.create(),
      RefillPattern.create(),
      AllHotPattern.create(),
      SaturationFlipPattern.create(),
      CollidingKeysPattern.create(),
      ExpiryPatterns.massExpiry(),
      ExpiryPatterns.churningDeadlines(),
      ExpiryPatterns.tickerJumps());

  private Patterns() {}

  /**
   * Returns every named pattern, in report order.
   *
   * @return an immutable list
   */
  public static List<AccessPattern> all() {
    return ALL;
  }

  /**
   * Looks a pattern up by name.
   *
   * @param name the pattern's name
   * @return the pattern
   * @throws NullPointerException if {@code name} is null
   * @throws IllegalArgumentException if no pattern has that name
   */
  public static AccessPattern named(String name) {
    Objects.requireNonNull(name, "name");
    for (AccessPattern pattern : ALL) {
      if (pattern.name().equals(name)) {
        return pattern;
      }
    }
    throw new IllegalArgumentException("name must be one of " + ALL + " but was " + name);
  }
}
