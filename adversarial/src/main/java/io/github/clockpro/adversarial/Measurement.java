package io.github.clockpro.adversarial;

import io.github.clockpro.peers.Implementation;
/**
 * What one run of an operation stream against one cache measured.
 *
 * @param pattern the pattern's or fuzz program's name
 * @param cache the cache driven
 * @param cacheSize the cache's maximum size
 * @param seed the seed the stream was opened with
 * @param operations the operations applied
 * @param reads the {@link OperationKind#GET} operations
 * @param hits the reads that hit
 * @param reportsScans whether the cache reports eviction scans; if not, the three scan fields are 0
 * @param evictions the entries evicted for size
 * @param entriesExamined the entries examined by all evictions
 * @param maximumExaminedInOneOperation the most entries examined by one operation
 * @param scanLimit the cache's documented bound on entries examined per eviction, or 0 if it has none
 * @param limitViolations operations that examined more than {@code scanLimit} entries, by any of the cache's own
 *     reports (for {@link Implementation#CLOCKPRO}: the per-operation change in {@code stats()}, and {@code policy()}),
 *     or expired more than {@code scanLimit} entries
 * @param worstLatencyNanos the longest single operation, in nanoseconds
 * @param crossCheck empty if the cache's own totals agree with the per-operation record, else the disagreement
 * @param expirations the entries expired, for {@link Implementation#CLOCKPRO} with an expiring pattern; else 0
 * @param maximumExpiredInOneOperation the most entries one cache call expired (by the change in
 *     {@code stats().expirationCount()}), for {@link Implementation#CLOCKPRO}; else 0
 */
public record Measurement(
    String pattern,
    Implementation cache,
    int cacheSize,
    long seed,
    long operations,
    long reads,
    long hits,
    boolean reportsScans,
    long evictions,
    long entriesExamined,
    long maximumExaminedInOneOperation,
    int scanLimit,
    long limitViolations,
    long worstLatencyNanos,
    String crossCheck,
    long expirations,
    long maximumExpiredInOneOperation) {

  /**
   * Returns the fraction of reads that hit.
   *
   * @return a value in {@code [0, 1]}, or 0 if there were no reads
   */
  public double hitRate() {
    return reads == 0 ? 0 : (double) hits / reads;
  }

  /**
   * Returns the mean number of entries examined per evicted entry.
   *
   * @return the mean, or 0 if nothing was evicted
   */
  public double meanExaminedPerEviction() {
    return evictions == 0 ? 0 : (double) entriesExamined / evictions;
  }

  /**
   * Returns whether the cache kept its documented scan bound during the run.
   *
   * @return {@code true} if it has no bound or kept it
   */
  public boolean withinScanLimit() {
    return limitViolations == 0 && (scanLimit == 0
        || maximumExaminedInOneOperation <= scanLimit && maximumExpiredInOneOperation <= scanLimit);
  }
}
