package io.github.clockpro.stats;

import io.github.clockpro.ClockProCache;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.util.Set;

/** Locates the project's docs directory and lists the series that the documents must describe. */
final class Documents {

  private Documents() {}

  /** Resolves a path under {@code docs/}; the build passes its location, and the module directory is the default. */
  static Path path(String relative) {
    return Path.of(System.getProperty("clockpro.docs", "../docs")).resolve(relative);
  }

  /** The series names a Prometheus registry exposes for a bound cache after a workload that moves every meter. */
  static Set<String> publishedSeries() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();
    ClockProCacheMetrics.monitor(registry, cache, "books");
    Workload.run(cache, 2_000);
    // A weighted cache publishes two more gauges.
    ClockProCache<Integer, Integer> weighted = ClockProCache.builder().maximumWeight(100)
        .weigher((Integer key, Integer value) -> 1).build();
    ClockProCacheMetrics.monitor(registry, weighted, "pages");
    Workload.run(weighted, 2_000);
    return Scrape.parse(registry.scrape()).names();
  }
}
