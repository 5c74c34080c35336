package io.github.clockpro.adversarial;

import io.github.clockpro.peers.Implementation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command-line campaign behind {@code bin/adversarial}: runs the named patterns against the chosen caches
 * and sizes, prints one table per pattern, fuzzes {@link io.github.clockpro.ClockProCache}, and optionally
 * regenerates {@code docs/adversarial.md} and its plot. See {@link CampaignOptions#USAGE}.
 *
 * <p>Exits with status 1 if the cache broke its scan bound or its statistics disagreed with its per-operation
 * counts, 2 on a bad command line.
 */
public final class Campaign {

  private Campaign() {}

  /**
   * Runs the campaign.
   *
   * @param arguments the command line; {@code --help} lists the options
   */
  public static void main(String[] arguments) {
    PrintStream out = System.out;
    CampaignOptions options;
    try {
      options = CampaignOptions.parse(arguments);
    } catch (IllegalArgumentException badOption) {
      System.err.println(badOption.getMessage());
      System.err.println(CampaignOptions.USAGE);
      System.exit(2);
      return;
    }
    if (options.help) {
      out.println(CampaignOptions.USAGE);
      return;
    }
    if (options.list) {
      for (AccessPattern pattern : Patterns.all()) {
        out.println(pattern.name() + ": " + pattern.attack());
      }
      return;
    }
    if (options.replay != null) {
      System.exit(replay(options.replay, out) ? 0 : 1);
      return;
    }
    boolean kept = true;
    List<Measurement> measurements = new ArrayList<>();
    for (AccessPattern pattern : options.patterns) {
      out.println();
      out.println("## " + pattern.name());
      out.println(pattern.attack());
      out.println();
      out.print(ResultTable.header());
      for (int size : options.sizes) {
        for (Implementation cache : options.caches) {
          if (pattern.expires() && !Caches.supportsExpiry(cache)) {
            continue; // see Caches.supportsExpiry
          }
          System.gc(); // so that the previous cache's garbage does not pause this run's operations
          Measurement measurement = PatternRunner.run(pattern, cache, size, options.seed);
          measurements.add(measurement);
          out.print(ResultTable.row(measurement));
          if (pattern.expires() && cache == Implementation.CLOCKPRO) {
            out.println("  clockpro expired " + measurement.expirations() + " entries, at most "
                + measurement.maximumExpiredInOneOperation() + " in one call (limit " + measurement.scanLimit() + ")");
          }
          kept &= checked(measurement, out);
        }
      }
      out.flush();
    }
    Fuzzer.Result fuzz = null;
    if (options.fuzzSeconds > 0) {
      out.println();
      out.println("## fuzz (seed " + options.fuzzSeed + ", " + options.fuzzSeconds + " s)");
      fuzz = new Fuzzer(options.fuzzSeed, options.findings)
          .run(Duration.ofSeconds(options.fuzzSeconds), Long.MAX_VALUE);
      out.print(FuzzSummary.describe(fuzz));
      kept &= fuzz.violations().isEmpty();
    }
    if (options.report) {
      Path markdown = Report.write(options, measurements, fuzz, String.join(" ", arguments));
      out.println();
      out.println("Wrote " + markdown + " and its plot.");
    }
    if (!kept) {
      System.exit(1);
    }
  }

  private static boolean checked(Measurement measurement, PrintStream out) {
    boolean kept = true;
    if (!measurement.withinScanLimit()) {
      out.println("VIOLATION: " + measurement.cache().displayName() + " examined "
          + measurement.maximumExaminedInOneOperation() + " entries in one operation for eviction and expired "
          + measurement.maximumExpiredInOneOperation() + " in one call, against its limit of "
          + measurement.scanLimit() + "; replay: " + replayCommand(measurement));
      kept = false;
    }
    if (!measurement.crossCheck().isEmpty()) {
      out.println("INCONSISTENT: " + measurement.cache().displayName() + ": " + measurement.crossCheck()
          + "; replay: " + replayCommand(measurement));
      kept = measurement.cache() != Implementation.CLOCKPRO && kept;
    }
    return kept;
  }

  /**
   * Returns the command that replays one measurement of a named pattern, run from the repository root.
   *
   * @param measurement the measurement
   * @return a one-line command
   */
  public static String replayCommand(Measurement measurement) {
    return "bin/adversarial --patterns " + measurement.pattern() + " --sizes " + measurement.cacheSize()
        + " --caches " + measurement.cache().displayName() + " --seed " + measurement.seed()
        + " --fuzz-seconds 0";
  }

  private static boolean replay(String argument, PrintStream out) {
    Program program = argument.startsWith("@")
        ? Fuzzer.readFinding(Path.of(argument.substring(1)))
        : Program.parse(argument);
    Evaluation evaluation = Evaluation.of(program);
    out.println(program);
    out.println(evaluation.summary());
    if (evaluation.violates()) {
      out.println("VIOLATION: the cache broke its scan bound or its statistics disagree with its per-operation counts");
      return false;
    }
    return true;
  }
}
