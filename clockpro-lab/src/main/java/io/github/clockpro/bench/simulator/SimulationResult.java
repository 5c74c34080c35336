package io.github.clockpro.bench.simulator;

import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.ScanLengthHistogram;

/**
 * The outcome of replaying one trace at one size through one implementation.
 *
 * @param trace the trace's name
 * @param size the cache's maximum size
 * @param implementation the implementation
 * @param events the number of keys replayed
 * @param hits the events that found their key in the cache
 * @param nanoseconds the replay's wall-clock time
 * @param scanLengths for {@link Implementation#CLOCKPRO}, the entries examined per eviction; otherwise
 *     {@code null}
 */
public record SimulationResult(String trace, int size, Implementation implementation, long events, long hits,
    long nanoseconds, ScanLengthHistogram scanLengths) {

  /** Returns the hits as a percentage of all events. */
  public double hitRatePercent() {
    return events == 0 ? 0.0 : 100.0 * hits / events;
  }
}
