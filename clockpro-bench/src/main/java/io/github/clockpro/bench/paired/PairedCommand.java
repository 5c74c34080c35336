package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.bench.cache.Implementation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code paired}: clockpro against Caffeine and cache2k, each JVM measuring all three in rounds of equal bursts
 * whose order rotates, with the ratio of throughputs taken round by round (see {@link PairedComparison}); by
 * default in four forked JVMs whose rounds are pooled (see {@link PairedForks}); an even number, so that every
 * second fork's reversed creation order balances the others'.
 *
 * <pre>
 * paired [--workload zipfian|hits|random] [--capacity N] [--factor N] [--miss-cost N] [--hit-rate N]
 *        [--threads N] [--forks N] [--rounds N] [--warmup-rounds N] [--burst-millis N] [--result-file FILE]
 *        [--reverse-creation]
 * </pre>
 *
 * {@code --miss-cost} is the read-through loader's cost in {@code Blackhole.consumeCPU} tokens, 1000 by default as
 * in the JMH benchmark; 0 measures the caches' own work without the loader's. It applies to {@code zipfian} only.
 *
 * {@code --workload random} follows RandomSequence: uniformly random keys over {@code capacity x 100 / hit-rate}
 * keys, read through a loader that costs nothing. {@code --hit-rate} is that hit rate in percent, 50 by default;
 * it applies to {@code random} only, and {@code random} takes neither {@code --factor} nor {@code --miss-cost}.
 *
 * {@code --forks 0} runs the comparison in this JVM; {@code --result-file} also writes the result there, for the
 * JVM that forked this one. {@code --reverse-creation} builds the drivers in the reverse order, as every second
 * fork does (see "Creation order" in {@link PairedComparison}).
 *
 * {@code --solo} measures each implementation alone in a JVM of its own instead ({@link SoloForks}): then
 * {@code --forks} counts rounds, each of which starts one JVM per implementation whose bursts take turns, and
 * {@code --rounds} and {@code --warmup-rounds} count each JVM's measured and warm-up bursts. {@code --only NAME}
 * measures one implementation in this JVM; it takes {@code --forks 0}. {@code --serve} with {@code --only} is how
 * a solo round's JVM runs: it answers burst commands on its standard input (see {@link SoloForks}).
 */
