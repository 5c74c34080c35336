package io.github.clockpro.bench.offheap;

import io.github.clockpro.bench.simulator.TraceCatalog;
import io.github.clockpro.bench.workload.Trace;
import io.github.clockpro.peers.OffHeapPeer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code offheap MODE [options]}: the measurements of docs/offheap.md that are not JMH benchmarks.
 *
 * <pre>
 * offheap showcase [--bytes N] [--value-size N] [--requests N]   the off-heap cache beside OHC, one table
 * offheap hit-rate [--traces DIR]                                the shared traces, off-heap against heap clockpro
 * offheap memory [--bytes N] [--value-size N]                    overhead per entry from RSS, a JVM per cache
 * offheap reopen [--bytes N] [--directory DIR]                   time from reopening a persisted cache to a hit
 * offheap gc --cache NAME [--bytes N] [--seconds N]              collector pauses, cache empty then full
 * </pre>
 */
public final class OffHeapCommand {

  public static final String USAGE = "offheap showcase|hit-rate|memory|reopen|gc [options]   the off-heap"
      + " cache's measurements (docs/offheap.md)";

  private OffHeapCommand() {}

  public static void run(String[] arguments) throws IOException, InterruptedException {
    if (arguments.length == 0) {
      throw new IllegalArgumentException("offheap needs a mode: showcase, hit-rate, memory, reopen or gc");
    }
    String mode = arguments[0];
    long bytes = size(option(arguments, "--bytes", mode.equals("gc") ? "8g" : mode.equals("reopen") ? "1g"
        : mode.equals("memory") ? "1g" : "64m"));
    int valueSize = Integer.parseInt(option(arguments, "--value-size", "512"));
    switch (mode) {
      case "showcase" -> OffHeapShowcase.run(bytes, valueSize,
          Long.parseLong(option(arguments, "--requests", "2000000")), System.out);
      case "hit-rate" -> {
        Path folder = Path.of(option(arguments, "--traces",
            TraceCatalog.defaultFolder(Path.of("")).toString()));
        if (!Files.isDirectory(folder)) {
          System.out.println("no traces at " + folder + "; nothing to replay");
          return;
        }
        List<Trace> traces = TraceCatalog.load(folder);
        OffHeapHitRate.run(traces, System.out);
      }
      case "memory" -> memory(bytes, valueSize);
      case "memory-child" -> OffHeapMemory.measure(OffHeapPeer.named(option(arguments, "--cache", "")), bytes,
          valueSize, System.out);
      case "reopen" -> {
        Path directory = Path.of(option(arguments, "--directory", "target/offheap-reopen"));
        OffHeapReopen.run(directory, bytes, System.out);
      }
      case "gc" -> OffHeapGcPauses.run(OffHeapPeer.named(option(arguments, "--cache", "clockpro-offheap")), bytes,
          Integer.parseInt(option(arguments, "--seconds", "60")), System.out);
      default -> throw new IllegalArgumentException("unknown offheap mode '" + mode + "'");
    }
  }

  /** Runs each cache's measurement in its own JVM (the JVM's resident set is the measure), with a 2 GiB heap. */
  private static void memory(long bytes, int valueSize) throws IOException, InterruptedException {
    System.out.println("| cache | value bytes | capacity bytes | entries | RSS growth bytes | overhead bytes/entry |");
    System.out.println("|---|---:|---:|---:|---:|---:|");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String jar = Path.of(OffHeapCommand.class.getProtectionDomain().getCodeSource().getLocation().getPath())
        .toString();
    for (OffHeapPeer peer : new OffHeapPeer[] {OffHeapPeer.CLOCKPRO_OFFHEAP, OffHeapPeer.OHC_LINKED}) {
      List<String> command = new ArrayList<>(List.of(java, "-Xmx2g", "-jar", jar, "offheap", "memory-child",
          "--cache", peer.displayName(), "--bytes", Long.toString(bytes), "--value-size",
          Integer.toString(valueSize)));
      Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
      try (BufferedReader output = new BufferedReader(new InputStreamReader(child.getInputStream(),
          StandardCharsets.UTF_8))) {
        output.lines().forEach(System.out::println);
      }
      child.waitFor();
    }
  }

  private static String option(String[] arguments, String name, String fallback) {
    for (int index = 1; index < arguments.length - 1; index++) {
      if (arguments[index].equals(name)) {
        return arguments[index + 1];
      }
    }
    return fallback;
  }

  /** {@return a size with an optional k, m or g suffix} */
  static long size(String text) {
    String lower = text.toLowerCase(java.util.Locale.ROOT);
    long unit = lower.endsWith("k") ? 1L << 10 : lower.endsWith("m") ? 1L << 20 : lower.endsWith("g") ? 1L << 30 : 1;
    String digits = unit == 1 ? lower : lower.substring(0, lower.length() - 1);
    return Long.parseLong(digits) * unit;
  }
}
