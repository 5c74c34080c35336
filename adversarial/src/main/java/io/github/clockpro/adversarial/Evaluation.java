package io.github.clockpro.adversarial;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.Implementation;

/**
 * A fuzz program run once against a fresh {@link ClockProCache} with the default scan limit, and its score.
 *
 * <p>The score rewards both goals of the search: eviction work and lost hits. It is the mean number of entries
 * examined per eviction, weighted up by the miss rate, plus the longest single scan as a fraction of the limit:
 * {@code mean * confidence * (1 + missRate) + maximum / limit}. The confidence, {@code min(1, evictions /
 * (cacheSize / 10))}, keeps a program with one long eviction from outscoring sustained work.
 *
 * @param program the program
 * @param measurement what the run measured
 */
public record Evaluation(Program program, Measurement measurement) {

  /**
   * Runs a program against a fresh cache.
   *
   * @param program the program
   * @return its evaluation
   * @throws NullPointerException if {@code program} is null
   */
  public static Evaluation of(Program program) {
    java.util.Objects.requireNonNull(program, "program");
    int limit = CacheBuilder.DEFAULT_SCAN_LIMIT;
    try (ClockProTarget target = new ClockProTarget(program.cacheSize(), limit)) {
      Measurement measurement = PatternRunner.drive("fuzz", program.open(), KeyShape.PLAIN, Implementation.CLOCKPRO,
          target, program.cacheSize(), program.seed());
      return new Evaluation(program, measurement);
    }
  }

  /**
   * Returns the score the search maximises.
   *
   * @return {@code mean * confidence * (1 + missRate) + maximum / limit}
   */
  public double score() {
    double missRate = 1 - measurement.hitRate();
    double confidence = Math.min(1, measurement.evictions() / (measurement.cacheSize() / 10.0));
    return measurement.meanExaminedPerEviction() * confidence * (1 + missRate)
        + (double) measurement.maximumExaminedInOneOperation() / measurement.scanLimit();
  }

  /**
   * Returns the entries examined by evictions per operation of the program.
   *
   * @return all entries examined divided by all operations
   */
  public double examinedPerOperation() {
    return measurement.operations() == 0 ? 0 : (double) measurement.entriesExamined() / measurement.operations();
  }

  /**
   * Returns whether the run broke the cache's contract: a scan over the limit, or statistics that disagree with
   * the per-operation counts.
   *
   * @return {@code true} for a finding to report
   */
  public boolean violates() {
    return !measurement.withinScanLimit() || !measurement.crossCheck().isEmpty();
  }

  /**
   * Returns a one-line summary of the measurement.
   *
   * @return the score, scan figures and hit rate
   */
  public String summary() {
    return String.format(java.util.Locale.ROOT,
        "score %.3f, examined per operation %.3f, mean examined per eviction %.3f, max examined %d (limit %d), hit rate %.3f, evictions %d",
        score(), examinedPerOperation(), measurement.meanExaminedPerEviction(), measurement.maximumExaminedInOneOperation(),
        measurement.scanLimit(), measurement.hitRate(), measurement.evictions())
        + (measurement.crossCheck().isEmpty() ? "" : ", " + measurement.crossCheck());
  }
}
