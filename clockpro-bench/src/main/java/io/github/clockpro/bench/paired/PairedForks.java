package io.github.clockpro.bench.paired;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Runs a {@link PairedComparison} in fresh JVMs, one after another, and merges their results.
 *
 * <h2>Why</h2>
 * Rounds within one JVM cancel the drift of the machine's load, but not what differs from one JVM to the next: the
 * JIT's decisions, where the heap put the caches, and the state other code left behind in shared JDK classes.
 * Forks also catch a fault of the harness that one JVM hides: before {@link BurstDriver} made each thread create
 * its own key generator, two generators could share a cache line in one JVM and not in the next, and clockpro's
 * ratio to cache2k ranged from 0.80x to 1.75x between forks while the rounds within each agreed closely. JMH
 * forks for the same reason. Each fork here is a new JVM that runs only the comparison, with the class path and
 * heap limit of this one, and hands its result back through a file ({@link PairedResult#write}). Every second
 * fork builds the implementations' drivers in reverse order (see "Creation order" in {@link PairedComparison}),
 * so an even number of forks builds each implementation before each other one equally often.
 */
public final class PairedForks {

  private PairedForks() {}

  /**
   * Runs {@code forks} forked JVMs of the comparison and merges their results.
   *
   * @param workload what to measure
   * @param forks the JVMs to run; at least 1
   * @param rounds measured rounds per fork
   * @param warmupRounds warm-up rounds per fork
   * @param burstMillis the length of one burst
   * @return the merged result
   * @throws IOException if a fork cannot be started or its result read
   * @throws InterruptedException if interrupted while waiting for a fork
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public static PairedResult run(PairedWorkload workload, int forks, int rounds, int warmupRounds, long burstMillis)
      throws IOException, InterruptedException {
    if (forks < 1) {
      throw new IllegalArgumentException("forks must be positive but was " + forks);
    }
    new PairedComparison(workload, rounds, warmupRounds, burstMillis); // checks the arguments before any fork
    List<PairedResult> results = new ArrayList<>();
    for (int fork = 1; fork <= forks; fork++) {
      System.out.printf("[paired] fork %d of %d%n", fork, forks);
      boolean reverseCreation = fork % 2 == 0;
      results.add(fork(workload, burstMillis,
          file -> forkArguments(workload, rounds, warmupRounds, burstMillis, reverseCreation, file)));
    }
    return PairedResult.merge(results);
  }

  /**
   * Runs one fork: a new JVM with this one's class path and heap limit, running the {@code paired} command with
   * the given arguments, which must name the result file; returns the result the fork wrote there.
   */
  static PairedResult fork(PairedWorkload workload, long burstMillis, Function<Path, List<String>> arguments)
      throws IOException, InterruptedException {
    Path file = Files.createTempFile("clockpro-paired-", ".txt");
    try {
      List<String> command = javaCommand();
      command.addAll(arguments.apply(file));
      System.out.flush();
      Process process = new ProcessBuilder(command).inheritIO().start();
      int exit = process.waitFor();
      if (exit != 0) {
        throw new IOException("paired fork exited with " + exit + ": " + String.join(" ", command));
      }
      return PairedResult.read(file, workload, burstMillis);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * The arguments of one fork's {@code paired} command: the same workload, measured in that JVM only, its drivers
   * built in reverse order if {@code reverseCreation} (every second fork; see "Creation order" in
   * {@link PairedComparison}).
   */
  static List<String> forkArguments(PairedWorkload workload, int rounds, int warmupRounds, long burstMillis,
      boolean reverseCreation, Path resultFile) {
    List<String> arguments = workloadArguments(workload);
    arguments.addAll(List.of("--rounds", Integer.toString(rounds), "--warmup-rounds", Integer.toString(warmupRounds),
        "--burst-millis", Long.toString(burstMillis), "--forks", "0", "--result-file", resultFile.toString()));
    if (reverseCreation) {
      arguments.add("--reverse-creation");
    }
    return arguments;
  }

  /**
   * The command that starts a JVM like this one: its java executable, heap limit and class path, running the
   * benchmark module's main class; the caller adds the command's arguments.
   */
  static List<String> javaCommand() {
    return new ArrayList<>(List.of(javaExecutable(), "-Xmx" + heapMegabytes() + "m", "-cp",
        System.getProperty("java.class.path"), "io.github.clockpro.bench.Main"));
  }

  /** The {@code paired} command and the options that name the workload, for a JVM this one starts. */
  static List<String> workloadArguments(PairedWorkload workload) {
    List<String> arguments = new ArrayList<>(List.of("paired", "--workload", workload.kind(),
        "--capacity", Integer.toString(workload.capacity()), "--threads", Integer.toString(workload.threads())));
    switch (workload.kind()) {
      case PairedWorkload.ZIPFIAN -> arguments.addAll(List.of("--factor", Integer.toString(workload.factor()),
          "--miss-cost", Long.toString(workload.missCost())));
      case PairedWorkload.RANDOM -> arguments.addAll(List.of("--hit-rate", Integer.toString(workload.hitRate())));
      default -> { }
    }
    return arguments;
  }

  private static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", File.separatorChar == '\\' ? "java.exe" : "java")
        .toString();
  }

  private static long heapMegabytes() {
    return Runtime.getRuntime().maxMemory() >> 20;
  }
}
