package io.github.clockpro.bench.simulator;

import io.github.clockpro.bench.workload.Trace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * The traces of a folder: files {@code <name>.trace.gz} (gzip text, one integer key per line, empty lines
 * skipped) and the sizes to simulate each at, from the {@code suggested sizes} column (sizes separated by spaces)
 * of a table in the folder's {@code README.md} whose first column names the trace. A trace the README gives no
 * sizes for is not loaded.
 */
public final class TraceCatalog {

  private TraceCatalog() {}

  /** Returns the default traces folder, {@code ../shared/traces} relative to {@code repositoryRoot}. */
  public static Path defaultFolder(Path repositoryRoot) {
    return repositoryRoot.toAbsolutePath().normalize().resolveSibling("shared").resolve("traces");
  }

  /**
   * Loads every trace of a folder that the README gives sizes for, in the README's order.
   *
   * @throws IllegalArgumentException if the folder does not exist
   * @throws UncheckedIOException if a file cannot be read
   */
  public static List<Trace> load(Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException("--traces: " + folder + " is not a directory");
    }
    try {
      Path readme = folder.resolve("README.md");
      Map<String, TreeSet<Integer>> sizes = Files.exists(readme) ? parseSizes(Files.readAllLines(readme)) : Map.of();
      return sizes.entrySet().stream().filter(entry -> Files.exists(folder.resolve(entry.getKey() + ".trace.gz")))
          .map(entry -> new Trace(entry.getKey(), "trace file " + entry.getKey() + ".trace.gz",
              readKeys(folder.resolve(entry.getKey() + ".trace.gz")), List.copyOf(entry.getValue())))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads the suggested sizes per trace from the tables of a README, in order of first appearance. */
  static Map<String, TreeSet<Integer>> parseSizes(List<String> lines) {
    Map<String, TreeSet<Integer>> sizes = new LinkedHashMap<>();
    int column = -1;
    for (String line : lines) {
      List<String> cells = line.trim().startsWith("|")
          ? Arrays.stream(line.trim().split("\\|")).skip(1).map(String::trim).toList() : List.of();
      if (cells.isEmpty()) {
        column = -1;
      } else if (column < 0) {
        column = cells.indexOf("suggested sizes");
        column = column < 0 ? Integer.MAX_VALUE : column; // a table without sizes: skip to its end
      } else if (column < cells.size()) {
        for (String size : cells.get(column).split("\\s+")) {
          if (size.matches("[1-9][0-9]*")) {
            sizes.computeIfAbsent(cells.get(0), name -> new TreeSet<>()).add(Integer.parseInt(size));
          }
        }
      }
    }
    return sizes;
  }

  /**
   * Reads a trace file: gzip text, one integer key per line.
   *
   * @throws UncheckedIOException if the file cannot be read or a line is not an integer
   */
  private static long[] readKeys(Path file) {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.US_ASCII))) {
      return reader.lines().map(String::trim).filter(line -> !line.isEmpty()).mapToLong(Long::parseLong).toArray();
    } catch (IOException | NumberFormatException e) {
      throw new UncheckedIOException(new IOException(file + " is not a trace of integer keys", e));
    }
  }
}
