package io.github.clockpro.bench.latency;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.peers.Implementation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * {@code latency}: percentiles of get and put latency of each implementation under a concurrent 90/10
 * read/write load (see {@link LatencyMeasurement}).
 *
 * <pre>
 * latency [--capacity N] [--threads N] [--seconds N]
 * </pre>
 */
public final class LatencyCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "latency [--capacity 100000] [--threads 2] [--seconds 5]";

  private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

  private LatencyCommand() {}

  /**
   * Runs the command and prints a table.
   *
   * @param arguments the arguments after {@code latency}
   * @throws InterruptedException if interrupted while measuring
   */
  public static void run(String[] arguments) throws InterruptedException {
    Arguments parsed = Arguments.parse("latency", arguments, Set.of("capacity", "threads", "seconds"), Set.of());
    int capacity = parsed.intValue("capacity", 100_000, 1, 10_000_000);
    int threads = parsed.intValue("threads", 2, 1, 64);
    int seconds = parsed.intValue("seconds", 5, 1, 3_600);
    System.out.println(table(measureAll(capacity, threads, seconds)));
  }

  /** Measures every concurrent implementation, with a warm-up of half the measured time. */
  public static List<LatencyResult> measureAll(int capacity, int threads, int seconds)
      throws InterruptedException {
    LatencyMeasurement measurement = new LatencyMeasurement(capacity, threads, seconds * 500L, seconds * 1000L);
    List<LatencyResult> results = new ArrayList<>();
    for (Implementation implementation : Implementation.CONCURRENT) {
      results.add(measurement.measure(implementation));
      System.gc();
    }
    return results;
  }

  /** Formats results as a Markdown table of microseconds, with a "vs" column against ours for p99. */
  public static String table(List<LatencyResult> results) {
    StringBuilder table = new StringBuilder(
        "| operation | implementation | samples | p50 µs | p90 µs | p99 µs | p99.9 µs | p99.99 µs | max µs |\n"
            + "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String operation : List.of("get", "put")) {
      for (LatencyResult result : results) {
        Histogram histogram = operation.equals("get") ? result.gets() : result.puts();
        table.append(String.format(Locale.ROOT, "| %s | %s | %,d", operation,
            result.implementation().displayName(), histogram.getTotalCount()));
        for (double percentile : PERCENTILES) {
          table.append(String.format(Locale.ROOT, " | %.2f", histogram.getValueAtPercentile(percentile) / 1e3));
        }
        table.append(String.format(Locale.ROOT, " | %.1f |%n", histogram.getMaxValue() / 1e3));
      }
    }
    return table.toString();
  }
}
