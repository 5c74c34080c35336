package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Replays every shared trace at its suggested sizes through the public API (get, then put on a miss) and holds
 * each cell to no less than 1.0 point under the CLOCK-Pro authors' adaptive simulator. Skips when the traces are
 * absent.
 */
class TraceHitRateTest {

  private static final String AUTHORS = "CLOCK-Pro (authors, adaptive)";
  private static final double TOLERANCE = 1.0;

  static double replay(long[] keys, int size) {
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(size).build();
    long hits = 0;
    for (long key : keys) {
      if (cache.getIfPresent(key) != null) {
        hits++;
      } else {
        cache.put(key, key);
      }
    }
    return 100.0 * hits / keys.length;
  }

  @Test
  void shouldStayWithinOnePointOfTheAuthorsSimulatorOnEveryTrace() throws IOException {
    Path directory = TraceFiles.directory();
    assumeTrue(directory != null && Files.exists(directory.resolve("README.md")), "no shared traces found");
    Map<String, long[]> traces = new HashMap<>();
    List<String> failures = new ArrayList<>();
    double sum = 0;
    double peerSum = 0;
    int cells = 0;
    StringBuilder table = new StringBuilder(String.format("%-9s %6s %8s %8s %8s%n",
        "trace", "size", "ours", "authors", "best peer"));
    for (TraceFiles.Cell cell : TraceFiles.referenceCells(directory)) {
      Path file = directory.resolve(cell.trace() + ".trace.gz");
      if (!Files.exists(file)) {
        continue;
      }
      long[] keys = traces.computeIfAbsent(cell.trace(), name -> {
        try {
          return TraceFiles.read(file);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      double ours = replay(keys, cell.size());
      double bestPeer = Math.max(cell.reference().getOrDefault("Caffeine 3.3.1", 0.0),
          cell.reference().getOrDefault("cache2k 2.6.1", 0.0));
      Double authors = cell.reference().get(AUTHORS);
      table.append(String.format("%-9s %6d %8.2f %8s %8.2f%n", cell.trace(), cell.size(), ours,
          authors == null ? "-" : String.format("%.1f", authors), bestPeer));
      if (authors != null && ours < authors - TOLERANCE) {
        failures.add(cell.trace() + "@" + cell.size() + ": " + String.format("%.2f", ours)
            + " < authors " + authors + " - " + TOLERANCE);
      }
      sum += ours;
      peerSum += bestPeer;
      cells++;
    }
    assumeTrue(cells > 0, "no trace files found");
    table.append(String.format("mean over %d cells: ours %.2f, better of Caffeine and cache2k %.2f%n",
        cells, sum / cells, peerSum / cells));
    System.out.print(table);
    assertTrue(failures.isEmpty(), "cells below the authors' simulator: " + failures + "\n" + table);
  }
}
