package io.github.clockpro.bench.policy;

import io.github.clockpro.CacheStats;
import io.github.clockpro.peers.ClockProAdapter;
import io.github.clockpro.peers.ClockProAdapter.PolicySnapshot;
import io.github.clockpro.peers.PeerCache;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an eviction policy has done, from the cache's own counters: the evictions, the entries its hands examined
 * for them, the hits of its history of evicted keys, and how many history entries it holds and may hold at most.
 * The work over a replay is the difference of two snapshots ({@link #since}).
 *
 * @param evictions entries evicted
 * @param examined entries the policy's hands examined for those evictions
 * @param historyHits misses on a key that the history still held (clockpro: in its test period; cache2k: a ghost)
 * @param historySize history entries held
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
   * Reads the counters of clockpro or cache2k. cache2k's are read from its {@code toString()}: {@code evict},
   * {@code evictionScanCount}, and the sums over its segments of {@code ghostHits}, {@code ghostSize} and
   * {@code ghostMaxSize}.
   *
   * @throws IllegalArgumentException if cache2k's text lacks one of those counts
   */
  static PolicyWork of(PeerCache<Long, Long> cache) {
    if (cache instanceof ClockProAdapter<Long, Long> clockPro) {
      CacheStats stats = clockPro.cache().stats();
      PolicySnapshot policy = ClockProAdapter.policy(clockPro.cache());
      return new PolicyWork(stats.evictionCount() - stats.expirationCount(), stats.scanCount(), policy.historyHitCount(),
          policy.historySize(), policy.historyLimit());
    }
    String text = cache.unwrap().toString();
    return new PolicyWork(sum(text, "evict"), sum(text, "evictionScanCount"), sum(text, "ghostHits"),
        sum(text, "ghostSize"), sum(text, "ghostMaxSize"));
  }

  /** The work done since the earlier snapshot; the history's size and limit are this snapshot's. */
  PolicyWork since(PolicyWork earlier) {
    return new PolicyWork(evictions - earlier.evictions, examined - earlier.examined,
        historyHits - earlier.historyHits, historySize, historyLimit);
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
