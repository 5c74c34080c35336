package io.github.clockpro.spring;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheBuilderSpec;

/**
 * A cache configuration written as text, as Caffeine's {@code CaffeineSpec}: comma-separated {@code key=value}
 * pairs, for example {@code maximumSize=10000,expireAfterWrite=10m}. Parse one with {@link #parse(String)}, then
 * take a fresh {@link CacheBuilder} for each cache from {@link #toBuilder()}.
 *
 * <p>The format, its keys and its checks are the core's {@link CacheBuilderSpec} (Caffeine's keys, and
 * {@code scanLimit}); this class adds one rule of its own: {@code maximumSize} is required, so that no cache a
 * Spring application names by configuration is unbounded by omission. A {@code refreshAfterWrite} cache needs a
 * loader ({@link ClockProCacheManager#setCacheLoader}); a {@code maximumWeight} is refused with the required
 * {@code maximumSize}.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #parse(String)} checks everything the builder would check, so that a specification that parses
 *       builds: a missing {@code maximumSize}, and everything {@link CacheBuilderSpec#parse} refuses, each throw
 *       {@link IllegalArgumentException} whose message names the key and quotes the specification.
 *   <li>Spaces around keys, values and commas are ignored; an empty specification, or one of commas alone, is
 *       refused for its missing {@code maximumSize}.
 *   <li>A spec is immutable; {@link #toString()} gives it back in the order it was written, without spaces, and
 *       parses to an equal spec.
 * </ul>
 */
public final class ClockProCacheSpec {

  static final String MAXIMUM_SIZE = "maximumSize";

  private final CacheBuilderSpec spec;

  private ClockProCacheSpec(CacheBuilderSpec spec) {
    this.spec = spec;
  }

  /**
   * Parses a specification.
   *
   * @param specification comma-separated {@code key=value} pairs; see the class description
   * @return the parsed spec
   * @throws NullPointerException if {@code specification} is null
   * @throws IllegalArgumentException if the specification is not valid, with a message naming the key
   */
  public static ClockProCacheSpec parse(String specification) {
    requireNonNull(specification, "specification");
    CacheBuilderSpec spec = CacheBuilderSpec.parse(specification);
    if (!spec.sets(MAXIMUM_SIZE)) {
      throw new IllegalArgumentException(
          "Invalid cache specification '" + specification + "': " + MAXIMUM_SIZE + " is required");
    }
    return new ClockProCacheSpec(spec);
  }

  /**
   * Returns a new builder with this spec's settings made; further settings (a removal listener, a ticker) may be
   * added before it builds.
   *
   * @return a new builder
   */
  public CacheBuilder<Object, Object> toBuilder() {
    return spec.toBuilder();
  }

  /**
   * Returns the specification in the order it was written, without spaces.
   *
   * @return the specification
   */
  @Override
  public String toString() {
    return spec.toString();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ClockProCacheSpec && spec.equals(((ClockProCacheSpec) other).spec);
  }

  @Override
  public int hashCode() {
    return spec.hashCode();
  }
}
