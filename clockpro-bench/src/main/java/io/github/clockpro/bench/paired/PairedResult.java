package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.cache.Implementation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a paired comparison: per implementation, the operations, misses and wall time summed over the
 * measured rounds; per peer, the ratio of clockpro's throughput to the peer's in each round.
 *
 * @param workload what was measured
 * @param rounds the measured rounds
 * @param burstMillis the length of one implementation's burst in a round
 * @param totals per implementation: operations, misses and wall nanoseconds over all measured rounds
 * @param ratios per peer: clockpro's operations per second over the peer's, one per round, in round order
 */
public record PairedResult(PairedWorkload workload, int rounds, long burstMillis,
    Map<Implementation, long[]> totals, Map<Implementation, List<Double>> ratios) {

  /** Copies the maps, so the result cannot change. */
  public PairedResult {
    totals = Map.copyOf(totals);
    ratios = Map.copyOf(ratios);
  }

  /** Operations per second of the implementation over all its measured bursts. */
  public double throughput(Implementation implementation) {
    long[] sums = totals.get(implementation);
    return sums[0] / (sums[2] / 1e9);
  }

  /** The fraction of the implementation's operations that hit. */
  public double hitRate(Implementation implementation) {
    long[] sums = totals.get(implementation);
    return 1.0 - (double) sums[1] / sums[0];
  }

  /** The median of the per-round ratios against the peer. */
  public double median(Implementation peer) {
    return quantile(peer, 0.5);
  }

  /** The lower quartile of the per-round ratios against the peer. */
  public double lowerQuartile(Implementation peer) {
    return quantile(peer, 0.25);
  }

  /** The upper quartile of the per-round ratios against the peer. */
  public double upperQuartile(Implementation peer) {
    return quantile(peer, 0.75);
  }

  /**
   * The {@code q}-quantile of the per-round ratios against the peer, interpolated linearly between the two
   * nearest ranks.
   */
  double quantile(Implementation peer, double q) {
    List<Double> sorted = new ArrayList<>(ratios.get(peer));
    Collections.sort(sorted);
    double position = q * (sorted.size() - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(sorted.size() - 1, below + 1);
    return sorted.get(below) + (position - below) * (sorted.get(above) - sorted.get(below));
  }
}
