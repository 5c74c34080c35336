package io.github.clockpro.bench.simulator;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.bench.workload.SyntheticWorkloads;
import io.github.clockpro.bench.workload.Trace;
import io.github.clockpro.peers.Implementation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code simulate}: hit rates of every implementation and the LRU baseline on the built-in workloads and on
 * every trace of a folder; then, if the folder holds {@link WeightedTraceSimulator#TRACE_FILE}, object and byte hit
 * rates of the caches bounded by weight on it.
 *
 * <pre>
 * simulate [--traces DIR] [--no-traces] [--synthetic-scale N]
 * </pre>
 */
public final class SimulateCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "simulate [--traces DIR] [--no-traces] [--synthetic-scale 1..100]";

  private SimulateCommand() {}

  /**
   * Runs the command, printing one line per trace and size.
   *
   * @param arguments the arguments after {@code simulate}
   */
  public static void run(String[] arguments) {
    Arguments parsed = Arguments.parse("simulate", arguments, Set.of("traces", "synthetic-scale"),
        Set.of("no-traces"));
    List<Trace> traces = traces(parsed, 1);
    System.out.println("trace                    size  hit rate per implementation (get, put on miss)");
    new TraceSimulator(List.of(Implementation.values())).run(traces, System.out);
    Path folder = tracesFolder(parsed);
    if (folder != null && Files.exists(folder.resolve(WeightedTraceSimulator.TRACE_FILE))) {
      System.out.println();
      System.out.println(WeightedTraceSimulator.TRACE_FILE + ": object and byte hit rates (%), bounded by weight");
      System.out.print(WeightedTraceSimulator.table(
          WeightedTraceSimulator.run(folder.resolve(WeightedTraceSimulator.TRACE_FILE))));
    }
  }

  /**
   * Returns the synthetic workloads, at {@code --synthetic-scale} or {@code defaultScale}, followed by the traces
   * of {@link #tracesFolder}.
   */
  public static List<Trace> traces(Arguments parsed, int defaultScale) {
    List<Trace> traces =
        new ArrayList<>(SyntheticWorkloads.all(parsed.intValue("synthetic-scale", defaultScale, 1, 100)));
    Path folder = tracesFolder(parsed);
    if (folder != null) {
      traces.addAll(TraceCatalog.load(folder));
    }
    return traces;
  }

  /**
   * Returns the folder of {@code --traces}, or the default folder if it exists; {@code null} with
   * {@code --no-traces} or when there is none.
   */
  public static Path tracesFolder(Arguments parsed) {
    parsed.reject("traces", parsed.flag("no-traces"), "and --no-traces exclude each other");
    Path folder = parsed.directory("traces", TraceCatalog.defaultFolder(Arguments.repositoryRoot()));
    return parsed.flag("no-traces") || !Files.isDirectory(folder) ? null : folder;
  }
}
