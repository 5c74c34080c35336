package io.github.clockpro.examples;

import io.github.clockpro.bench.memory.MemoryResult;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.ScanLengthHistogram;

/**
 * One implementation's row of the showcase's table.
 *
 * @param implementation the implementation
 * @param requests the requests replayed over all threads
 * @param hits the requests that did not run the loader
 * @param nanoseconds the wall-clock time of the replay, over all its rounds
 * @param cpuNanoseconds the CPU time the JVM's threads spent during the replay's rounds (see {@link Showcase})
 * @param scanLengths for ours, the entries examined per eviction; {@code null} for the peers, which do not
 *     publish it
 * @param memory the cache's retained memory when full; {@code null} until measured
 */
record ShowcaseResult(Implementation implementation, long requests, long hits, long nanoseconds,
    long cpuNanoseconds, ScanLengthHistogram scanLengths, MemoryResult memory) {

  /** Returns the hits as a percentage of the requests. */
  double hitRatePercent() {
    return requests == 0 ? 0.0 : 100.0 * hits / requests;
  }

  /** Returns the requests per second over all threads. */
  double requestsPerSecond() {
    return nanoseconds == 0 ? 0.0 : requests * 1e9 / nanoseconds;
  }

  /** Returns the CPU time per request, in nanoseconds. */
  double cpuNanosecondsPerRequest() {
    return requests == 0 ? 0.0 : (double) cpuNanoseconds / requests;
  }

  /** Returns this result's requests per second divided by {@code other}'s. */
  double ratioTo(ShowcaseResult other) {
    return requestsPerSecond() / other.requestsPerSecond();
  }
}
