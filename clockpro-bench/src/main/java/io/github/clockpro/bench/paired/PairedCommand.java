package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.bench.cache.Implementation;
import java.util.Locale;
import java.util.Set;

/**
 * {@code paired}: clockpro against Caffeine and cache2k in one JVM, in rounds of equal bursts whose order
 * rotates, with the ratio of throughputs taken round by round (see {@link PairedComparison}).
 *
 * <pre>
 * paired [--workload zipfian|hits] [--capacity N] [--factor N] [--threads N] [--rounds N] [--warmup-rounds N]
 *        [--burst-millis N]
 * </pre>
 */
public final class PairedCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "paired [--workload zipfian|hits] [--capacity 100000] [--factor 10] "
      + "[--threads 2] [--rounds 20] [--warmup-rounds 3] [--burst-millis 1000]";

  private PairedCommand() {}

  /**
   * Runs the command and prints the result.
   *
   * @param arguments the arguments after {@code paired}
   * @throws InterruptedException if interrupted while measuring
   */
  public static void run(String[] arguments) throws InterruptedException {
    Arguments parsed = Arguments.parse("paired", arguments,
        Set.of("workload", "capacity", "factor", "threads", "rounds", "warmup-rounds", "burst-millis"), Set.of());
    String kind = parsed.value("workload", PairedWorkload.ZIPFIAN);
    if (!kind.equals(PairedWorkload.ZIPFIAN) && !kind.equals(PairedWorkload.HITS)) {
      throw new IllegalArgumentException("paired: --workload must be zipfian or hits but was '" + kind + "'");
    }
    int capacity = parsed.intValue("capacity", 100_000, 1, 10_000_000);
    int factor = parsed.intValue("factor", 10, 1, 1_000);
    int threads = parsed.intValue("threads", 2, 1, 64);
    int rounds = parsed.intValue("rounds", 20, 1, 10_000);
    int warmupRounds = parsed.intValue("warmup-rounds", 3, 0, 10_000);
    long burstMillis = parsed.longValue("burst-millis", 1_000, 1, 600_000);
    PairedWorkload workload = kind.equals(PairedWorkload.ZIPFIAN)
        ? PairedWorkload.zipfian(capacity, factor, threads) : PairedWorkload.hits(capacity, threads);
    PairedResult result = new PairedComparison(workload, rounds, warmupRounds, burstMillis).run(System.out);
    System.out.print(summary(result));
  }

  /** Formats the result: each implementation's throughput and hit rate, then clockpro's ratio to each peer. */
  public static String summary(PairedResult result) {
    StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%s: %d rounds of %d ms bursts%n",
        result.workload().describe(), result.rounds(), result.burstMillis()));
    for (Implementation implementation : Implementation.CONCURRENT) {
      text.append(String.format(Locale.ROOT, "  %-9s %,12.0f ops/s  hit rate %6.2f%%%n",
          implementation.displayName(), result.throughput(implementation), 100 * result.hitRate(implementation)));
    }
    for (Implementation peer : Implementation.CONCURRENT) {
      if (peer != Implementation.CLOCKPRO) {
        text.append(String.format(Locale.ROOT, "  clockpro / %-9s median %.3fx, quartiles %.3fx to %.3fx%n",
            peer.displayName(), result.median(peer), result.lowerQuartile(peer), result.upperQuartile(peer)));
      }
    }
    return text.toString();
  }
}
