package io.github.clockpro.model;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays every shared trace, at every size of the reference tables in its README, through the cache and through
 * the {@link ReferenceModel}, as get-then-put-on-miss, and requires the same hits, event by event.
 *
 * <p>The traces are read from {@code -Dclockpro.traces} (the module's pom points it at {@code ../shared/traces});
 * the test is skipped when they are absent.
 */
class TraceAgreementTest {

  @ParameterizedTest(name = "{0} at {1}")
  @MethodSource("cells")
  void shouldHitExactlyWhereTheCoreHits(String trace, int size) throws IOException {
    long[] keys = read(directory().resolve(trace + ".trace.gz"));
    LockstepReplay replay = LockstepReplay.run(size, keys.length, event -> keys[event]);
    System.out.printf("%-9s %6d  hit rate %.2f%% in both%n", trace, size, 100.0 * replay.hits / keys.length);
  }

  static Stream<Arguments> cells() throws IOException {
    Path directory = directory();
    assumeTrue(directory != null && Files.exists(directory.resolve("README.md")), "no shared traces found");
    List<Arguments> cells = new ArrayList<>();
    boolean inTable = false;
    for (String line : Files.readAllLines(directory.resolve("README.md"))) {
      List<String> columns = columns(line);
      if (columns.size() < 2) {
        inTable = false;
      } else if (columns.get(0).equals("trace") && columns.get(1).equals("size")) {
        inTable = true;
      } else if (inTable && !columns.get(0).startsWith("-")
          && Files.exists(directory.resolve(columns.get(0) + ".trace.gz"))) {
        cells.add(Arguments.of(columns.get(0), Integer.parseInt(columns.get(1))));
      }
    }
    return cells.stream();
  }

  private static List<String> columns(String line) {
    if (!line.startsWith("|")) {
      return List.of();
    }
    List<String> columns = new ArrayList<>();
    for (String column : line.substring(1, line.lastIndexOf('|')).split("\\|")) {
      columns.add(column.trim());
    }
    return columns;
  }

  private static Path directory() {
    String configured = System.getProperty("clockpro.traces");
    return configured == null || !Files.isDirectory(Path.of(configured)) ? null : Path.of(configured);
  }

  private static long[] read(Path file) {
    long[] keys = new long[1 << 16];
    int count = 0;
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.US_ASCII))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        if (count == keys.length) {
          keys = Arrays.copyOf(keys, count * 2);
        }
        keys[count++] = Long.parseLong(line.trim());
      }
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
    return Arrays.copyOf(keys, count);
  }
}
