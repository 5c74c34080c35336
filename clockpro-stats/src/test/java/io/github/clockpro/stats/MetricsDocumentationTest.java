package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class MetricsDocumentationTest {

  @Test
  void shouldNameEveryPublishedSeriesInTheMetricsDocument() throws IOException {
    String document = Files.readString(Documents.path("metrics.md"));

    for (String series : Documents.publishedSeries()) {
      String meter = series.replaceFirst("_(bucket|count|sum|max)$", "");
      assertThat(document).as("docs/metrics.md names %s", series).contains(meter);
    }
  }

  @Test
  void shouldGiveTheQueriesTheIssueAsksFor() throws IOException {
    String document = Files.readString(Documents.path("metrics.md"));

    assertThat(document)
        .contains("rate(cache_gets_total{result=\"hit\"}[5m])")
        .contains("rate(cache_evictions_total[5m])")
        .contains("histogram_quantile(0.99, sum by (cache, le) (rate(cache_eviction_scan_entries_bucket[5m])))")
        .contains("rate(cache_eviction_scan_limit_evictions_total[5m])");
  }
}
