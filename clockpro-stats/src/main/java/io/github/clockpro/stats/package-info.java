/**
 * Micrometer metrics for {@link io.github.clockpro.ClockProCache}.
 *
 * <p>{@link io.github.clockpro.stats.ClockProCacheMetrics#monitor ClockProCacheMetrics.monitor} binds a cache to a
 * {@code MeterRegistry}: the standard cache meters that dashboards for other caches already read, and the meters
 * only CLOCK-Pro has, among them the distribution of entries examined per eviction. {@code docs/metrics.md} lists
 * every meter with its Prometheus name.
 */
package io.github.clockpro.stats;