public final class PairedCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "paired [--workload zipfian|hits|random] [--capacity 100000] [--factor 10] "
      + "[--miss-cost 1000] [--hit-rate 50] [--threads 2] [--forks 4] [--rounds 5] [--warmup-rounds 3] "
      + "[--burst-millis 1000] [--result-file FILE] [--reverse-creation] [--solo] [--only clockpro|caffeine|cache2k] "
      + "[--serve]";

  private PairedCommand() {}

  /**
   * Runs the command and prints the result.
   *
   * @param arguments the arguments after {@code paired}
   * @throws InterruptedException if interrupted while measuring
   * @throws IOException if a fork cannot be run or the result file written
   */
  public static void run(String[] arguments) throws InterruptedException, IOException {
    Arguments parsed = parse(arguments);
    PairedWorkload workload = workload(parsed);
    int forks = parsed.intValue("forks", 4, 0, 100);
    int rounds = parsed.intValue("rounds", 5, 1, 10_000);
    int warmupRounds = parsed.intValue("warmup-rounds", 3, 0, 10_000);
    long burstMillis = parsed.longValue("burst-millis", 1_000, 1, 600_000);
    boolean solo = parsed.flag("solo");
    List<Implementation> implementations = implementations(parsed, forks, solo);
    if (parsed.flag("serve")) {
      if (implementations.size() != 1) {
        throw new IllegalArgumentException("paired: --serve serves one implementation and takes --only");
      }
      SoloForks.serve(workload, implementations.get(0),
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out);
      return;
    }
    PairedResult result;
    if (solo) {
      result = SoloForks.run(workload, forks, rounds, warmupRounds, burstMillis);
    } else if (forks == 0) {
      result = new PairedComparison(workload, rounds, warmupRounds, burstMillis, parsed.flag("reverse-creation"),
          implementations).run(System.out);
    } else {
      result = PairedForks.run(workload, forks, rounds, warmupRounds, burstMillis);
    }
    String resultFile = parsed.value("result-file", null);
    if (resultFile != null) {
      result.write(Path.of(resultFile));
    }
    if (solo) {
      System.out.printf(Locale.ROOT, "each round started one JVM per implementation, which ran %d measured bursts of "
          + "%d ms after %d warm-up bursts, in turn with the others%n", rounds, burstMillis, warmupRounds);
    }
    System.out.print(summary(result));
  }

  /** Parses the command's options; {@link PairedForks} passes a fork the same ones. */
  static Arguments parse(String[] arguments) {
    return Arguments.parse("paired", arguments, Set.of("workload", "capacity", "factor", "miss-cost", "hit-rate",
        "threads", "forks", "rounds", "warmup-rounds", "burst-millis", "result-file", "only"),
        Set.of("reverse-creation", "solo", "serve"));
  }

  /**
   * The implementations a comparison in this JVM measures: all of {@link Implementation#CONCURRENT}, or the one
   * {@code --only} names. Throws {@link IllegalArgumentException} naming an option that does not fit the others.
   */
  static List<Implementation> implementations(Arguments parsed, int forks, boolean solo) {
    String only = parsed.value("only", null);
    if (solo && forks == 0) {
      throw new IllegalArgumentException("paired: --solo needs --forks of at least 1: each round forks its JVMs");
    }
    if (solo && parsed.flag("reverse-creation")) {
      throw new IllegalArgumentException("paired: --reverse-creation does not apply to --solo, which builds one "
          + "implementation per JVM");
    }
    if (only == null) {
      return Implementation.CONCURRENT;
    }
    parsed.reject("only", forks != 0 || solo, "measures one implementation in this JVM and takes --forks 0");
    return List.of(Implementation.CONCURRENT.stream()
        .filter(implementation -> implementation.displayName().equalsIgnoreCase(only))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(
            "paired: --only must be clockpro, caffeine or cache2k but was '" + only + "'")));
  }

  /**
   * The workload the arguments name; throws {@link IllegalArgumentException} naming an option out of range or one
   * the workload does not take.
   */
  static PairedWorkload workload(Arguments parsed) {
    String kind = parsed.value("workload", PairedWorkload.ZIPFIAN);
    if (!kind.equals(PairedWorkload.ZIPFIAN) && !kind.equals(PairedWorkload.HITS)
        && !kind.equals(PairedWorkload.RANDOM)) {
      throw new IllegalArgumentException("paired: --workload must be zipfian, hits or random but was '" + kind + "'");
    }
    int capacity = parsed.intValue("capacity", 100_000, 1, 10_000_000);
    int factor = parsed.intValue("factor", 10, 1, 1_000);
    long missCost = parsed.longValue("miss-cost", PairedWorkload.DEFAULT_MISS_COST, 0, 1_000_000);
    int hitRate = parsed.intValue("hit-rate", PairedWorkload.DEFAULT_HIT_RATE, 1, 100);
    parsed.reject("miss-cost", !kind.equals(PairedWorkload.ZIPFIAN), "applies to --workload zipfian only");
    parsed.reject("factor", kind.equals(PairedWorkload.RANDOM),
        "does not apply to --workload random, whose key space --hit-rate sizes");
    parsed.reject("hit-rate", !kind.equals(PairedWorkload.RANDOM), "applies to --workload random only");
    int threads = parsed.intValue("threads", 2, 1, 64);
    return switch (kind) {
      case PairedWorkload.ZIPFIAN -> PairedWorkload.zipfian(capacity, factor, missCost, threads);
      case PairedWorkload.HITS -> PairedWorkload.hits(capacity, threads);
      default -> PairedWorkload.random(capacity, hitRate, threads);
    };
  }

  /** Formats the result: each implementation's throughput and hit rate, then clockpro's ratio to each peer. */
  public static String summary(PairedResult result) {
    StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%s: %d rounds in all of %d ms bursts%n",
        result.workload().describe(), result.rounds(), result.burstMillis()));
    for (Implementation implementation : Implementation.CONCURRENT) {
      if (!result.totals().containsKey(implementation)) {
        continue; // measured alone: --only
      }
      text.append(String.format(Locale.ROOT, "  %-9s %,12.0f ops/s  hit rate %6.2f%%%n",
          implementation.displayName(), result.throughput(implementation), 100 * result.hitRate(implementation)));
    }
    for (Implementation peer : Implementation.CONCURRENT) {
      if (result.ratios().containsKey(peer)) {
        double[] interval = result.medianInterval(peer);
        text.append(String.format(Locale.ROOT, "  clockpro / %-9s median %.3fx, quartiles %.3fx to %.3fx, median "
                + "within %.3fx to %.3fx at %.0f%% confidence (over %d independent groups of rounds)%n",
            peer.displayName(), result.median(peer), result.lowerQuartile(peer), result.upperQuartile(peer),
            interval[0], interval[1], 100 * result.medianIntervalCoverage(), result.groups()));
      }
    }
    return text.toString();
  }
}
