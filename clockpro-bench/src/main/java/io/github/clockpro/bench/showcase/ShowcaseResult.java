package io.github.clockpro.bench.showcase;

import io.github.clockpro.bench.Quantiles;
import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.cache.ScanLengthHistogram;
import io.github.clockpro.bench.memory.MemoryResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One implementation's row of the showcase's table.
 *
 * @param implementation the implementation
 * @param requests the requests replayed over all threads
 * @param hits the requests that did not run the loader
 * @param nanoseconds the wall-clock time of the replay, over all its rounds
 * @param roundRates requests per second over all threads in each measured round, in round order
 * @param scanLengths for ours, the entries examined per eviction; {@code null} for the peers, which do not
 *     publish it
 * @param memory the cache's retained memory when full; {@code null} until measured
 */
record ShowcaseResult(Implementation implementation, long requests, long hits, long nanoseconds,
    List<Double> roundRates, ScanLengthHistogram scanLengths, MemoryResult memory) {

  ShowcaseResult {
    roundRates = List.copyOf(roundRates);
  }

  /** Returns the hits as a percentage of the requests. */
  double hitRatePercent() {
    return requests == 0 ? 0.0 : 100.0 * hits / requests;
  }

  /** Returns the requests per second over all threads. */
  double requestsPerSecond() {
    return nanoseconds == 0 ? 0.0 : requests * 1e9 / nanoseconds;
  }

  /**
   * The median, over the rounds, of this result's rate divided by {@code other}'s in the same round.
   *
   * @throws IllegalArgumentException if the two do not have the same number of rounds, at least one
   */
  double medianRatioTo(ShowcaseResult other) {
    if (roundRates.isEmpty() || roundRates.size() != other.roundRates.size()) {
      throw new IllegalArgumentException("other must have " + roundRates.size() + " rounds but has "
          + other.roundRates.size());
    }
    List<Double> ratios = new ArrayList<>();
    for (int round = 0; round < roundRates.size(); round++) {
      double theirs = other.roundRates.get(round);
      ratios.add(theirs == 0 ? 0.0 : roundRates.get(round) / theirs);
    }
    return Quantiles.of(ratios, 0.5);
  }
}
