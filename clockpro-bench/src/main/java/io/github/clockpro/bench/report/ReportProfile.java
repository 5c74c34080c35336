package io.github.clockpro.bench.report;

import io.github.clockpro.bench.jmh.GetPutBenchmark;
import io.github.clockpro.bench.jmh.RandomSequenceBenchmark;
import io.github.clockpro.bench.jmh.ZipfianSequenceLoadingBenchmark;
import io.github.clockpro.bench.paired.PairedResult;
import io.github.clockpro.bench.paired.PairedWorkload;
import io.github.clockpro.bench.paired.SoloForks;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How much the report measures: the JMH runs and their timing, and the sizes of the other measurements.
 *
 * <p>{@link #QUICK} fits in about ten minutes on two cores; {@link #LONG} is the full matrix of issue 6 and takes
 * hours; {@link #SMOKE} only exercises the report's pipeline, in a minute, with numbers too short to quote.
 */
public enum ReportProfile {
  /**
   * The default: the report in docs/benchmarks.md. Every JMH configuration runs one fork per implementation; the
   * headline's verdicts come from the solo comparison ({@link SoloSettings}), whose rounds are independent JVMs
   * and so give each median an interval. RandomSequence at a 50% hit rate also runs with one thread: there no
   * thread waits for the eviction lock, so the row shows the cost of each implementation's miss path alone.
   */
  QUICK("quick", 2, 1, 3, 1, "-Xmx3g", List.of(
      zipfian("100000", List.of("2", "10", "20"), 2),
      zipfian("100000", List.of("10"), 1),
      random("100000", 2),
      random("100000", "50", 1),
      getPut("100000", "100,75,0", 2)),
      List.of(100_000, 1_000_000), 4, 1,
      new SoloSettings(100_000, new SoloPlan(9, 6, 6), new SoloPlan(6, 3, 4), 500), 2_000_000),
  /** The full matrix: 100K, 1M and 10M entries, 1, 2 and 4 threads, longer iterations. */
  LONG("long", 3, 3, 5, 3, "-Xmx4g", List.of(
      zipfian("100000,1000000,10000000", List.of("2", "10", "20"), 1),
      zipfian("100000,1000000,10000000", List.of("2", "10", "20"), 2),
      zipfian("100000,1000000,10000000", List.of("2", "10", "20"), 4),
      random("100000,1000000", 1),
      random("100000,1000000", 2),
      random("100000,1000000", 4),
      getPut("100000,1000000", 1),
      getPut("100000,1000000", 2),
      getPut("100000,1000000", 4)),
      List.of(100_000, 1_000_000), 20, 1,
      new SoloSettings(100_000, new SoloPlan(24, 6, 16), new SoloPlan(16, 4, 8), 500), 2_000_000),
  /** A pipeline check with tiny iterations; never for publishing. */
  SMOKE("smoke", 1, 1, 1, 1, "-Xmx1g", List.of(
      zipfian("10000", List.of("10"), 2).measuredInRounds(2, 1, 1),
      new JmhRun(GetPutBenchmark.class.getName(), Map.of("capacity", "10000", "readPercent", "100"), 2)),
      List.of(10_000), 1, 20, new SoloSettings(10_000, new SoloPlan(1, 0, 1), new SoloPlan(1, 0, 1), 100), 100_000);

  /**
   * The comparisons that decide the headline's targets (see {@link SoloForks}): read-through Zipfian over 10x the
   * capacity and 100% hits, both with 2 threads, each implementation alone in a JVM of its own, in rounds.
   *
   * <p>A round is one independent sample of each ratio, so the count of rounds sets how narrow the interval of a
   * median can be, and the rounds are a large part of the profile's time. Six rounds are the fewest whose
   * extreme ratios bound the median with at least 95% confidence (96.9%); nine are the fewest whose second
   * lowest and second highest do (96.1%), so that one stray round cannot move the interval. The quick profile
   * gives read-through nine: its ratio against cache2k lies nearest 1.00. Its three seconds of warm-up bursts put
   * the measured ones in the window JMH's iterations measure (the fourth to sixth second), where the hit rates
   * are still climbing; the 100%-hit workload has no hit rate to climb and needs only the JIT's warm-up.
   *
   * @param capacity the cache's maximum size
   * @param readThrough the rounds and bursts of the read-through comparison
   * @param hits the rounds and bursts of the 100%-hit comparison
   * @param burstMillis the length of one burst
   */
  public record SoloSettings(int capacity, SoloPlan readThrough, SoloPlan hits, long burstMillis) {

    /** The workloads compared. */
    public List<PairedWorkload> workloads() {
      return List.of(PairedWorkload.zipfian(capacity, 10, 2), PairedWorkload.hits(capacity, 2));
    }

    /** The rounds and bursts of a workload's comparison. */
    public SoloPlan plan(PairedWorkload workload) {
      return workload.kind().equals(PairedWorkload.HITS) ? hits : readThrough;
    }

    /** Runs one workload's comparison, a JVM per implementation and round. */
    public PairedResult run(PairedWorkload workload) throws IOException, InterruptedException {
      SoloPlan plan = plan(workload);
      return SoloForks.run(workload, plan.rounds(), plan.bursts(), plan.warmupBursts(), burstMillis);
    }
  }

  /**
   * The rounds and bursts of one solo comparison.
   *
   * @param rounds the rounds, each starting one JVM per implementation
   * @param warmupBursts bursts each implementation runs first in each round and does not count
   * @param bursts measured bursts of each implementation in each round
   */
  public record SoloPlan(int rounds, int warmupBursts, int bursts) {}

  /**
   * One invocation of JMH, or, with rounds, one per round and implementation.
   *
   * @param benchmark the benchmark class's name, used as the include pattern
   * @param parameters JMH parameters to override; values separated by commas
   * @param threads the benchmark threads
   * @param rounds 0 for one invocation of one fork per implementation; otherwise the number of rounds, each of
   *     which runs one fork of every implementation, in an order that rotates from round to round
   * @param measurementIterations the measured iterations; 0 for the profile's
   * @param measurementSeconds the length of a measured iteration; 0 for the profile's
   */
  public record JmhRun(String benchmark, Map<String, String> parameters, int threads, int rounds,
      int measurementIterations, int measurementSeconds) {

    JmhRun(String benchmark, Map<String, String> parameters, int threads) {
      this(benchmark, parameters, threads, 0, 0, 0);
    }

    /**
     * Returns this run measured in interleaved rounds, with its own timing: for the headline configurations, whose
     * ratios against the peers are quoted in the README. On a shared machine the background load drifts over
     * minutes; running the implementations one after another would charge that drift to whichever ran in the
     * bad minutes, while rounds that rotate the order spread it over all of them.
     */
    JmhRun measuredInRounds(int rounds, int measurementIterations, int measurementSeconds) {
      return new JmhRun(benchmark, parameters, threads, rounds, measurementIterations, measurementSeconds);
    }

    /** Describes the timing this run overrides, or returns an empty string if it overrides none. */
    String describeOverrides() {
      if (rounds == 0 && measurementIterations == 0 && measurementSeconds == 0) {
        return "";
      }
      String name = benchmark.substring(benchmark.lastIndexOf('.') + 1).replace("Benchmark", "");
      return String.format("%s %s with %d threads: %d interleaved rounds, each one fork of every "
              + "implementation (the order rotating from round to round) of %d measured iterations of %d s", name,
          parameters.entrySet().stream().sorted(Map.Entry.comparingByKey())
              .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining(" ")),
          threads, rounds, measurementIterations, measurementSeconds);
    }
  }

  private final String displayName;
  private final int warmupIterations;
  private final int warmupSeconds;
  private final int measurementIterations;
  private final int measurementSeconds;
  private final String heap;
  private final List<JmhRun> jmhRuns;
  private final List<Integer> memorySizes;
  private final int latencySeconds;
  private final int syntheticScale;
  private final SoloSettings solo;
  private final long policyWorkOperations;

  ReportProfile(String displayName, int warmupIterations, int warmupSeconds, int measurementIterations,
      int measurementSeconds, String heap, List<JmhRun> jmhRuns, List<Integer> memorySizes, int latencySeconds,
      int syntheticScale, SoloSettings solo, long policyWorkOperations) {
    this.displayName = displayName;
    this.warmupIterations = warmupIterations;
    this.warmupSeconds = warmupSeconds;
    this.measurementIterations = measurementIterations;
    this.measurementSeconds = measurementSeconds;
    this.heap = heap;
    this.jmhRuns = jmhRuns;
    this.memorySizes = memorySizes;
    this.latencySeconds = latencySeconds;
    this.syntheticScale = syntheticScale;
    this.solo = solo;
    this.policyWorkOperations = policyWorkOperations;
  }

  private static JmhRun zipfian(String capacities, List<String> factors, int threads) {
    return new JmhRun(ZipfianSequenceLoadingBenchmark.class.getName(),
        Map.of("capacity", capacities, "factor", String.join(",", factors)), threads);
  }

  private static JmhRun random(String capacities, int threads) {
    return new JmhRun(RandomSequenceBenchmark.class.getName(), Map.of("capacity", capacities), threads);
  }

  private static JmhRun random(String capacities, String hitRates, int threads) {
    return new JmhRun(RandomSequenceBenchmark.class.getName(),
        Map.of("capacity", capacities, "hitRate", hitRates), threads);
  }

  private static JmhRun getPut(String capacities, int threads) {
    return new JmhRun(GetPutBenchmark.class.getName(), Map.of("capacity", capacities), threads);
  }

  private static JmhRun getPut(String capacities, String readPercents, int threads) {
    return new JmhRun(GetPutBenchmark.class.getName(),
        Map.of("capacity", capacities, "readPercent", readPercents), threads);
  }

  /** Returns the name used on the command line and in the report. */
  public String displayName() {
    return displayName;
  }

  public int warmupIterations() {
    return warmupIterations;
  }

  public int warmupSeconds() {
    return warmupSeconds;
  }

  public int measurementIterations() {
    return measurementIterations;
  }

  public int measurementSeconds() {
    return measurementSeconds;
  }

  /** Returns the heap option of each JMH fork. */
  public String heap() {
    return heap;
  }

  public List<JmhRun> jmhRuns() {
    return jmhRuns;
  }

  public List<Integer> memorySizes() {
    return memorySizes;
  }

  public int latencySeconds() {
    return latencySeconds;
  }

  /** Returns the divisor of the synthetic workloads' length (1: full length). */
  public int syntheticScale() {
    return syntheticScale;
  }

  /** Returns the settings of the headline's solo comparisons. */
  public SoloSettings solo() {
    return solo;
  }

  /**
   * Returns the read-through operations counted in each workload of the policy work, after its warm-up. Counts do
   * not vary from run to run, so the long profile counts no more than the quick one.
   */
  public long policyWorkOperations() {
    return policyWorkOperations;
  }

  /** Describes the JMH settings, for the report. */
  public String jmhSettings() {
    String settings = String.format(
        "1 fork, %d warm-up iterations of %d s, %d measured iterations of %d s, `-prof gc`, %s",
        warmupIterations, warmupSeconds, measurementIterations, measurementSeconds, heap);
    String overrides = jmhRuns.stream().map(JmhRun::describeOverrides).filter(text -> !text.isEmpty())
        .collect(Collectors.joining("; "));
    return overrides.isEmpty() ? settings : settings + " (for the headline: " + overrides + ")";
  }
}
