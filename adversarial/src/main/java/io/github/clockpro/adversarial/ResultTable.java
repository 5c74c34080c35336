package io.github.clockpro.adversarial;

import java.util.List;
import java.util.Locale;

/** Formats measurements as Markdown tables, read the same on a terminal and in {@code docs/adversarial.md}. */
final class ResultTable {

  private ResultTable() {}

  static String header() {
    return "| cache | size | operations | evictions | max examined in one operation | mean examined per eviction "
        + "| worst operation (µs) | hit rate |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  }

  static String row(Measurement measurement) {
    String maximum = measurement.reportsScans() ? String.format(Locale.ROOT, "%,d",
        measurement.maximumExaminedInOneOperation()) : "n/a";
    String mean = measurement.reportsScans() ? String.format(Locale.ROOT, "%.2f",
        measurement.meanExaminedPerEviction()) : "n/a";
    return String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %s | %s | %,.1f | %.1f%% |%n",
        measurement.cache().displayName(), measurement.cacheSize(), measurement.operations(),
        measurement.evictions(), maximum, mean, measurement.worstLatencyNanos() / 1000.0,
        100 * measurement.hitRate());
  }

  static String table(List<Measurement> measurements) {
    StringBuilder text = new StringBuilder(header());
    for (Measurement measurement : measurements) {
      text.append(row(measurement));
    }
    return text.toString();
  }
}
