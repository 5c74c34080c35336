package io.github.clockpro.stats;

import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.NamingConvention;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The distribution of entries examined per eviction as a Prometheus histogram ({@code _bucket} with {@code le},
 * {@code _sum}, {@code _count}), for every cache bound to one {@link PrometheusMeterRegistry}.
 *
 * <p>Micrometer renders {@code _bucket} series only for the distribution summaries and timers that its
 * Prometheus registry creates and that are fed one value per event; a meter made of functions, which read counts
 * the cache keeps itself, renders as separate counters. So this collector is registered on the registry's
 * {@link PrometheusMeterRegistry#getPrometheusRegistry() PrometheusRegistry} and builds the histogram from
 * {@link io.github.clockpro.Policy#evictionCountAtMost(int)} when it is scraped.
 *
 * <p>Only {@link ClockProCacheMetrics} uses this class, and only once it has seen that the registry is a
 * Prometheus one: micrometer-registry-prometheus is an optional dependency, and this class is the only one that
 * names its types.
 */
final class PrometheusScanLengths implements Collector {

  /*
   * Design overview
   *
   * One collector per PrometheusRegistry, since the registry refuses two collectors of one name; it publishes a
   * data point per bound cache, each with its own bounds (they depend on the cache's scan limit). A data point's
   * labels are the convention tags of the cache's scan.length.max gauge, as the registry registered it, so that the
   * registry's meter filters (common tags, renamed tags) apply to the histogram as to every other meter, and the
   * histogram lives exactly as long as that gauge: removing the gauge from the registry removes the data point.
   *
   * Binding follows Micrometer's rule: a second binding under the same labels keeps the first cache, as the
   * registry keeps the first meters. The cache is held weakly; a data point whose cache was collected is dropped
   * at the next scrape.
   *
   * A scrape reads the cumulative counts bound by bound, ascending, and then the total of entries examined. Since
   * the counts only grow, each bucket read after a smaller one is at least as large: the buckets of one scrape are
   * monotone, and the count is the bucket at the scan limit (no eviction examines more). The sum, read last, may
   * include a few evictions the buckets do not.
   *
   * Concurrency: the map of collectors by registry is guarded by its own monitor, taken only when binding. The
   * data points live in a ConcurrentHashMap, written by binding and by the meter-removal callback, and read by
   * scrapes; a scrape sees each entry as it was at some point during the scrape.
   */

  /** The collector of each Prometheus registry; weak keys, and no collector refers to its registry. */
  private static final Map<PrometheusRegistry, PrometheusScanLengths> COLLECTORS = new WeakHashMap<>();

  private final String name;
  private final String help;
  private final String maxGaugeName;
  /** The bound caches by the labels of their data point; see the design overview for who writes it. */
  private final Map<Labels, Source> sources = new ConcurrentHashMap<>();

  /** One bound cache, held weakly, and the finite bucket bounds of its histogram. */
  private record Source(WeakReference<ClockProCache<?, ?>> cache, int[] bounds) {}

  private PrometheusScanLengths(String name, String help, String maxGaugeName) {
    this.name = name;
    this.help = help;
    this.maxGaugeName = maxGaugeName;
  }

  /**
   * Publishes the cache's histogram with the labels of its longest-scan gauge, once per set of labels.
   *
   * @param registry a {@link PrometheusMeterRegistry}
   * @param maxGaugeId the id of the gauge {@link ClockProCacheMetrics#SCAN_LENGTH_MAX} as the registry
   *     registered it
   * @param cache the cache, held weakly
   * @param bounds the finite bucket bounds, ascending
   */
  static void bind(MeterRegistry registry, Meter.Id maxGaugeId, ClockProCache<?, ?> cache, int[] bounds) {
    PrometheusMeterRegistry prometheus = (PrometheusMeterRegistry) registry;
    NamingConvention convention = prometheus.config().namingConvention();
    PrometheusScanLengths collector;
    synchronized (COLLECTORS) {
      collector = COLLECTORS.get(prometheus.getPrometheusRegistry());
      if (collector == null) {
        collector = new PrometheusScanLengths(
            convention.name(ClockProCacheMetrics.SCAN_LENGTH, Meter.Type.DISTRIBUTION_SUMMARY),
            ClockProCacheMetrics.SCAN_LENGTH_DESCRIPTION, maxGaugeId.getName());
        prometheus.getPrometheusRegistry().register(collector);
        PrometheusScanLengths registered = collector;
        prometheus.config().onMeterRemoved(meter -> registered.removed(meter.getId(), convention));
        COLLECTORS.put(prometheus.getPrometheusRegistry(), collector);
      }
    }
    collector.sources.putIfAbsent(labels(maxGaugeId, convention),
        new Source(new WeakReference<>(cache), bounds.clone()));
  }

  private void removed(Meter.Id id, NamingConvention convention) {
    if (id.getName().equals(maxGaugeName)) {
      sources.remove(labels(id, convention));
    }
  }

  private static Labels labels(Meter.Id id, NamingConvention convention) {
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (Tag tag : id.getConventionTags(convention)) {
      names.add(tag.getKey());
      values.add(tag.getValue());
    }
    return Labels.of(names, values);
  }

  @Override
  public String getPrometheusName() {
    return name;
  }

  @Override
  public HistogramSnapshot collect() {
    List<HistogramDataPointSnapshot> dataPoints = new ArrayList<>();
    for (Map.Entry<Labels, Source> entry : sources.entrySet()) {
      ClockProCache<?, ?> cache = entry.getValue().cache().get();
      if (cache == null) {
        sources.remove(entry.getKey(), entry.getValue());
        continue;
      }
      dataPoints.add(dataPoint(cache, entry.getValue().bounds(), entry.getKey()));
    }
    return new HistogramSnapshot(new MetricMetadata(name, help), dataPoints);
  }

  /** Reads the cache's buckets ascending, then its total of entries examined; see the design overview. */
  private static HistogramDataPointSnapshot dataPoint(ClockProCache<?, ?> cache, int[] bounds, Labels labels) {
    double[] upperBounds = new double[bounds.length + 1];
    long[] counts = new long[bounds.length + 1];
    long below = 0;
    for (int index = 0; index < bounds.length; index++) {
      long atMost = cache.policy().evictionCountAtMost(bounds[index]);
      upperBounds[index] = bounds[index];
      counts[index] = Math.max(0, atMost - below);
      below = Math.max(below, atMost);
    }
    upperBounds[bounds.length] = Double.POSITIVE_INFINITY;
    double sum = cache.stats().scanCount();
    return new HistogramDataPointSnapshot(ClassicHistogramBuckets.of(upperBounds, counts), sum, labels,
        Exemplars.EMPTY, 0L);
  }
}
