package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A cache configuration written as text, in the format of Caffeine's {@code CaffeineSpec}: comma-separated keys,
 * each {@code key=value} or, for a flag, the key alone; for example
 * {@code maximumSize=10000,expireAfterWrite=10m,recordStats}. Parse one with {@link #parse(String)}, then take a new
 * {@link CacheBuilder} for each cache from {@link #toBuilder()}, or use {@link CacheBuilder#from(String)}.
 *
 * <h2>Keys</h2>
 * <ul>
 *   <li>{@code initialCapacity}, {@code maximumSize}, {@code maximumWeight}, {@code scanLimit}: whole numbers, for
 *       the builder's settings of those names ({@code maximumWeight} needs a {@link CacheBuilder#weigher} set on
 *       the builder before it builds);
 *   <li>{@code expireAfterWrite}, {@code expireAfterAccess}, {@code refreshAfterWrite}: durations;
 *   <li>{@code recordStats}: a flag, accepted (statistics are always recorded);
 *   <li>{@code weakKeys}, {@code weakValues}, {@code softValues}: flags, for {@link CacheBuilder#weakKeys},
 *       {@link CacheBuilder#weakValues} and {@link CacheBuilder#softValues}.
 * </ul>
 * A duration is a whole number followed by a unit, {@code ms}, {@code s}, {@code m}, {@code h} or {@code d}
 * ({@code 90s}, {@code 10m}; the unit in either case), or an ISO-8601 duration ({@code PT10M}).
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #parse(String)} checks everything the builder would check, so that a specification that parses
 *       builds (but for a weigher a {@code maximumWeight} needs): an unknown, repeated or empty key, a missing
 *       value or a value given to a flag, a number or duration that does not parse or is out of range, and a
 *       combination the builder refuses each throw {@link IllegalArgumentException} whose message names the key
 *       and quotes the specification.
 *   <li>Spaces around keys, values and commas are ignored; an empty specification gives a builder with no
 *       settings.
 *   <li>A spec is immutable; {@link #toString()} gives it back in the order it was written, without spaces, with
 *       durations in ISO-8601, and parses to an equal spec.
 * </ul>
 */
public final class CacheBuilderSpec {

  /*
   * Design overview
   *
   * Parsing stores each key's parsed value in the order written (a Long, an Integer, a Duration, or Boolean.TRUE for
   * a flag), then makes the settings on a probe builder and discards it: the builder is the single authority on
   * ranges and combinations, and its message, which names the setting, is passed on with the specification
   * quoted. toBuilder repeats the same calls on a new builder, so it cannot fail.
   *
   * Reading guide: parse, then the value parsers, then the settings.
   */

  private static final String INITIAL_CAPACITY = "initialCapacity";
  private static final String MAXIMUM_SIZE = "maximumSize";
  private static final String MAXIMUM_WEIGHT = "maximumWeight";
  private static final String SCAN_LIMIT = "scanLimit";
  private static final String EXPIRE_AFTER_WRITE = "expireAfterWrite";
  private static final String EXPIRE_AFTER_ACCESS = "expireAfterAccess";
  private static final String REFRESH_AFTER_WRITE = "refreshAfterWrite";
  private static final String RECORD_STATS = "recordStats";
  private static final String WEAK_KEYS = "weakKeys";
  private static final String WEAK_VALUES = "weakValues";
  private static final String SOFT_VALUES = "softValues";
  private static final Set<String> FLAGS = Set.of(RECORD_STATS, WEAK_KEYS, WEAK_VALUES, SOFT_VALUES);
  private static final String KEYS = "initialCapacity, maximumSize, maximumWeight, scanLimit, expireAfterWrite,"
      + " expireAfterAccess, refreshAfterWrite, recordStats, weakKeys, weakValues and softValues";

  private final String specification;
  /** The parsed value of each key given; see the design overview. */
  private final Map<String, Object> settings;

  private CacheBuilderSpec(String specification, Map<String, Object> settings) {
    this.specification = specification;
    this.settings = Collections.unmodifiableMap(settings);
  }

  /**
   * Parses a specification.
   *
   * @param specification comma-separated keys; see the class description
   * @return the parsed spec
   * @throws NullPointerException if {@code specification} is null
   * @throws IllegalArgumentException if the specification is not valid, with a message naming the key
   */
  public static CacheBuilderSpec parse(String specification) {
    requireNonNull(specification, "specification");
    Map<String, Object> settings = new LinkedHashMap<>();
    for (String pair : specification.split(",", -1)) {
      if (pair.isBlank()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String key = (equals < 0 ? pair : pair.substring(0, equals)).strip();
      if (key.isEmpty()) {
        throw invalid(specification, "a pair has no key before '='");
      }
      if (settings.containsKey(key)) {
        throw invalid(specification, key + " is given twice");
      }
      String value = equals < 0 ? null : pair.substring(equals + 1).strip();
      settings.put(key, parseValue(specification, key, value));
    }
    CacheBuilderSpec spec = new CacheBuilderSpec(specification, settings);
    spec.apply(new CacheBuilder<>(), true);
    return spec;
  }

  /**
   * Returns a new builder with this spec's settings made; further settings may be made before it builds.
   *
   * @return a new builder
   */
  public CacheBuilder<Object, Object> toBuilder() {
    return apply(new CacheBuilder<>(), false);
  }

  /**
   * {@return whether the specification sets the key, for example {@code "maximumSize"}}
   *
   * @param key a key of the specification
   */
  public boolean sets(String key) {
    return settings.containsKey(requireNonNull(key, "key"));
  }

  /** {@return the specification in the order it was written, without spaces, durations in ISO-8601} */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    settings.forEach((key, value) -> {
      if (text.length() > 0) {
        text.append(',');
      }
      text.append(key);
      if (value != Boolean.TRUE) {
        text.append('=').append(value);
      }
    });
    return text.toString();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CacheBuilderSpec && settings.equals(((CacheBuilderSpec) other).settings);
  }

  @Override
  public int hashCode() {
    return settings.hashCode();
  }

  private static Object parseValue(String specification, String key, String value) {
    if (FLAGS.contains(key)) {
      if (value != null) {
        throw invalid(specification, key + " takes no value but was given '" + value + "'");
      }
      return Boolean.TRUE;
    }
    if (value == null) {
      throw invalid(specification, "'" + key + "' has no '=' and value");
    }
    if (value.isEmpty()) {
      throw invalid(specification, key + " has no value");
    }
    switch (key) {
      case MAXIMUM_SIZE:
      case MAXIMUM_WEIGHT:
        return parseLong(specification, key, value);
      case INITIAL_CAPACITY:
      case SCAN_LIMIT:
        long number = parseLong(specification, key, value);
        if (number != (int) number) {
          throw invalid(specification, key + " must be at most " + Integer.MAX_VALUE + " but was " + value);
        }
        return (int) number;
      case EXPIRE_AFTER_WRITE:
      case EXPIRE_AFTER_ACCESS:
      case REFRESH_AFTER_WRITE:
        return parseDuration(specification, key, value);
      default:
        throw invalid(specification, "unknown key '" + key + "'; the keys are " + KEYS);
    }
  }

  private static long parseLong(String specification, String key, String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw invalid(specification, key + " must be a whole number but was '" + value + "'");
    }
  }

  private static Duration parseDuration(String specification, String key, String value) {
    if (value.charAt(0) == 'P' || value.charAt(0) == 'p') {
      try {
        return Duration.parse(value);
      } catch (DateTimeParseException e) {
        throw invalid(specification, key + " is not an ISO-8601 duration: '" + value + "'");
      }
    }
    String lower = value.toLowerCase(Locale.ROOT);
    int unitStart = 0;
    while (unitStart < lower.length() && Character.isDigit(lower.charAt(unitStart))) {
      unitStart++;
    }
    String unit = lower.substring(unitStart);
    if (unitStart == 0 || unit.isEmpty()) {
      throw invalid(specification, key + " must be a whole number and a unit (ms, s, m, h or d) or an ISO-8601"
          + " duration but was '" + value + "'");
    }
    long amount;
    try {
      amount = Long.parseLong(lower.substring(0, unitStart));
    } catch (NumberFormatException e) {
      throw invalid(specification, key + " is too large: '" + value + "'");
    }
    try {
      switch (unit) {
        case "ms":
          return Duration.ofMillis(amount);
        case "s":
          return Duration.ofSeconds(amount);
        case "m":
          return Duration.ofMinutes(amount);
        case "h":
          return Duration.ofHours(amount);
        case "d":
          return Duration.ofDays(amount);
        default:
          throw invalid(specification, key + " has the unknown unit '" + unit + "'; the units are ms, s, m, h and d");
      }
    } catch (ArithmeticException e) {
      throw invalid(specification, key + " is too large: '" + value + "'");
    }
  }

  /**
   * Makes the settings on the builder. With {@code wrapFailures}, a setting the builder refuses becomes an
   * {@link IllegalArgumentException} naming the key and quoting the specification.
   */
  private CacheBuilder<Object, Object> apply(CacheBuilder<Object, Object> builder, boolean wrapFailures) {
    for (Map.Entry<String, Object> setting : settings.entrySet()) {
      try {
        set(builder, setting.getKey(), setting.getValue());
      } catch (IllegalArgumentException | IllegalStateException e) {
        if (!wrapFailures) {
          throw e;
        }
        throw invalid(specification, setting.getKey() + ": " + e.getMessage());
      }
    }
    return builder;
  }

  private static void set(CacheBuilder<Object, Object> builder, String key, Object value) {
    switch (key) {
      case INITIAL_CAPACITY -> builder.initialCapacity((Integer) value);
      case MAXIMUM_SIZE -> builder.maximumSize((Long) value);
      case MAXIMUM_WEIGHT -> builder.maximumWeight((Long) value);
      case SCAN_LIMIT -> builder.scanLimit((Integer) value);
      case EXPIRE_AFTER_WRITE -> builder.expireAfterWrite((Duration) value);
      case EXPIRE_AFTER_ACCESS -> builder.expireAfterAccess((Duration) value);
      case REFRESH_AFTER_WRITE -> builder.refreshAfterWrite((Duration) value);
      case RECORD_STATS -> builder.recordStats();
      case WEAK_KEYS -> builder.weakKeys();
      case WEAK_VALUES -> builder.weakValues();
      case SOFT_VALUES -> builder.softValues();
      default -> throw new AssertionError("parseValue accepted the unknown key " + key);
    }
  }

  private static IllegalArgumentException invalid(String specification, String problem) {
    return new IllegalArgumentException("Invalid cache specification '" + specification + "': " + problem);
  }
}
