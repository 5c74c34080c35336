package io.github.clockpro.bench.simulator;

import io.github.clockpro.bench.workload.Trace;
import io.github.clockpro.peers.ClockProAdapter;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
import io.github.clockpro.peers.ScanLengthHistogram;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Replays traces through each implementation, single-threaded, as get-then-put-on-miss: for each key,
 * {@code getIfPresent}; on a miss, {@code put(key, key)}. The hit rate counts every event from a cold start.
 *
 * <p>Each implementation is configured for deterministic replay (see
 * {@link Implementation#createForSimulation}).
 */
public final class TraceSimulator {

  private final List<Implementation> implementations;

  /**
   * @param implementations the implementations to compare, in column order
   */
  public TraceSimulator(List<Implementation> implementations) {
    if (implementations.isEmpty()) {
      throw new IllegalArgumentException("implementations must not be empty");
    }
    this.implementations = List.copyOf(implementations);
  }

  /**
   * Replays every trace at each of its sizes through every implementation.
   *
   * @param traces the traces
   * @param progress receives one line per trace and size, or {@code null} for none
   * @return one result per trace, size and implementation
   */
  public List<SimulationResult> run(List<Trace> traces, PrintStream progress) {
    List<SimulationResult> results = new ArrayList<>();
    for (Trace trace : traces) {
      for (int size : trace.sizes()) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-20s %8d", trace.name(), size));
        for (Implementation implementation : implementations) {
          SimulationResult result = replay(trace, size, implementation);
          results.add(result);
          line.append(String.format(Locale.ROOT, "  %s %6.2f%%", implementation.displayName(),
              result.hitRatePercent()));
        }
        if (progress != null) {
          progress.println(line);
        }
      }
    }
    return results;
  }

  /**
   * Replays one trace at one size through one implementation.
   *
   * @param trace the trace
   * @param size the cache's maximum size
   * @param implementation the implementation
   * @return the hits, and for ours the entries examined per eviction
   */
  public static SimulationResult replay(Trace trace, int size, Implementation implementation) {
    ScanLengthHistogram scanLengths = null;
    long hits = 0;
    long start = System.nanoTime();
    try (PeerCache<Long, Long> cache = implementation.createForSimulation(size)) {
      for (long rawKey : trace.keys()) {
        Long key = rawKey;
        if (cache.getIfPresent(key) != null) {
          hits++;
        } else {
          cache.put(key, key);
        }
      }
      if (cache instanceof ClockProAdapter<Long, Long> clockPro) {
        scanLengths = ScanLengthHistogram.of(ClockProAdapter.policy(clockPro.cache()));
      }
    }
    long elapsed = System.nanoTime() - start;
    return new SimulationResult(trace.name(), size, implementation, trace.keys().length, hits, elapsed,
        scanLengths);
  }
}
