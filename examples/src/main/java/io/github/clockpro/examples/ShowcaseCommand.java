package io.github.clockpro.examples;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.peers.ScanLengthHistogram;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code showcase}: replays a Zipfian workload with scans through ClockProCache, Caffeine and cache2k, printing
 * progress and then a table, while serving ClockProCache's metrics for Prometheus.
 *
 * <pre>
 * showcase [--port 9464] [--requests N] [--threads N] [--capacity N] [--miss-cost TOKENS] [--quick]
 *          [--keep-serving]
 * </pre>
 * {@code --quick} replays 400,000 requests through caches of 10,000 entries, for tests and a first look.
 * {@code --port 0} picks any free port.
 */
public final class ShowcaseCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "showcase [--port 9464] [--requests 3000000] [--threads 2] "
      + "[--capacity 100000] [--miss-cost 100] [--quick] [--keep-serving]";

  private ShowcaseCommand() {}

  /**
   * Runs the command.
   *
   * @param arguments the arguments after {@code showcase}
   * @throws IOException if the metrics port cannot be bound
   * @throws InterruptedException if interrupted
   */
  public static void run(String[] arguments) throws IOException, InterruptedException {
    ShowcaseOptions options = parse(arguments);
    try (Showcase showcase = new Showcase(options, System.out)) {
      System.out.println("ClockProCache metrics (Prometheus text format): " + showcase.metricsUrl());
      System.out.printf(Locale.ROOT, "replaying %,d requests per cache (%d threads, capacity %,d, Zipfian over "
              + "%,d keys with scans of new keys, a miss costs %,d CPU tokens)%n%n", options.requests(),
          options.threads(), options.capacity(), 10L * options.capacity(), options.missCostTokens());
      List<ShowcaseResult> results = showcase.compare();
      System.out.println();
      System.out.print(table(results));
      if (options.keepServing()) {
        System.out.println();
        System.out.println("still serving " + showcase.metricsUrl()
            + " and replaying through ClockProCache; press Ctrl-C to stop");
        showcase.replayUntilInterrupted();
      }
    }
  }

  /**
   * Parses the options.
   *
   * @throws IllegalArgumentException naming the offending argument
   */
  static ShowcaseOptions parse(String[] arguments) {
    Arguments parsed = Arguments.parse("showcase", arguments,
        Set.of("port", "requests", "threads", "capacity", "miss-cost"), Set.of("quick", "keep-serving"));
    boolean quick = parsed.flag("quick");
    int port = parsed.intValue("port", 9464, 0, 65_535);
    long requests = parsed.longValue("requests", quick ? 400_000 : 3_000_000, 1_000, 10_000_000_000L);
    int threads = parsed.intValue("threads", 2, 1, 256);
    int capacity = parsed.intValue("capacity", quick ? 10_000 : 100_000, 100, 50_000_000);
    long missCost = parsed.longValue("miss-cost", 100, 0, 1_000_000);
    return new ShowcaseOptions(port, requests, threads, capacity, missCost, parsed.flag("keep-serving"));
  }

  /** Formats the results as the showcase's final table, with each peer's ratio to ours. */
  static String table(List<ShowcaseResult> results) {
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
        "%-9s %9s %14s %12s %15s %12s %24s %16s%n", "cache", "hit rate", "requests/s", "vs clockpro",
        "CPU ns/request", "vs clockpro", "scan/eviction p50/p99/max", "bytes/entry"));
    ShowcaseResult ours = results.get(0);
    for (ShowcaseResult result : results) {
      ScanLengthHistogram scans = result.scanLengths();
      String scanColumn = scans == null
          ? "not published"
          : scans.percentile(0.50) + " / " + scans.percentile(0.99) + " / " + scans.maximum();
      table.append(String.format(Locale.ROOT, "%-9s %8.2f%% %14s %11.2fx %15s %11.2fx %24s %16.1f%n",
          result.implementation().displayName(), result.hitRatePercent(),
          String.format(Locale.ROOT, "%,.0f", result.requestsPerSecond()),
          result.ratioTo(ours), String.format(Locale.ROOT, "%,.0f", result.cpuNanosecondsPerRequest()),
          result.cpuNanosecondsPerRequest() / ours.cpuNanosecondsPerRequest(), scanColumn,
          result.memory().overheadBytesPerEntry()));
    }
    table.append("bytes/entry: JOL-measured heap a full cache retains per entry, without the Long keys and "
        + "values themselves.\n");
    table.append(String.format(Locale.ROOT, "requests/s: over all %d measured rounds, which took turns with the "
        + "other caches'; vs clockpro: the cache's requests/s divided by clockpro's.%n", Showcase.MEASURED_ROUNDS));
    table.append("CPU ns/request: CPU time of the replaying threads and of every other thread of the JVM in those "
        + "rounds (ThreadMXBean), per request; vs clockpro: divided by clockpro's, so above 1 means more work.\n");
    table.append("On a busy machine trust CPU ns/request: requests/s falls whenever other processes take the "
        + "processors, and by chance more for one cache than another; CPU time does not count that time.\n");
    table.append("clockpro's rounds ran with its live metrics bound; its scan lengths are the policy's own counts, "
        + "which the metrics read when scraped.\n");
    return table.toString();
  }
}
