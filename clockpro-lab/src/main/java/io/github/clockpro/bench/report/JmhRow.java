package io.github.clockpro.bench.report;

import io.github.clockpro.peers.Implementation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * One configuration of one benchmark (all parameters but the implementation, and the thread count), with the
 * result of each implementation.
 *
 * @param benchmark the benchmark's short name, such as {@code ZipfianSequenceLoading}
 * @param configuration the parameters other than the implementation, such as {@code capacity=100000 factor=10}
 * @param threads the benchmark threads
 * @param measurements each implementation's result
 */
record JmhRow(String benchmark, String configuration, int threads, Map<Implementation, Measurement> measurements) {

  /**
   * One implementation's result.
   *
   * @param score operations per second over all threads
   * @param error the half-width of JMH's 99.9% confidence interval, or NaN with too few iterations
   * @param secondary the secondary results by name: {@code gc.alloc.rate.norm}, {@code cpu.time/op} and the
   *     benchmark's counters
   * @param forks the JVMs the score comes from: one, or one per round for a run measured in rounds
   */
  record Measurement(double score, double error, Map<String, Double> secondary, int forks) {

    Measurement(double score, double error, Map<String, Double> secondary) {
      this(score, error, secondary, 1);
    }

    /** Returns a secondary result, or NaN if absent. */
    double secondary(String name) {
      return secondary.getOrDefault(name, Double.NaN);
    }

    /** Returns the effective hit rate in percent from the {@code requests} and {@code misses} counters. */
    double hitRatePercent() {
      double requests = secondary("requests");
      return requests > 0 ? 100.0 * (1.0 - secondary("misses") / requests) : Double.NaN;
    }

    /** Returns the acquisitions of the eviction lock that waited, per miss, or NaN when not published. */
    double lockWaitsPerMiss() {
      double misses = secondary("misses");
      return misses > 0 && secondary.containsKey("lockWaits") ? secondary("lockWaits") / misses : Double.NaN;
    }

    /**
     * Returns the share of the benchmark threads' time spent waiting for the eviction lock, or NaN when not
     * published: the wait per request times the requests per second of one thread.
     *
     * @param threads the benchmark threads, over which {@link #score} is summed
     */
    double lockWaitShare(int threads) {
      double requests = secondary("requests");
      return requests > 0 && secondary.containsKey("lockWaitNanos")
          ? secondary("lockWaitNanos") / requests * (score / threads) / 1e9 : Double.NaN;
    }

    /** Returns the mean entries examined per eviction, or NaN when not published. */
    double entriesExaminedPerEviction() {
      double evictions = secondary("evictions");
      return evictions > 0 ? secondary("entriesExamined") / evictions : Double.NaN;
    }
  }

  /** Returns the ratio of ours to the peer's score, or NaN if either is missing. */
  double ratio(Implementation peer) {
    return ratio(peer, 0, 0);
  }

  /**
   * Returns the lowest ratio of ours to the peer that JMH's 99.9% error bars allow: the lower bound of our score
   * over the upper bound of theirs; NaN if either is missing or has no error bar.
   */
  double lowestRatio(Implementation peer) {
    return ratio(peer, -1, 1);
  }

  /** Returns the highest such ratio: the upper bound of our score over the lower bound of theirs. */
  double highestRatio(Implementation peer) {
    return ratio(peer, 1, -1);
  }

  /**
   * Returns whether the 99.9% confidence intervals of ours and the peer overlap, so that this run does not
   * separate them; false if an interval is unknown.
   */
  boolean overlaps(Implementation peer) {
    return lowestRatio(peer) <= 1 && highestRatio(peer) >= 1;
  }

  /** Returns the number of forks behind our score: one, or one per round for a run measured in rounds. */
  int forks() {
    Measurement ours = measurements.get(Implementation.CLOCKPRO);
    return ours == null ? 0 : ours.forks();
  }

  /** The ratio of ours to the peer, each score moved by its error times the given side (-1, 0 or 1). */
  private double ratio(Implementation peer, int oursSide, int theirsSide) {
    Measurement ours = measurements.get(Implementation.CLOCKPRO);
    Measurement theirs = measurements.get(peer);
    if (ours == null || theirs == null) {
      return Double.NaN;
    }
    double theirsBound = theirs.score() + (theirsSide == 0 ? 0 : theirsSide * theirs.error());
    return theirsBound <= 0 ? Double.POSITIVE_INFINITY
        : (ours.score() + (oursSide == 0 ? 0 : oursSide * ours.error())) / theirsBound;
  }

  /** Groups JMH results into rows, in order of first appearance. */
  @SuppressWarnings("rawtypes") // JMH's secondary results are a map of raw Results
  static List<JmhRow> of(List<RunResult> results) {
    Map<String, JmhRow> rows = new LinkedHashMap<>();
    for (RunResult result : results) {
      BenchmarkParams params = result.getParams();
      String benchmark = shortName(params.getBenchmark());
      StringBuilder configuration = new StringBuilder();
      for (String key : params.getParamsKeys()) {
        // expiry=none and bound=size are the defaults of the benchmarks that have the parameters: left out, so
        // that their rows read as before the parameters existed.
        if (!key.equals("implementation") && !(key.equals("expiry") && params.getParam(key).equals("none"))
            && !(key.equals("bound") && params.getParam(key).equals("size"))) {
          configuration.append(configuration.length() == 0 ? "" : " ").append(key).append('=')
              .append(params.getParam(key));
        }
      }
      String rowKey = benchmark + "|" + configuration + "|" + params.getThreads();
      JmhRow row = rows.computeIfAbsent(rowKey, key -> new JmhRow(benchmark, configuration.toString(),
          params.getThreads(), new LinkedHashMap<>()));
      Map<String, Double> secondary = new LinkedHashMap<>();
      for (Map.Entry<String, Result> entry : result.getSecondaryResults().entrySet()) {
        secondary.put(entry.getKey(), entry.getValue().getScore());
      }
      row.measurements().put(Implementation.named(params.getParam("implementation")), new Measurement(
          result.getPrimaryResult().getScore(), result.getPrimaryResult().getScoreError(), secondary,
          result.getBenchmarkResults().size()));
    }
    return new ArrayList<>(rows.values());
  }

  /** {@code io.github...ZipfianSequenceLoadingBenchmark.get} becomes {@code ZipfianSequenceLoading}. */
  private static String shortName(String benchmark) {
    String className = benchmark.substring(0, benchmark.lastIndexOf('.'));
    return className.substring(className.lastIndexOf('.') + 1).replace("Benchmark", "");
  }
}
