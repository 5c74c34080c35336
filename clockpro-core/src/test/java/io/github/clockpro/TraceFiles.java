package io.github.clockpro;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** Reads the shared traces and the reference table of their README, for tests. */
final class TraceFiles {

  /** One row of the reference table: a trace at one cache size, with its reference hit rates by column. */
  record Cell(String trace, int size, Map<String, Double> reference) {}

  private TraceFiles() {}

  /** The traces folder: {@code -Dclockpro.traces}, else {@code ../shared/traces} from the working directory up. */
  static Path directory() {
    String configured = System.getProperty("clockpro.traces");
    if (configured != null && Files.isDirectory(Path.of(configured))) {
      return Path.of(configured);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("traces");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
      candidate = dir.resolveSibling("shared").resolve("traces");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  static long[] read(Path file) throws IOException {
    long[] keys = new long[1 << 16];
    int count = 0;
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.US_ASCII))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        line = line.trim();
        if (line.isEmpty()) {
          continue;
        }
        if (count == keys.length) {
          keys = Arrays.copyOf(keys, count * 2);
        }
        keys[count++] = Long.parseLong(line);
      }
    }
    return Arrays.copyOf(keys, count);
  }

  /** Parses every markdown table of the README whose header starts with "trace | size". */
  static List<Cell> referenceCells(Path directory) throws IOException {
    List<Cell> cells = new ArrayList<>();
    List<String> header = null;
    for (String line : Files.readAllLines(directory.resolve("README.md"))) {
      if (!line.startsWith("|")) {
        header = null;
        continue;
      }
      List<String> columns = split(line);
      if (columns.size() >= 2 && columns.get(0).equals("trace") && columns.get(1).equals("size")) {
        header = columns;
        continue;
      }
      if (header == null || columns.get(0).startsWith("-")) {
        continue;
      }
      Map<String, Double> reference = new LinkedHashMap<>();
      for (int i = 2; i < columns.size() && i < header.size(); i++) {
        reference.put(header.get(i), Double.parseDouble(columns.get(i)));
      }
      cells.add(new Cell(columns.get(0), Integer.parseInt(columns.get(1)), reference));
    }
    return cells;
  }

  private static List<String> split(String line) {
    List<String> columns = new ArrayList<>();
    for (String column : line.substring(1, line.lastIndexOf('|')).split("\\|")) {
      columns.add(column.trim());
    }
    return columns;
  }
}
