package io.github.clockpro.examples;

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
      assertTrue(table.contains("CPU ns/request"), table);
      for (ShowcaseResult result : results) {
        assertEquals(100_000, result.requests());
        assertTrue(result.cpuNanosecondsPerRequest() > 0, result.toString());
        assertTrue(result.hitRatePercent() > 10 && result.hitRatePercent() < 100, result.toString());
      }
      assertTrue(progress.toString(StandardCharsets.UTF_8).contains("round 5/5"));

      HttpResponse<String> response = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(showcase.metricsUrl())).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, response.statusCode());
      assertTrue(response.body().contains("cache_gets_total"), response.body());
      assertTrue(response.body().contains("cache_eviction_scan_length_bucket"), response.body());
      assertTrue(showcase.metricsUrl().startsWith("http://127.0.0.1:"));
      assertTrue(get(showcase.statisticsUrl()).matches(
          "\\{\"evictions\":[1-9][0-9]*,\"entriesExamined\":[1-9][0-9]*,\"p50\":[1-9][0-9]*,"
              + "\"p99\":[1-9][0-9]*,\"max\":[1-9][0-9]*,\"quantiles\":\\{\"0.5\":[1-9][0-9]*,\"0.9\":[1-9][0-9]*,"
              + "\"0.99\":[1-9][0-9]*,\"0.999\":[1-9][0-9]*,\"0.9999\":[1-9][0-9]*,\"0.99999\":[1-9][0-9]*}}\\s*"),
          get(showcase.statisticsUrl()));
    }
  }

  @Test
  void shouldKeepPublishingTheCacheItReplaysThroughWhileServing() throws Exception {
    ShowcaseOptions options = new ShowcaseOptions(0, 20_000, 1, 1_000, 0, true);
    try (Showcase showcase = new Showcase(options, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8))) {
      showcase.compare();
      double evictionsBefore = evictions(get(showcase.metricsUrl()));
      Thread serving = new Thread(() -> {
        try {
          showcase.replayUntilInterrupted();
        } catch (InterruptedException expected) {
          Thread.currentThread().interrupt();
        }
      });
      serving.start();
      double evictionsAfter = evictionsBefore;
      for (int attempt = 0; attempt < 200 && evictionsAfter <= evictionsBefore; attempt++) {
        Thread.sleep(50);
        evictionsAfter = evictions(get(showcase.metricsUrl()));
      }
      serving.interrupt();
      serving.join();

      assertTrue(evictionsAfter > evictionsBefore, evictionsBefore + " then " + evictionsAfter);
      assertTrue(get(showcase.statisticsUrl()).contains("\"evictions\":" + (long) evictions(get(
          showcase.metricsUrl())) + ","), get(showcase.statisticsUrl()));
    }
  }

  @Test
  void shouldRefuseToServeBeforeComparing() throws Exception {
    ShowcaseOptions options = new ShowcaseOptions(0, 20_000, 1, 1_000, 0, true);
    try (Showcase showcase = new Showcase(options, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8))) {
      assertThrows(IllegalStateException.class, showcase::replayUntilInterrupted);
      assertTrue(get(showcase.statisticsUrl()).contains("\"evictions\":0,"));
    }
  }

  private static String get(String url) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }

  /** The value of the series {@code cache_evictions_total} in a scrape. */
  private static double evictions(String scrape) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith("cache_evictions_total{")) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError("no cache_evictions_total in " + scrape);
  }

  @Test
  void shouldNameABadArgument() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ShowcaseCommand.parse(new String[] {"--threads", "0"}));
    assertTrue(error.getMessage().contains("--threads"), error.getMessage());
  }
}
