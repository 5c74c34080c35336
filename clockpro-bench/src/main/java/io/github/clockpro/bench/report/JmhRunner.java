package io.github.clockpro.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs a profile's JMH invocations in forked JVMs, with the GC profiler, and writes all their results to one
 * JMH JSON file.
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
      ChainedOptionsBuilder options = new OptionsBuilder()
          .include(run.benchmark().replace(".", "\\.") + "\\.")
          .threads(run.threads())
          .forks(run.forks() > 0 ? run.forks() : 1)
          .warmupIterations(profile.warmupIterations())
          .warmupTime(TimeValue.seconds(profile.warmupSeconds()))
          .measurementIterations(
              run.measurementIterations() > 0 ? run.measurementIterations() : profile.measurementIterations())
          .measurementTime(TimeValue.seconds(
              run.measurementSeconds() > 0 ? run.measurementSeconds() : profile.measurementSeconds()))
          .jvmArgsAppend(profile.heap(), "-Xms1g", "-Djava.awt.headless=true")
          .addProfiler(GCProfiler.class)
          .shouldFailOnError(true);
      for (Map.Entry<String, String> parameter : run.parameters().entrySet()) {
        options.param(parameter.getKey(), parameter.getValue().split(","));
      }
      Collection<RunResult> runResults = new Runner(options.build()).run();
      results.addAll(runResults);
    }
    ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(results);
    return results;
  }
}
