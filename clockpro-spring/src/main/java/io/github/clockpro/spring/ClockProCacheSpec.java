package io.github.clockpro.spring;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A cache configuration written as text, as Caffeine's {@code CaffeineSpec}: comma-separated {@code key=value}
 * pairs, for example {@code maximumSize=10000,expireAfterWrite=10m}. Parse one with {@link #parse(String)}, then
 * take a fresh {@link CacheBuilder} for each cache from {@link #toBuilder()}.
 *
 * <h2>Keys</h2>
 * <ul>
 *   <li>{@code maximumSize}: required; {@link CacheBuilder#maximumSize(long)}.
 *   <li>{@code initialCapacity}: {@link CacheBuilder#initialCapacity(int)}.
 *   <li>{@code scanLimit}: {@link CacheBuilder#scanLimit(int)}.
 *   <li>{@code expireAfterWrite}, {@code expireAfterAccess}: durations; at most one of the two.
 *   <li>{@code refreshAfterWrite}: a duration, with or without expiry; the cache needs a loader
 *       ({@link ClockProCacheManager#setCacheLoader}).
 * </ul>
 * A duration is a whole number followed by a unit, {@code ms}, {@code s}, {@code m}, {@code h} or {@code d}
 * ({@code 90s}, {@code 10m}), or an ISO-8601 duration ({@code PT10M}).
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #parse(String)} checks everything the builder would check, so that a specification that parses
 *       builds: an unknown, repeated or empty key, a missing {@code =} or value, a number or duration that does not
 *       parse or is out of range, a missing {@code maximumSize}, and a combination the builder refuses each throw
 *       {@link IllegalArgumentException} whose message names the key and quotes the specification.
 *   <li>Spaces around keys, values and commas are ignored; an empty specification, or one of commas alone, is
 *       refused for its missing {@code maximumSize}.
 *   <li>A spec is immutable; {@link #toString()} gives it back in the order it was written, without spaces, and
 *       parses to an equal spec.
 * </ul>
 */
public final class ClockProCacheSpec {

  /*
   * Design overview
   *
   * Parsing stores each pair's parsed value in insertion order, then builds one probe builder from them and
   * discards it: the builder is the single authority on ranges and combinations (expireAfterWrite with
   * expireAfterAccess), and its message, which names the setting, is passed on with
   * the specification quoted. toBuilder repeats the same calls on a new builder, so it cannot fail.
   *
   * Reading guide: parse, then the value parsers, then toBuilder.
   */

  static final String MAXIMUM_SIZE = "maximumSize";
  static final String INITIAL_CAPACITY = "initialCapacity";
  static final String SCAN_LIMIT = "scanLimit";
  static final String EXPIRE_AFTER_WRITE = "expireAfterWrite";
  static final String EXPIRE_AFTER_ACCESS = "expireAfterAccess";
  static final String REFRESH_AFTER_WRITE = "refreshAfterWrite";

  private final String specification;

  /** The parsed value of each key given, a Long or an Integer for the sizes and a Duration for the times. */
  private final Map<String, Object> settings;

  private ClockProCacheSpec(String specification, Map<String, Object> settings) {
    this.specification = specification;
    this.settings = Collections.unmodifiableMap(settings);
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
    Map<String, Object> settings = new LinkedHashMap<>();
    for (String pair : specification.split(",", -1)) {
      if (pair.isBlank()) {
        continue;
      }
      int equals = pair.indexOf('=');
      if (equals < 0) {
        throw invalid(specification, "'" + pair.strip() + "' has no '=' and value");
      }
      String key = pair.substring(0, equals).strip();
      String value = pair.substring(equals + 1).strip();
      if (key.isEmpty()) {
        throw invalid(specification, "a pair has no key before '='");
      }
      if (value.isEmpty()) {
        throw invalid(specification, key + " has no value");
      }
      if (settings.containsKey(key)) {
        throw invalid(specification, key + " is given twice");
      }
      settings.put(key, parseValue(specification, key, value));
    }
    if (!settings.containsKey(MAXIMUM_SIZE)) {
      throw invalid(specification, MAXIMUM_SIZE + " is required");
    }
    ClockProCacheSpec spec = new ClockProCacheSpec(specification, settings);
    spec.apply(ClockProCache.builder(), true);
    return spec;
  }

  /**
   * Returns a new builder with this spec's settings made; further settings (a removal listener, a ticker) may be
   * added before it builds.
   *
   * @return a new builder
   */
  public CacheBuilder<Object, Object> toBuilder() {
    return apply(ClockProCache.builder(), false);
  }

  /**
   * Returns the specification in the order it was written, without spaces.
   *
   * @return the specification
   */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    settings.forEach((key, value) -> {
      if (text.length() > 0) {
        text.append(',');
      }
      text.append(key).append('=').append(value instanceof Duration ? ((Duration) value).toString() : value);
    });
    return text.toString();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ClockProCacheSpec && settings.equals(((ClockProCacheSpec) other).settings);
  }

  @Override
  public int hashCode() {
    return settings.hashCode();
  }

  private static Object parseValue(String specification, String key, String value) {
    switch (key) {
      case MAXIMUM_SIZE:
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
        throw invalid(specification, "unknown key '" + key + "'; the keys are " + MAXIMUM_SIZE + ", "
            + INITIAL_CAPACITY + ", " + SCAN_LIMIT + ", " + EXPIRE_AFTER_WRITE + ", " + EXPIRE_AFTER_ACCESS + " and "
            + REFRESH_AFTER_WRITE);
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
      case MAXIMUM_SIZE:
        builder.maximumSize((Long) value);
        break;
      case INITIAL_CAPACITY:
        builder.initialCapacity((Integer) value);
        break;
      case SCAN_LIMIT:
        builder.scanLimit((Integer) value);
        break;
      case EXPIRE_AFTER_WRITE:
        builder.expireAfterWrite((Duration) value);
        break;
      case EXPIRE_AFTER_ACCESS:
        builder.expireAfterAccess((Duration) value);
        break;
      case REFRESH_AFTER_WRITE:
        builder.refreshAfterWrite((Duration) value);
        break;
      default:
        throw new AssertionError("parseValue accepted the unknown key " + key);
    }
  }

  private static IllegalArgumentException invalid(String specification, String problem) {
    return new IllegalArgumentException("Invalid cache specification '" + specification + "': " + problem);
  }
}
