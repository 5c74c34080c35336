package io.github.clockpro.bench.showcase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowcaseTest {

  @Test
  void shouldPrintTheTableAndServeTheMetricsWhileRunning() throws Exception {
    ShowcaseOptions options = new ShowcaseOptions(0, 100_000, 2, 5_000, 10, false);
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    try (Showcase showcase = new Showcase(options, new PrintStream(progress, true, StandardCharsets.UTF_8))) {
      List<ShowcaseResult> results = showcase.compare();
      String table = ShowcaseCommand.table(results);
      for (String implementation : List.of("clockpro", "caffeine", "cache2k")) {
        assertTrue(table.contains(implementation), table);
      }
      assertTrue(table.contains("scan/eviction p50/p99/max"), table);
      for (ShowcaseResult result : results) {
        assertEquals(100_000, result.requests());
        assertTrue(result.hitRatePercent() > 10 && result.hitRatePercent() < 100, result.toString());
      }
      assertTrue(progress.toString(StandardCharsets.UTF_8).contains("round 5/5"));

      HttpResponse<String> response = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(showcase.metricsUrl())).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, response.statusCode());
      assertTrue(response.body().contains("cache_gets_total"), response.body());
      assertTrue(showcase.metricsUrl().startsWith("http://127.0.0.1:"));
    }
  }

  @Test
  void shouldNameABadArgument() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ShowcaseCommand.parse(new String[] {"--threads", "0"}));
    assertTrue(error.getMessage().contains("--threads"), error.getMessage());
  }
}
