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
      assertThat(document).as("docs/metrics.md names %s", series).contains(series);
    }
  }

  @Test
  void shouldGiveTheQueriesTheIssueAsksFor() throws IOException {
    String document = Files.readString(Documents.path("metrics.md"));

    assertThat(document)
        .contains("rate(cache_gets_total{result=\"hit\"}[5m])")
        .contains("rate(cache_evictions_total[5m])")
        .contains("ceil(histogram_quantile(0.99, sum by (cache, le) (rate(cache_eviction_scan_length_bucket[5m]))))")
        .contains("ceil(histogram_quantile(0.5, sum by (cache, le) (rate(cache_eviction_scan_length_bucket[5m]))))")
        .contains("sum by (cache) (rate(cache_eviction_scan_length_sum[5m]))")
        .contains("sum by (cache) (rate(cache_eviction_scan_length_count[5m]))")
        .contains("max by (cache) (cache_eviction_scan_length_max)")
        .contains("rate(cache_eviction_scan_limit_reached_total[5m])")
        .contains("sum by (cache) (rate(cache_expirations_total[5m]))");
  }
}
