package io.github.clockpro.bench.simulator;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.workload.SyntheticWorkloads;
import io.github.clockpro.bench.workload.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code simulate}: hit rates of every implementation and the LRU baseline on the built-in workloads and on
 * every trace of a folder.
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
  }

  /**
   * Returns the synthetic workloads followed by the traces of {@code --traces}, or of the default folder when
   * it exists, unless {@code --no-traces} was given.
   *
   * @param parsed arguments with the options {@code traces}, {@code synthetic-scale} and {@code no-traces}
   * @param defaultScale the synthetic workloads' scale when {@code --synthetic-scale} is not given
   * @return the workloads to simulate
   */
  public static List<Trace> traces(Arguments parsed, int defaultScale) {
    if (parsed.flag("no-traces") && parsed.value("traces", null) != null) {
      throw new IllegalArgumentException("simulate: --no-traces and --traces exclude each other");
    }
    int scale = parsed.intValue("synthetic-scale", defaultScale, 1, 100);
    List<Trace> traces = new ArrayList<>(SyntheticWorkloads.all(scale));
    if (!parsed.flag("no-traces")) {
      Path folder = parsed.directory("traces", TraceCatalog.defaultFolder(Arguments.repositoryRoot()));
      if (Files.isDirectory(folder)) {
        traces.addAll(TraceCatalog.load(folder));
      } else {
        System.err.println("no traces folder at " + folder + "; simulating the built-in workloads only");
      }
    }
    return traces;
  }
}
