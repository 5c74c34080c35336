package io.github.clockpro.bench.report;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.bench.latency.HandoffCommand;
import io.github.clockpro.bench.latency.LatencyCommand;
import io.github.clockpro.bench.latency.LatencyResult;
import io.github.clockpro.bench.memory.MemoryCommand;
import io.github.clockpro.bench.memory.MemoryResult;
import io.github.clockpro.bench.policy.PolicyWorkCommand;
import io.github.clockpro.bench.policy.PolicyWorkResult;
import io.github.clockpro.bench.simulator.SimulateCommand;
import io.github.clockpro.bench.simulator.SimulationResult;
import io.github.clockpro.bench.simulator.TraceSimulator;
import io.github.clockpro.bench.simulator.WeightedTraceSimulator;
import io.github.clockpro.bench.workload.Trace;
import io.github.clockpro.peers.Implementation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;

/**
 * {@code report}: runs a profile's measurements (JMH, policy work, trace simulator, memory, latency) with all
 * implementations in one run, and regenerates {@code docs/benchmarks.md}, its PNG plots and the
 * raw JMH JSON under {@code docs/benchmarks/}.
 *
 * <pre>
 * report [--long | --profile quick|long|smoke] [--traces DIR | --no-traces] [--synthetic-scale N] [--output DIR]
 * </pre>
 */
public final class ReportCommand {

  /** The usage line printed on errors. */
  public static final String USAGE =
      "report [--long | --profile quick|long|smoke] [--traces DIR | --no-traces] [--synthetic-scale 1..100] "
          + "[--output DIR (default docs)]";

  private ReportCommand() {}

  /**
   * Runs the command.
   *
   * @param arguments the arguments after {@code report}
   * @throws IOException if a file cannot be written
   * @throws RunnerException if a benchmark fails
   * @throws InterruptedException if interrupted while measuring latency
   */
  public static void run(String[] arguments) throws IOException, RunnerException, InterruptedException {
    Arguments parsed = Arguments.parse("report", arguments, Set.of("profile", "traces", "output", "synthetic-scale"),
        Set.of("long", "no-traces"));
    ReportProfile profile = profile(parsed);
    Path output = Path.of(parsed.value("output", Arguments.repositoryRoot().resolve("docs").toString()));
    Path assets = output.resolve("benchmarks");
    Files.createDirectories(assets);
    String timestamp = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"))
        + " UTC";
    // Read now, when bin/report has just built the measured jar: commits made during the run are not measured.
    String commit = commit();
    List<Trace> traces = SimulateCommand.traces(parsed, profile.syntheticScale());
    Path tracesFolder = SimulateCommand.tracesFolder(parsed);
    String tracesDescription = tracesFolder == null ? null
        : Arguments.repositoryRoot().relativize(tracesFolder.toAbsolutePath().normalize()).toString();

    long start = System.nanoTime();
    double handoffBefore = HandoffCommand.medianOfOneSecond();
    progress("JMH (" + profile.jmhRuns().size() + " runs, forked JVMs)", start);
    Path json = assets.resolve("jmh-" + profile.displayName() + ".json");
    List<RunResult> jmhResults = JmhRunner.run(profile, json);
    double handoffAfter = HandoffCommand.medianOfOneSecond();

    progress(String.format(Locale.ROOT, "policy work, counted on one thread (2 workloads, %,d operations each)",
        profile.policyWorkOperations()), start);
    List<PolicyWorkResult> policyWork = policyWork(profile.policyWorkOperations());

    progress("trace simulator (" + traces.size() + " workloads)", start);
    List<SimulationResult> simulations = new TraceSimulator(List.of(Implementation.values())).run(traces,
        System.out);

    Path weightedTrace = tracesFolder == null ? null : tracesFolder.resolve(WeightedTraceSimulator.TRACE_FILE);
    List<WeightedTraceSimulator.Result> weighted = List.of();
    if (weightedTrace != null && Files.exists(weightedTrace)) {
      progress("weighted trace simulator", start);
      weighted = WeightedTraceSimulator.run(weightedTrace);
    }

    progress("memory " + profile.memorySizes(), start);
    List<MemoryResult> memory = MemoryCommand.measureAll(profile.memorySizes());

    progress("latency", start);
    List<LatencyResult> latency = LatencyCommand.measureAll(100_000, 2, profile.latencySeconds());

    progress("writing " + output.resolve("benchmarks.md"), start);
    List<JmhRow> rows = JmhRow.of(jmhResults);
    writeCharts(simulations, assets);
    ReportContext context = new ReportContext(profile, timestamp, commit, machine(handoffBefore, handoffAfter),
        tracesDescription, version("jmh"), version("caffeine"), version("cache2k"));
    String markdown = new MarkdownReport(context).render(rows, policyWork, simulations, weighted, memory,
        latency);
    Files.writeString(output.resolve("benchmarks.md"), markdown, StandardCharsets.UTF_8);
    progress("done", start);
  }

