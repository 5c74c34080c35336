package io.github.clockpro.bench.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedisNearBenchmarkCommandTest {

  @Test
  void printsOneRowPerContenderWithNoStaleEntryFromTheCoherentOnes() throws InterruptedException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RedisNearBenchmarkCommand.run(new String[] {"--seconds", "1", "--keys", "100", "--near-cache-size", "50"},
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<String> lines = Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\\R"));
    assertTrue(lines.stream().anyMatch(line -> line.startsWith("contender") && line.contains("p99.9 us")),
        () -> String.join("\n", lines));
    for (String contender : List.of("clockpro RedisNearCache", "Lettuce ClientSideCaching",
        "Spring RedisCacheManager", "clockpro Spring two-level")) {
      String row = lines.stream().filter(line -> line.startsWith(contender)).findFirst()
          .orElseThrow(() -> new AssertionError(contender + " missing from\n" + String.join("\n", lines)));
      String[] columns = row.substring(contender.length()).trim().split("\\s+");
      assertEquals(10, columns.length, row);
      if (!contender.startsWith("Lettuce")) {
        assertEquals("0", columns[columns.length - 1], row);
      }
    }
  }

  @Test
  void rejectsABadArgumentByName() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> RedisNearBenchmarkCommand.run(new String[] {"--write-percent", "101"}));
    assertTrue(error.getMessage().contains("--write-percent"), error.getMessage());
  }
}
