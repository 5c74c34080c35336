package io.github.clockpro.adversarial;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A named, seeded and reproducible access pattern, parameterised by the cache size. Opening it yields an
 * {@link OperationStream} whose length is proportional to the cache size and whose operations are generated
 * one at a time.
 *
 * <p>Instances are immutable; the catalogue of named patterns is {@link Patterns#all()}.
 */
public final class AccessPattern {

  /** Builds the phases of a pattern for one cache size, drawing any randomness from the given generator. */
  @FunctionalInterface
  interface Plan {
    List<Phase> phases(int cacheSize, SplittableRandom random);
  }

  private final String name;
  private final String attack;
  private final KeyShape keyShape;
  private final Plan plan;
  /** The cache's expiry, or {@code null} for a cache without expiry. */
  private final PatternExpiry expiry;

  AccessPattern(String name, String attack, KeyShape keyShape, Plan plan) {
    this(name, attack, keyShape, plan, null);
  }

  /** A pattern whose cache expires entries, on a manual ticker that its {@link OperationKind#ADVANCE}s move. */
  AccessPattern(String name, String attack, KeyShape keyShape, Plan plan, PatternExpiry expiry) {
    this.name = Objects.requireNonNull(name, "name");
    this.attack = Objects.requireNonNull(attack, "attack");
    this.keyShape = Objects.requireNonNull(keyShape, "keyShape");
    this.plan = Objects.requireNonNull(plan, "plan");
    this.expiry = expiry;
  }

  /**
   * Returns whether the pattern's cache expires entries: such a pattern runs only against caches that
   * {@link Caches#supportsExpiry support} it.
   *
   * @return {@code true} for an expiring pattern
   */
  public boolean expires() {
    return expiry != null;
  }

  /** The cache's expiry, or {@code null}. */
  PatternExpiry expiry() {
    return expiry;
  }

  /**
   * Returns the pattern's name, unique in the catalogue.
   *
   * @return a short name such as {@code refill}
   */
  public String name() {
    return name;
  }

  /**
   * Returns what the pattern attacks, in one or two sentences.
   *
   * @return the description used in reports
   */
  public String attack() {
    return attack;
  }

  /**
   * Returns how the pattern's keys are presented to the cache.
   *
   * @return the key shape
   */
  public KeyShape keyShape() {
    return keyShape;
  }

  /**
   * Opens a stream of the pattern's operations.
   *
   * @param cacheSize the maximum size of the cache under test; at least 100
   * @param seed any value; the same size and seed give the same operations
   * @return a new stream
   * @throws IllegalArgumentException if {@code cacheSize} is below 100
   */
  public OperationStream open(int cacheSize, long seed) {
    return phasedStream(cacheSize, seed);
  }

  /**
   * Returns the number of operations a stream of this pattern yields.
   *
   * @param cacheSize the maximum size of the cache under test; at least 100
   * @return the stream length
   * @throws IllegalArgumentException if {@code cacheSize} is below 100
   */
  public long length(int cacheSize) {
    return phasedStream(cacheSize, 0).length();
  }

  private PhasedStream phasedStream(int cacheSize, long seed) {
    Keys.requireCacheSize(cacheSize);
    return new PhasedStream(plan.phases(cacheSize, new SplittableRandom(seed)));
  }

  @Override
  public String toString() {
    return name;
  }
}
