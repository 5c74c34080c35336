package io.github.clockpro.bench.report;

import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.jmh.CpuTimeProfiler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
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
 * {@link Implementation#CONCURRENT} and takes the others in turn. The forks of one configuration are then merged
 * into one result, as if JMH had run them as forks of one invocation, so that its score and error cover all
 * rounds, and the fork order is the round order. Each merged result keeps the parameters of its first
 * invocation, so the JSON's {@code forks} field still reads 1; its raw data holds one row per round.
 */
final class JmhRunner {

  private JmhRunner() {}

  /**
   * Runs the profile's benchmarks.
   *
   * @param profile the profile
   * @param json where to write the results in JMH's JSON format
   * @return the results, in run order
   * @throws RunnerException if a benchmark fails
   */
  static List<RunResult> run(ReportProfile profile, Path json) throws RunnerException {
    List<RunResult> results = new ArrayList<>();
    for (ReportProfile.JmhRun run : profile.jmhRuns()) {
      if (run.rounds() == 0) {
        results.addAll(invoke(profile, run, run.parameters()));
        continue;
      }
      List<RunResult> forks = new ArrayList<>();
      List<Implementation> implementations = Implementation.CONCURRENT;
      for (int round = 0; round < run.rounds(); round++) {
        for (int turn = 0; turn < implementations.size(); turn++) {
          Implementation implementation = implementations.get((round + turn) % implementations.size());
          Map<String, String> parameters = new LinkedHashMap<>(run.parameters());
          parameters.put("implementation", implementation.displayName());
          forks.addAll(invoke(profile, run, parameters));
        }
      }
      results.addAll(mergeForks(forks));
    }
    ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(results);
    return results;
  }

  private static Collection<RunResult> invoke(ReportProfile profile, ReportProfile.JmhRun run,
      Map<String, String> parameters) throws RunnerException {
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
    for (Map.Entry<String, String> parameter : parameters.entrySet()) {
      options.param(parameter.getKey(), parameter.getValue().split(","));
    }
    return new Runner(options.build()).run();
  }

  /**
   * Merges results of the same benchmark, parameters and thread count into one result whose forks are theirs,
   * in the order given; results are returned in order of first appearance.
   */
  static List<RunResult> mergeForks(List<RunResult> forks) {
    Map<String, List<RunResult>> byConfiguration = new LinkedHashMap<>();
    for (RunResult fork : forks) {
      BenchmarkParams params = fork.getParams();
      StringBuilder key = new StringBuilder(params.getBenchmark()).append('|').append(params.getThreads());
      for (String name : params.getParamsKeys()) {
        key.append('|').append(name).append('=').append(params.getParam(name));
      }
      byConfiguration.computeIfAbsent(key.toString(), unused -> new ArrayList<>()).add(fork);
    }
    List<RunResult> merged = new ArrayList<>();
    for (List<RunResult> group : byConfiguration.values()) {
      List<BenchmarkResult> benchmarkResults = new ArrayList<>();
      for (RunResult fork : group) {
        benchmarkResults.addAll(fork.getBenchmarkResults());
      }
      merged.add(new RunResult(group.get(0).getParams(), benchmarkResults));
    }
    return merged;
  }
}
