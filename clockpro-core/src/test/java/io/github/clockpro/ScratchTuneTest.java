package io.github.clockpro;

import org.junit.jupiter.api.Test;

class ScratchTuneTest {
  @Test
  void tune() throws Exception {
    var dir = TraceFiles.directory();
    String only = System.getProperty("only", "cs");
    double sum = 0; int n = 0;
    for (TraceFiles.Cell cell : TraceFiles.referenceCells(dir)) {
      if (!only.equals("all") && !only.contains(cell.trace())) continue;
      long[] keys = TraceFiles.read(dir.resolve(cell.trace() + ".trace.gz"));
      ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(cell.size()).build();
      long hits = 0;
      for (long key : keys) { if (cache.getIfPresent(key) != null) hits++; else cache.put(key, key); }
      double ours = 100.0 * hits / keys.length; sum += ours; n++;
      System.out.printf("%-9s %6d %7.2f authors %s peers %s/%s  %s%n", cell.trace(), cell.size(), ours,
          cell.reference().get("CLOCK-Pro (authors, adaptive)"), cell.reference().get("Caffeine 3.3.1"), cell.reference().get("cache2k 2.6.1"),
          System.getProperty("verbose") != null ? cache.stats() : "");
    }
    System.out.printf("mean %.2f over %d%n", sum / n, n);
  }
}
