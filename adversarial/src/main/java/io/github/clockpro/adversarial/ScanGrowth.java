package io.github.clockpro.adversarial;

import io.github.clockpro.peers.Implementation;
import java.util.List;

/**
 * The eviction work of one cache at one size, over all patterns: the most entries one operation examined, and
 * the mean per eviction (all entries examined over all evictions).
 *
 * @param cache the cache
 * @param cacheSize the size
 * @param maximumExamined the most entries one operation examined, in any pattern
 * @param meanExamined all entries examined divided by all evictions
 * @param worstPattern the pattern that produced {@code maximumExamined}
 */
record ScanGrowth(Implementation cache, int cacheSize, long maximumExamined, double meanExamined, String worstPattern) {

  /** Summarises the measurements of one cache at one size; {@code null} if there are none with scans. */
  static ScanGrowth of(Implementation cache, int cacheSize, List<Measurement> measurements) {
    long maximum = 0;
    long examined = 0;
    long evictions = 0;
    String worst = null;
    for (Measurement measurement : measurements) {
      if (measurement.cache() != cache || measurement.cacheSize() != cacheSize || !measurement.reportsScans()) {
        continue;
      }
      if (worst == null || measurement.maximumExaminedInOneOperation() > maximum) {
        maximum = measurement.maximumExaminedInOneOperation();
        worst = measurement.pattern();
      }
      examined += measurement.entriesExamined();
      evictions += measurement.evictions();
    }
    if (worst == null) {
      return null;
    }
    return new ScanGrowth(cache, cacheSize, maximum, evictions == 0 ? 0 : (double) examined / evictions, worst);
  }
}
