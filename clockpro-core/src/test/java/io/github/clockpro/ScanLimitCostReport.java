package io.github.clockpro;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Regenerates the table in docs/design.md that shows what the scan limit costs in hit rate, by replaying every
 * shared trace at its suggested sizes with several limits. Not a test: it runs only when asked,
 *
 * <pre>./mvnw -B -ntp -pl clockpro-core test -Dtest=ScanLimitCostReport -Dclockpro.updateDocs=true</pre>
 */
@EnabledIfSystemProperty(named = "clockpro.updateDocs", matches = "true")
class ScanLimitCostReport {

  private static final int[] LIMITS = {Integer.MAX_VALUE, 128, 32, 8};
  private static final String BEGIN = "<!-- scan-limit-cost:begin -->";
  private static final String END = "<!-- scan-limit-cost:end -->";

  private static final class Result {
    long hits;
    long evictions;
    long scans;
    int maximumScan;
  }

  private static Result replay(long[] keys, int size, int limit) {
    ClockProCache<Long, Long> cache =
        ClockProCache.builder().maximumSize(size).scanLimit(limit).build();
    Result result = new Result();
    for (long key : keys) {
      if (cache.getIfPresent(key) != null) {
        result.hits++;
      } else {
        cache.put(key, key);
      }
    }
    CacheStats stats = cache.stats();
    result.evictions = stats.evictionCount();
    result.scans = stats.scanCount();
    result.maximumScan = stats.maxScanPerEviction();
    return result;
  }

  @Test
  void regenerate() throws IOException {
    Path directory = TraceFiles.directory();
    assumeTrue(directory != null, "no shared traces found");
    StringBuilder table = new StringBuilder();
    table.append("| trace | size |");
    for (int limit : LIMITS) {
      table.append(' ').append(name(limit)).append(" |");
    }
    table.append(" max entries examined, unlimited |\n|---|---:|");
    for (int ignored : LIMITS) {
      table.append("---:|");
    }
    table.append("---:|\n");
    double[] sums = new double[LIMITS.length];
    int cells = 0;
    Map<String, long[]> traces = new HashMap<>();
    List<TraceFiles.Cell> all = TraceFiles.referenceCells(directory);
    for (TraceFiles.Cell cell : all) {
      Path file = directory.resolve(cell.trace() + ".trace.gz");
      if (!Files.exists(file)) {
        continue;
      }
      long[] keys = traces.computeIfAbsent(cell.trace(), name -> read(file));
      table.append("| ").append(cell.trace()).append(" | ").append(cell.size()).append(" |");
      int unlimitedMaximum = 0;
      for (int i = 0; i < LIMITS.length; i++) {
        Result result = replay(keys, cell.size(), LIMITS[i]);
        double hitRate = 100.0 * result.hits / keys.length;
        sums[i] += hitRate;
        table.append(String.format(" %.2f |", hitRate));
        if (LIMITS[i] == Integer.MAX_VALUE) {
          unlimitedMaximum = result.maximumScan;
        }
      }
      table.append(' ').append(unlimitedMaximum).append(" |\n");
      cells++;
    }
    table.append("| **mean** | |");
    for (double sum : sums) {
      table.append(String.format(" **%.2f** |", sum / cells));
    }
    table.append(" |\n");
    Path design = projectRoot().resolve("docs").resolve("design.md");
    String text = Files.readString(design, StandardCharsets.UTF_8);
    int begin = text.indexOf(BEGIN);
    int end = text.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new IllegalStateException("markers " + BEGIN + " and " + END + " not found in " + design);
    }
    String updated = text.substring(0, begin + BEGIN.length()) + "\n" + table + text.substring(end);
    Files.writeString(design, updated, StandardCharsets.UTF_8);
    System.out.print(table);
  }

  private static String name(int limit) {
    return limit == Integer.MAX_VALUE ? "unlimited" : "limit " + limit;
  }

  private static long[] read(Path file) {
    try {
      return TraceFiles.read(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path projectRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("docs"))) {
        return dir;
      }
    }
    throw new IllegalStateException("project root not found from " + Path.of("").toAbsolutePath());
  }
}