  private static ReportProfile profile(Arguments parsed) {
    parsed.reject("profile", parsed.flag("long"), "and --long exclude each other");
    String name = parsed.flag("long") ? "long" : parsed.value("profile", "quick");
    return ReportProfile.values().stream().filter(profile -> profile.displayName().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(
            "report: --profile must be quick, long or smoke but was '" + name + "'"));
  }

  /**
   * The policy work of two JMH workloads, replayed on one thread, whose throughput it helps explain: RandomSequence
   * at a 50% hit rate, where every miss evicts, and ZipfianSequenceLoading over 10x the capacity, both at 100,000
   * entries.
   */
  private static List<PolicyWorkResult> policyWork(long operations) {
    return List.of(PolicyWorkCommand.random(100_000, 50, operations),
        PolicyWorkCommand.zipfian(100_000, 10, operations));
  }

  /** Replaces the hit-rate plots, one per trace. */
  private static void writeCharts(List<SimulationResult> simulations, Path assets) throws IOException {
    try (Stream<Path> old = Files.list(assets)) {
      for (Path file : old.filter(path -> path.toString().endsWith(".png")).toList()) {
        Files.delete(file);
      }
    }
    Map<String, List<SimulationResult>> byTrace = simulations.stream()
        .collect(Collectors.groupingBy(SimulationResult::trace, LinkedHashMap::new, Collectors.toList()));
    for (Map.Entry<String, List<SimulationResult>> entry : byTrace.entrySet()) {
      Charts.hitRates(entry.getKey(), entry.getValue(), assets.resolve("hitrate-" + entry.getKey() + ".png"));
    }
  }

  private static void progress(String step, long start) {
    System.out.printf(Locale.ROOT, "[report %4.0f s] %s%n", (System.nanoTime() - start) / 1e9, step);
  }

  private static String machine(double handoffBefore, double handoffAfter) {
    return String.format(Locale.ROOT, "%d cores available to the JVM, %s %s (%s), Java %s (%s); a cache line "
        + "passed from one thread to another in %.0f ns before the JMH runs and %.0f ns after them (`handoff`: "
        + "two-thread throughput depends on it, and the host changes it while the machine runs, see "
        + "docs/decisions.md, \"Misses are bimodal\")",
        Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("os.arch"), System.getProperty("java.runtime.version"), System.getProperty("java.vm.name"),
        handoffBefore, handoffAfter);
  }

  /** Returns the short commit, marked when the measured sources differ from it. */
  private static String commit() throws IOException, InterruptedException {
    String head = git("rev-parse", "--short", "HEAD");
    String changes = git("status", "--porcelain", "--untracked-files=no", "--", "clockpro-core/src/main",
        "clockpro-peers/src/main", "clockpro-jmh/src/main", "clockpro-lab/src/main", "pom.xml");
    return head.isEmpty() ? "unknown" : changes.isEmpty() ? head : head + " with uncommitted changes";
  }

  /** Runs git in the repository and returns its output, or an empty string if it fails. */
  private static String git(String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).directory(Arguments.repositoryRoot().toFile())
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 ? output : "";
  }

  /** Reads a compared library's version, recorded from the parent pom at build time. */
  static String version(String library) throws IOException {
    Properties properties = new Properties();
    try (InputStream input = ReportCommand.class.getResourceAsStream("/io/github/clockpro/bench/versions.properties")) {
      if (input != null) {
        properties.load(input);
      }
    }
    return properties.getProperty(library, "(unknown version)");
  }
}
