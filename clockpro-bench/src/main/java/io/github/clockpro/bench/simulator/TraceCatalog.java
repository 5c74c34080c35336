package io.github.clockpro.bench.simulator;

import io.github.clockpro.bench.workload.Trace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * The traces of a folder: files {@code <name>.trace.gz} (gzip text, one integer key per line, empty lines
 * skipped) and the sizes to simulate each at, read from the folder's {@code README.md}.
 *
 * <p>The README gives sizes either in a table with a {@code suggested sizes} column (sizes separated by spaces)
 * or in rows {@code | trace | size | ...} of a table whose first two headers are {@code trace} and {@code size}.
 * A trace file with no sizes in the README is skipped with a message on standard error.
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
   * @param folder the folder
   * @return the traces, possibly none
   * @throws IllegalArgumentException if the folder does not exist
   * @throws UncheckedIOException if a file cannot be read
   */
  public static List<Trace> load(Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException("--traces: " + folder + " is not a directory");
    }
    Path readme = folder.resolve("README.md");
    Map<String, TreeSet<Integer>> sizes;
    try {
      sizes = Files.exists(readme) ? parseSizes(Files.readAllLines(readme)) : Map.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Trace> traces = new ArrayList<>();
    for (Map.Entry<String, TreeSet<Integer>> entry : sizes.entrySet()) {
      Path file = folder.resolve(entry.getKey() + ".trace.gz");
      if (Files.exists(file)) {
        traces.add(new Trace(entry.getKey(), "trace file " + file.getFileName(), readKeys(file),
            List.copyOf(entry.getValue())));
      }
    }
    try (var files = Files.list(folder)) {
      files.map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(".trace.gz"))
          .map(name -> name.substring(0, name.length() - ".trace.gz".length()))
          .filter(name -> !sizes.containsKey(name))
          .sorted()
          .forEach(name -> System.err.println("skipping trace " + name + ": README.md gives no sizes for it"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return traces;
  }

  /**
   * Reads the sizes per trace from the tables of a README.
   *
   * @param lines the README's lines
   * @return for each trace, in order of first appearance, its sizes
   */
  static Map<String, TreeSet<Integer>> parseSizes(List<String> lines) {
    Map<String, TreeSet<Integer>> sizes = new LinkedHashMap<>();
    List<String> header = null;
    for (String line : lines) {
      String trimmed = line.trim();
      if (!trimmed.startsWith("|")) {
        header = null;
        continue;
      }
      List<String> cells = cells(trimmed);
      if (header == null) {
        header = cells;
        continue;
      }
      if (cells.stream().allMatch(cell -> cell.matches(":?-+:?"))) {
        continue;
      }
      int suggested = header.indexOf("suggested sizes");
      if (suggested >= 0 && suggested < cells.size() && !cells.isEmpty()) {
        for (String size : cells.get(suggested).split("\\s+")) {
          addSize(sizes, cells.get(0), size);
        }
      } else if (header.size() >= 2 && header.get(0).equals("trace") && header.get(1).equals("size")
          && cells.size() >= 2) {
        addSize(sizes, cells.get(0), cells.get(1));
      }
    }
    return sizes;
  }

  private static void addSize(Map<String, TreeSet<Integer>> sizes, String trace, String size) {
    String digits = size.replace(",", "");
    if (!trace.isEmpty() && digits.matches("\\d+") && Integer.parseInt(digits) > 0) {
      sizes.computeIfAbsent(trace, name -> new TreeSet<>()).add(Integer.parseInt(digits));
    }
  }

  private static List<String> cells(String row) {
    String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
    List<String> cells = new ArrayList<>();
    for (String cell : inner.split("\\|", -1)) {
      cells.add(cell.trim().toLowerCase(Locale.ROOT));
    }
    return cells;
  }

  /**
   * Reads a trace file.
   *
   * @param file gzip text, one integer key per line
   * @return the keys in order
   * @throws UncheckedIOException if the file cannot be read or a line is not an integer
   */
  public static long[] readKeys(Path file) {
    long[] keys = new long[1024];
    int count = 0;
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.US_ASCII))) {
      String line;
      int lineNumber = 0;
      while ((line = reader.readLine()) != null) {
        lineNumber++;
        String trimmed = line.trim();
        if (trimmed.isEmpty()) {
          continue;
        }
        if (count == keys.length) {
          keys = Arrays.copyOf(keys, count * 2);
        }
        try {
          keys[count++] = Long.parseLong(trimmed);
        } catch (NumberFormatException e) {
          throw new IOException(file + " line " + lineNumber + " is not an integer key: " + trimmed, e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Arrays.copyOf(keys, count);
  }
}
