package io.github.clockpro.bench.policy;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an eviction policy did over a replay: the evictions, the entries its hands examined for them, the hits of
 * its history of evicted keys, and how many history entries it held at the end and may hold at most. The counts
 * are differences between two snapshots of the cache's own counters, so the warm-up before the first snapshot is
 * left out.
 *
 * @param evictions entries evicted between the snapshots
 * @param examined entries the policy's hands examined for those evictions
 * @param historyHits misses on a key that the history still held (clockpro: in its test period; cache2k: a ghost)
 * @param historySize history entries held at the second snapshot
 * @param historyLimit the most history entries the policy keeps
 */
public record PolicyWork(long evictions, long examined, long historyHits, long historySize, long historyLimit) {

  /**
   * The key=value pairs of cache2k 2's {@code toString()}: its eviction counts and, once per eviction segment,
   * its Clock-Pro+ counts. cache2k offers no other way to read them; the format is cache2k's own and checked by a
   * test against the version this module pins.
   */
  private static final Pattern COUNT = Pattern.compile("\\b(\\w+)=(\\d+)");

  /**
   * The work cache2k's counters show between two of its {@code toString()} texts: {@code evict} and
   * {@code evictionScanCount}, and the sums over its segments of {@code ghostHits}, {@code ghostSize} and
   * {@code ghostMaxSize}.
   *
   * @throws IllegalArgumentException if a text lacks one of those counts
   */
  static PolicyWork ofCache2k(String before, String after) {
    return new PolicyWork(sum(after, "evict") - sum(before, "evict"),
        sum(after, "evictionScanCount") - sum(before, "evictionScanCount"),
        sum(after, "ghostHits") - sum(before, "ghostHits"), sum(after, "ghostSize"), sum(after, "ghostMaxSize"));
  }

  /** The sum of every count of that name in the text. */
  static long sum(String text, String name) {
    long total = 0;
    boolean found = false;
    Matcher matcher = COUNT.matcher(text);
    while (matcher.find()) {
      if (matcher.group(1).equals(name)) {
        total += Long.parseLong(matcher.group(2));
        found = true;
      }
    }
    if (!found) {
      throw new IllegalArgumentException("no count '" + name + "' in cache2k's description: " + text);
    }
    return total;
  }

  /** Entries examined per eviction. */
  public double examinedPerEviction() {
    return evictions == 0 ? 0 : (double) examined / evictions;
  }

  /** History hits per eviction. */
  public double historyHitsPerEviction() {
    return evictions == 0 ? 0 : (double) historyHits / evictions;
  }

  /** One line of the command's table. */
  String format(String implementation) {
    return String.format(Locale.ROOT, "%-9s %,11d %11.2f %13.3f %,13d %,13d", implementation, evictions,
        examinedPerEviction(), historyHitsPerEviction(), historySize, historyLimit);
  }
}
