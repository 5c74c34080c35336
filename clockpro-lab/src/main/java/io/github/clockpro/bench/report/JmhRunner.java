package io.github.clockpro.bench.report;

import io.github.clockpro.bench.jmh.CpuTimeProfiler;
import io.github.clockpro.peers.Implementation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs a profile's JMH invocations in forked JVMs, with the GC profiler and the {@link CpuTimeProfiler}, and writes
 * all their results to one JMH JSON file.
 *
 * <p>A run measured in rounds ({@link ReportProfile.JmhRun#rounds}) is one JMH invocation per round and
 * implementation, each of one fork; round {@code r} starts with the {@code r}-th implementation of
 * {@link Implementation#CONCURRENT} and takes the others in turn. The forks of one implementation are then merged
 * into one result, as if JMH had run them as forks of one invocation, so that its score and error cover all
 * rounds. Each merged result keeps the parameters of its first invocation, so the JSON's {@code forks} field still
 * reads 1; its raw data holds one row per round.
 */
final class JmhRunner {

  private JmhRunner() {}

  /**
   * Runs the profile's benchmarks and writes their results to {@code json}, in JMH's JSON format.
   *
   * @return the results, in run order
   * @throws RunnerException if a benchmark fails
   */
  static List<RunResult> run(ReportProfile profile, Path json) throws RunnerException {
    List<RunResult> results = new ArrayList<>();
    for (ReportProfile.JmhRun run : profile.jmhRuns()) {
      if (run.rounds() == 0) {
        results.addAll(invoke(profile, run, null));
        continue;
      }
      Map<Implementation, List<BenchmarkResult>> forks = new LinkedHashMap<>();
      Map<Implementation, RunResult> first = new LinkedHashMap<>();
      List<Implementation> implementations = Implementation.CONCURRENT;
      for (int round = 0; round < run.rounds(); round++) {
        for (int turn = 0; turn < implementations.size(); turn++) {
          Implementation implementation = implementations.get((round + turn) % implementations.size());
          for (RunResult fork : invoke(profile, run, implementation)) {
            first.putIfAbsent(implementation, fork);
            forks.computeIfAbsent(implementation, key -> new ArrayList<>()).addAll(fork.getBenchmarkResults());
          }
        }
      }
      implementations.forEach(implementation -> results.add(
          new RunResult(first.get(implementation).getParams(), forks.get(implementation))));
    }
    ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(results);
    return results;
  }

  /** Runs one JMH invocation of one fork per parameter set; of one implementation, unless it is {@code null}. */
  private static List<RunResult> invoke(ReportProfile profile, ReportProfile.JmhRun run,
      Implementation implementation) throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include(run.benchmark().replace(".", "\\.") + "\\.")
        .threads(run.threads())
        .forks(1)
        .warmupIterations(profile.warmupIterations())
        .warmupTime(TimeValue.seconds(profile.warmupSeconds()))
        .measurementIterations(profile.measurementIterations())
        .measurementTime(TimeValue.seconds(profile.measurementSeconds()))
        .jvmArgsAppend(profile.heap(), "-Xms1g", "-Djava.awt.headless=true")
        .addProfiler(GCProfiler.class)
        .addProfiler(CpuTimeProfiler.class)
        .shouldFailOnError(true);
    run.parameters().forEach((name, values) -> options.param(name, values.split(",")));
    if (implementation != null) {
      options.param("implementation", implementation.displayName());
    }
    return new ArrayList<>(new Runner(options.build()).run());
  }
}
