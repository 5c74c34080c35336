package io.github.clockpro.bench.paired;

import com.sun.management.OperatingSystemMXBean;
import io.github.clockpro.bench.cache.Implementation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures each implementation alone in a JVM of its own, with the bursts of the implementations interleaved: each
 * round starts one JVM per implementation, keeps all of them running, and has them run their bursts in turn, in
 * an order that rotates from burst to burst; clockpro's throughput over each peer's is taken round by round.
 *
 * <h2>Why</h2>
 * A {@link PairedComparison} keeps the three implementations in one JVM, so that their bursts are a second apart
 * and the machine's drift cancels. But one JVM is shared state: the heap, the collector's work for all three
 * caches, the JIT's profiles of JDK code, and the order in which the drivers were built (see "Creation order" in
 * {@link PairedComparison}), which moved one implementation's throughput by about a tenth in scratch runs. An
 * application runs one cache in its JVM, as JMH's forks do, so here each implementation has a JVM to itself.
 *
 * <p>The first version ran those JVMs one after another, each through all its bursts. Their bursts were then
 * seconds apart, and on this shared machine the throughput of consecutive one-second bursts of one JVM moved by a
 * tenth or more: twelve rounds left the read-through ratio against cache2k within 0.98x to 1.27x. So the JVMs of
 * a round now run side by side, each idle (blocked on its standard input) while another runs a burst, and the
 * bursts alternate as in a {@link PairedComparison}: a burst of each implementation, then the next, so that drift
 * over a few seconds reaches all of them alike (docs/design.md compares the two).
 *
 * <h2>Protocol</h2>
 * A JVM of a round runs {@code paired --serve --only NAME} with the workload's options ({@link #serve}): it builds
 * and warms its {@link BurstDriver}, writes {@code ready}, then for each line {@code burst MILLIS} on its standard
 * input runs one burst, waits until it is idle (see {@link #awaitQuiet}), and writes
 * {@code result OPERATIONS MISSES NANOS}; it ends when its input closes. Other
 * lines it may write (none are expected) are passed through to this JVM's output.
 *
 * <p>A round's ratio is each implementation's operations over the wall time of its measured bursts, so every
 * round, with JVMs of its own, is one independent sample of the ratio ({@link PairedResult#groups()}).
 */
public final class SoloForks {

  private static final String READY = "ready";
  private static final String BURST = "burst";
  private static final String RESULT = "result";
  /** How long a serving JVM must stay nearly idle after a burst before it answers. */
  private static final long QUIET_MILLIS = 20;
  /** The longest a serving JVM waits to become idle after a burst. */
  private static final long MAXIMUM_SETTLE_MILLIS = 2_000;

  private SoloForks() {}

  /**
   * Runs {@code rounds} rounds of one JVM per implementation of {@link Implementation#CONCURRENT}.
   *
   * @param workload what to measure
   * @param rounds the rounds, each starting one JVM per implementation; at least 1
   * @param bursts measured bursts per implementation and round; at least 1
   * @param warmupBursts bursts each implementation runs first in each round and does not count; at least 0
   * @param burstMillis the length of one burst; at least 1
   * @return per implementation the totals of all its measured bursts; per peer one ratio per round
   * @throws IOException if a JVM cannot be started, fails, or answers out of protocol
   * @throws InterruptedException if interrupted while waiting for a JVM
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public static PairedResult run(PairedWorkload workload, int rounds, int bursts, int warmupBursts,
      long burstMillis) throws IOException, InterruptedException {
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be positive but was " + rounds);
    }
    if (bursts < 1) {
      throw new IllegalArgumentException("bursts must be positive but was " + bursts);
    }
    if (warmupBursts < 0) {
      throw new IllegalArgumentException("warmupBursts must not be negative but was " + warmupBursts);
    }
    if (burstMillis < 1) {
      throw new IllegalArgumentException("burstMillis must be positive but was " + burstMillis);
    }
    List<PairedResult> results = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      results.add(runRound(workload, round, rounds, bursts, warmupBursts, burstMillis));
    }
    return PairedResult.merge(results); // totals add up; each round, with JVMs of its own, is one group
  }

  /**
   * One round: a JVM per implementation, bursts interleaved. Returns each implementation's totals over its measured
   * bursts and clockpro's ratio to each peer, one group.
   */
  private static PairedResult runRound(PairedWorkload workload, int round, int rounds, int bursts,
      int warmupBursts, long burstMillis) throws IOException, InterruptedException {
    List<Implementation> implementations = Implementation.CONCURRENT;
    List<Server> servers = new ArrayList<>();
    try {
      for (Implementation implementation : implementations) {
        servers.add(new Server(workload, implementation)); // they build and warm their caches side by side
      }
      for (Server server : servers) {
        server.awaitReady();
      }
      Map<Implementation, long[]> measured = new EnumMap<>(Implementation.class);
      for (int burst = -warmupBursts; burst < bursts; burst++) {
        double[] throughput = new double[servers.size()];
        for (int turn = 0; turn < servers.size(); turn++) {
          int index = Math.floorMod(round + burst + turn, servers.size());
          long[] result = servers.get(index).burst(burstMillis);
          throughput[index] = PairedResult.throughput(result);
          if (burst >= 0) {
            PairedResult.add(measured.computeIfAbsent(implementations.get(index), unused -> new long[3]), result);
          }
        }
        System.out.println(PairedComparison.progressLine(String.format(Locale.ROOT,
            "[paired] solo round %d of %d, %s %d of %d:", round + 1, rounds, burst < 0 ? "warm-up burst" : "burst",
            burst < 0 ? burst + warmupBursts + 1 : burst + 1, burst < 0 ? warmupBursts : bursts), implementations,
            throughput));
      }
      for (Server server : servers) {
        server.finish();
      }
      double clockpro = PairedResult.throughput(measured.get(Implementation.CLOCKPRO));
      Map<Implementation, List<Double>> ratios = new EnumMap<>(Implementation.class);
      for (Implementation peer : implementations) {
        if (peer != Implementation.CLOCKPRO) {
          ratios.put(peer, List.of(clockpro / PairedResult.throughput(measured.get(peer))));
        }
      }
      return new PairedResult(workload, 1, burstMillis, measured, ratios);
    } finally {
      for (Server server : servers) {
        server.process.destroy(); // a no-op for a JVM that has ended; stops the others if the round failed
      }
    }
  }

  /**
   * The serving side of the protocol, in a JVM that {@link #run} started: builds the driver, writes
   * {@code ready}, and runs one burst per {@code burst MILLIS} line until its input ends.
   *
   * @param workload what to measure
   * @param implementation the one implementation this JVM measures
   * @param input the commands, one per line
   * @param output where the answers go
   * @throws IOException if the input cannot be read
   * @throws InterruptedException if interrupted during a burst
   * @throws IllegalArgumentException if a line is not a burst command
   */
  public static void serve(PairedWorkload workload, Implementation implementation, BufferedReader input,
      PrintStream output) throws IOException, InterruptedException {
    BurstDriver driver = new BurstDriver(implementation.displayName(), workload.kind(), workload.capacity(),
        workload.factor(), workload.missCost(), workload.hitRate(), workload.threads());
    try {
      awaitQuiet(); // the compilations of building and warming the cache, before the first burst of any JVM
      output.println(READY);
      output.flush();
      for (String line = input.readLine(); line != null; line = input.readLine()) {
        String[] fields = line.trim().split(" ");
        if (fields.length != 2 || !fields[0].equals(BURST)) {
          throw new IllegalArgumentException("paired --serve: expected '" + BURST + " MILLIS' but read '" + line + "'");
        }
        long[] result = driver.burst(Long.parseLong(fields[1]));
        awaitQuiet();
        output.println(RESULT + " " + result[0] + " " + result[1] + " " + result[2]);
        output.flush();
      }
    } finally {
      driver.close();
    }
  }

  /**
   * Waits until this JVM has used less than a tenth of a processor for {@link #QUIET_MILLIS}, or for at most
   * {@link #MAXIMUM_SETTLE_MILLIS}: the JIT's compilations and the collector's work that a burst left queued then
   * run before this JVM answers, and not during the next JVM's burst, where they would take processor time from
   * the JVM being measured.
   */
  private static void awaitQuiet() throws InterruptedException {
    OperatingSystemMXBean system = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long deadline = System.nanoTime() + MAXIMUM_SETTLE_MILLIS * 1_000_000L;
    long before = system.getProcessCpuTime();
    while (System.nanoTime() < deadline) {
      Thread.sleep(QUIET_MILLIS);
      long after = system.getProcessCpuTime();
      if (before < 0 || after - before < QUIET_MILLIS * 1_000_000L / 10) {
        return; // quiet, or the platform does not report process time
      }
      before = after;
    }
  }

  /** A JVM of a round, serving one implementation's bursts. */
  private static final class Server {
    private final Implementation implementation;
    private final Process process;
    private final BufferedReader answers;
    private final PrintWriter commands;

    Server(PairedWorkload workload, Implementation implementation) throws IOException {
      this.implementation = implementation;
      List<String> command = PairedForks.javaCommand();
      command.addAll(PairedForks.workloadArguments(workload));
      command.addAll(List.of("--forks", "0", "--serve", "--only", implementation.displayName()));
      this.process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      this.commands = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
    }

    void awaitReady() throws IOException {
      answer(READY);
    }

    /** Runs one burst there: its operations, misses and wall time in nanoseconds. */
    long[] burst(long millis) throws IOException {
      commands.println(BURST + " " + millis);
      String[] fields = answer(RESULT).split(" ");
      if (fields.length != 4) {
        throw new IOException(implementation.displayName() + " answered '" + String.join(" ", fields) + "'");
      }
      return new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[2]), Long.parseLong(fields[3])};
    }

    /** Closes its input, which ends it, and checks that it exited normally. */
    void finish() throws IOException, InterruptedException {
      commands.close();
      int exit = process.waitFor();
      if (exit != 0) {
        throw new IOException("the " + implementation.displayName() + " JVM exited with " + exit);
      }
    }

    /** Reads up to the next line that starts with {@code keyword}, passing any other line through. */
    private String answer(String keyword) throws IOException {
      for (String line = answers.readLine(); line != null; line = answers.readLine()) {
        if (line.equals(keyword) || line.startsWith(keyword + " ")) {
          return line;
        }
        System.out.println(line);
      }
      throw new IOException("the " + implementation.displayName() + " JVM ended before it answered '" + keyword
          + "'");
    }
  }
}
