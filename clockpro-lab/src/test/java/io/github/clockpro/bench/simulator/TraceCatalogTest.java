package io.github.clockpro.bench.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.bench.workload.Trace;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceCatalogTest {

  @Test
  void shouldReadSizesFromTheSuggestedSizesColumnOnly() {
    Map<String, TreeSet<Integer>> sizes = TraceCatalog.parseSizes(List.of(
        "| trace | events | suggested sizes |",
        "|---|---:|---|",
        "| cpp | 9,047 | 100 50 |",
        "| web07 | 76,118 | 300 |",
        "",
        "| trace | size | OPT |",
        "|---|---:|---:|",
        "| cpp | 200 | 86.0 |"));
    assertEquals(List.of("cpp", "web07"), List.copyOf(sizes.keySet()));
    assertEquals(List.of(50, 100), List.copyOf(sizes.get("cpp")));
    assertEquals(List.of(300), List.copyOf(sizes.get("web07")));
  }

  @Test
  void shouldLoadTheTracesTheReadmeGivesSizesFor(@TempDir Path folder) throws IOException {
    Files.writeString(folder.resolve("README.md"),
        "| trace | suggested sizes |\n|---|---|\n| tiny | 2 |\n| absent | 4 |\n");
    try (OutputStream output = new GZIPOutputStream(Files.newOutputStream(folder.resolve("tiny.trace.gz")))) {
      output.write("1\n2\n\n3\n1\n".getBytes(StandardCharsets.US_ASCII));
    }
    List<Trace> traces = TraceCatalog.load(folder);
    assertEquals(1, traces.size());
    assertEquals("tiny", traces.get(0).name());
    assertArrayEquals(new long[] {1, 2, 3, 1}, traces.get(0).keys());
    assertEquals(List.of(2), traces.get(0).sizes());
  }

  @Test
  void shouldNameTheOptionForAMissingFolder(@TempDir Path folder) {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> TraceCatalog.load(folder.resolve("missing")));
    assertEquals(true, error.getMessage().startsWith("--traces"));
  }
}
