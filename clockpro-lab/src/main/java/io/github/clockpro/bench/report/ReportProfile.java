package io.github.clockpro.bench.report;

import io.github.clockpro.bench.jmh.AsyncGetBenchmark;
import io.github.clockpro.bench.jmh.GetAllBenchmark;
import io.github.clockpro.bench.jmh.GetPutBenchmark;
import io.github.clockpro.bench.jmh.RandomSequenceBenchmark;
import io.github.clockpro.bench.jmh.ZipfianSequenceLoadingBenchmark;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How much the report measures: the JMH runs and their timing, and the sizes of the other measurements.
 *
 * <p>{@link #QUICK} fits in about ten minutes on two cores; {@link #LONG} is the full matrix and takes hours;
 * {@link #SMOKE} only exercises the report's pipeline, in a few minutes, with numbers too short to quote.
 *
 * @param displayName the name used on the command line and in the report
 * @param command the command that runs the profile, as a user types it
 * @param heap the heap option of each JMH fork
 * @param syntheticScale the divisor of the synthetic workloads' length (1: full length)
 * @param policyWorkOperations the read-through operations counted in each workload of the policy work, after its
 *     warm-up; counts do not vary from run to run, so the long profile counts no more than the quick one
 */
public record ReportProfile(String displayName, String command, int warmupIterations, int warmupSeconds,
    int measurementIterations, int measurementSeconds, String heap, List<JmhRun> jmhRuns, List<Integer> memorySizes,
    int latencySeconds, int syntheticScale, long policyWorkOperations) {

  /**
   * The default: the report in docs/benchmarks.md. Every JMH configuration runs one fork per implementation, but
   * the three that decide throughput targets (the headline's two, and read-through with expiry after write) run in
   * five interleaved rounds (see {@link JmhRun}), so that their error bars cover five JVMs of each. RandomSequence at a 50% hit rate also runs with one thread: there no
   * thread waits for the eviction lock, so the row shows the cost of each implementation's miss path alone.
   * Two configurations build every implementation with expiry: read-through Zipfian with
   * {@code expireAfterWrite(1 min)}, and 100% hits with {@code expireAfterAccess(1 min)}. Two bound every
   * implementation by weight: read-through Zipfian, and 75% hits with puts. The loading paths run last:
   * {@code getAll} of 16 keys at a 90% hit rate per key, and an asynchronous {@code get(key, function).join()} on
   * hits only and at a 50% hit rate (clockpro and Caffeine only).
   */
  public static final ReportProfile QUICK = new ReportProfile("quick", "bin/report", 2, 1, 3, 1, "-Xmx3g", List.of(
      zipfian("100000", "2,20", 2, 0),
      zipfian("100000", "10", 2, 5),
      zipfian("100000", "10", 1, 0),
      random("100000", "50,80,95", 2),
      random("100000", "50", 1),
      getPut("100000", "100", 2, 5),
      getPut("100000", "75,0", 2, 0),
      expiring(zipfian("100000", "10", 2, 5), "afterWrite"),
      expiring(getPut("100000", "100", 2, 0), "afterAccess"),
      weighted(zipfian("100000", "10", 2, 0)),
      weighted(getPut("100000", "75", 2, 0)),
      getAll("100000", "90", 2),
      asyncGet("100000", "100,50", 2)),
      List.of(100_000, 1_000_000), 4, 1, 2_000_000);
  /** The full matrix: 100K, 1M and 10M entries, 1, 2 and 4 threads, longer iterations. */
  public static final ReportProfile LONG = new ReportProfile("long", "bin/report --long", 3, 3, 5, 3, "-Xmx4g",
      List.of(
          zipfian("100000,1000000,10000000", "2,10,20", 1, 0),
          zipfian("100000,1000000,10000000", "2,10,20", 2, 0),
          zipfian("100000,1000000,10000000", "2,10,20", 4, 0),
          random("100000,1000000", "50,80,95", 1),
          random("100000,1000000", "50,80,95", 2),
          random("100000,1000000", "50,80,95", 4),
          getPut("100000,1000000", "100,75,0", 1, 0),
          getPut("100000,1000000", "100,75,0", 2, 0),
          getPut("100000,1000000", "100,75,0", 4, 0)),
      List.of(100_000, 1_000_000), 20, 1, 2_000_000);
  /** A pipeline check with tiny iterations; never for publishing. */
  public static final ReportProfile SMOKE = new ReportProfile("smoke", "bin/report --profile smoke", 1, 1, 2, 1,
      "-Xmx1g", List.of(zipfian("10000", "10", 2, 2), getPut("10000", "100", 2, 0)), List.of(10_000), 1, 20,
      100_000);

  /**
   * One invocation of JMH, or, with rounds, one per round and implementation.
   *
   * @param benchmark the benchmark class's name, used as the include pattern
   * @param parameters JMH parameters to override; values separated by commas
   * @param threads the benchmark threads
   * @param rounds 0 for one invocation of one fork per implementation; otherwise the number of rounds, each of
   *     which runs one fork of every implementation, in an order that rotates from round to round. On a shared
   *     machine the background load drifts over minutes; running the forks of one implementation one after
   *     another would charge that drift to whichever ran in the bad minutes, while rounds spread it over all.
   *     A run in rounds takes one value per parameter.
   */
  public record JmhRun(String benchmark, Map<String, String> parameters, int threads, int rounds) {

    /** Checks that a run in rounds has one value per parameter. */
    public JmhRun {
      if (rounds > 0 && parameters.values().stream().anyMatch(values -> values.contains(","))) {
        throw new IllegalArgumentException("a run in rounds takes one value per parameter: " + parameters);
      }
    }
  }

  private static JmhRun zipfian(String capacities, String factors, int threads, int rounds) {
    return new JmhRun(ZipfianSequenceLoadingBenchmark.class.getName(),
        Map.of("capacity", capacities, "factor", factors), threads, rounds);
  }

  /** The run with every implementation built with the expiry ({@code Expiration}'s JMH name). */
  private static JmhRun expiring(JmhRun run, String expiry) {
    Map<String, String> parameters = new HashMap<>(run.parameters());
    parameters.put("expiry", expiry);
    return new JmhRun(run.benchmark(), Map.copyOf(parameters), run.threads(), run.rounds());
  }

  /** The run with every implementation bounded by weight ({@code Bound}'s JMH name {@code weight}). */
  private static JmhRun weighted(JmhRun run) {
    Map<String, String> parameters = new HashMap<>(run.parameters());
    parameters.put("bound", "weight");
    return new JmhRun(run.benchmark(), Map.copyOf(parameters), run.threads(), run.rounds());
  }

  private static JmhRun random(String capacities, String hitRates, int threads) {
    return new JmhRun(RandomSequenceBenchmark.class.getName(),
        Map.of("capacity", capacities, "hitRate", hitRates), threads, 0);
  }

  private static JmhRun getPut(String capacities, String readPercents, int threads, int rounds) {
    return new JmhRun(GetPutBenchmark.class.getName(),
        Map.of("capacity", capacities, "readPercent", readPercents), threads, rounds);
  }

  private static JmhRun getAll(String capacities, String hitRates, int threads) {
    return new JmhRun(GetAllBenchmark.class.getName(), Map.of("capacity", capacities, "hitRate", hitRates),
        threads, 0);
  }

  private static JmhRun asyncGet(String capacities, String hitRates, int threads) {
    return new JmhRun(AsyncGetBenchmark.class.getName(), Map.of("capacity", capacities, "hitRate", hitRates),
        threads, 0);
  }

  /** Returns the profiles, for the command line. */
  static List<ReportProfile> values() {
    return List.of(QUICK, LONG, SMOKE);
  }

  /** Describes the JMH settings, for the report. */
  public String jmhSettings() {
    String settings = String.format(
        "1 fork, %d warm-up iterations of %d s, %d measured iterations of %d s, `-prof gc`, the CPU time "
            + "profiler, %s",
        warmupIterations, warmupSeconds, measurementIterations, measurementSeconds, heap);
    String rounds = jmhRuns.stream().filter(run -> run.rounds() > 0)
        .map(run -> String.format("%s %s with %d threads: %d rounds", shortName(run.benchmark()),
            run.parameters().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining(" ")),
            run.threads(), run.rounds()))
        .collect(Collectors.joining("; "));
    return rounds.isEmpty() ? settings : settings + "; in interleaved rounds, each one fork of every "
        + "implementation, the order rotating from round to round: " + rounds;
  }

  private static String shortName(String benchmark) {
    return benchmark.substring(benchmark.lastIndexOf('.') + 1).replace("Benchmark", "");
  }
}
