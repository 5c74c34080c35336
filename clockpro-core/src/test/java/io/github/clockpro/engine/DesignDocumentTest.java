package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documents keep up with the code: docs/design.md names every class of the engine, and the comments of every
 * published module's main code quote no measured points (hit-rate points, percentages, nanoseconds, operations per
 * second), which belong in docs/decisions.md with the command that measured them. Reads the sources from the
 * module's directory, where Maven runs the tests; skipped where they are not there (a test run from a packaged jar).
 */
class DesignDocumentTest {

  private static final Path ENGINE_SOURCES = Path.of("src/main/java/io/github/clockpro/engine");
  /** The main sources of the published modules (those clockpro-bom lists), from this module's directory. */
  private static final List<Path> PRODUCT_SOURCES = Stream.of("clockpro-core", "clockpro-stats", "clockpro-jcache",
      "clockpro-guava", "clockpro-spring", "clockpro-redis", "clockpro-offheap")
      .map(module -> Path.of("..", module, "src/main/java"))
      .toList();
  private static final Path DESIGN = Path.of("../docs/design.md");

  /** A measured point: "1.2 points", "81%", "20 ns", "3 ns/op", "5 ops/s", "two points" is not one. */
  private static final Pattern MEASURED_POINT =
      Pattern.compile("\\d[\\d,.]*\\s?(points?\\b|%|ns\\b|ns/op|ops/s|us/op|µs)");

  @Test
  void shouldNameEveryEngineClassInTheDesign() throws IOException {
    assumeTrue(Files.isDirectory(ENGINE_SOURCES) && Files.isRegularFile(DESIGN), "sources and docs not found");
    String design = Files.readString(DESIGN);
    List<String> unnamed = new ArrayList<>();
    try (Stream<Path> files = Files.list(ENGINE_SOURCES)) {
      files.map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(".java") && !name.equals("package-info.java"))
          .map(name -> name.substring(0, name.length() - ".java".length()))
          .filter(name -> !Pattern.compile("\\b" + name + "\\b").matcher(design).find())
          .sorted()
          .forEach(unnamed::add);
    }
    assertEquals(List.of(), unnamed, "engine classes that docs/design.md does not name");
  }

  @Test
  void shouldQuoteNoMeasuredPointInProductComments() throws IOException {
    assumeTrue(PRODUCT_SOURCES.stream().allMatch(Files::isDirectory), "sources not found");
    List<String> quotes = new ArrayList<>();
    for (Path sources : PRODUCT_SOURCES) {
      quoteMeasuredPoints(sources, quotes);
    }
    assertEquals(List.of(), quotes, "measured points quoted in product comments; move them to docs/decisions.md");
  }

  /** Adds each comment line under {@code sources} that quotes a measured point to {@code quotes}. */
  private static void quoteMeasuredPoints(Path sources, List<String> quotes) throws IOException {
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : (Iterable<Path>) files.filter(path -> path.toString().endsWith(".java"))::iterator) {
        List<String> lines = Files.readAllLines(file);
        for (int index = 0; index < lines.size(); index++) {
          String line = lines.get(index).trim();
          boolean comment = line.startsWith("*") || line.startsWith("/*") || line.startsWith("//");
          Matcher matcher = MEASURED_POINT.matcher(line);
          if (comment && matcher.find()) {
            quotes.add(file.getFileName() + ":" + (index + 1) + ": " + matcher.group());
          }
        }
      }
    }
  }
}
