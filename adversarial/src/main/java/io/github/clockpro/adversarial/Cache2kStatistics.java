package io.github.clockpro.adversarial;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The eviction counters of a cache2k cache, parsed from its {@code toString()}, which prints its statistics:
 * {@code evict=} (entries evicted) and {@code evictionScanCount=} (entries the eviction examined), summed over
 * the eviction segments.
 *
 * @param evicted the entries evicted so far
 * @param scanned the entries examined by evictions so far
 */
record Cache2kStatistics(long evicted, long scanned) {

  private static final Pattern EVICTED = Pattern.compile("[ ,(]evict=(\\d+)");
  private static final Pattern SCANNED = Pattern.compile("[ ,(]evictionScanCount=(\\d+)");

  /**
   * Parses the output of cache2k's {@code Cache.toString()}.
   *
   * @throws IllegalArgumentException if either counter is missing
   */
  static Cache2kStatistics parse(String description) {
    return new Cache2kStatistics(counter(EVICTED, description), counter(SCANNED, description));
  }

  private static long counter(Pattern pattern, String description) {
    Matcher matcher = pattern.matcher(description);
    if (!matcher.find()) {
      throw new IllegalArgumentException("description has no " + pattern.pattern() + ": " + description);
    }
    return Long.parseLong(matcher.group(1));
  }
}
