package io.github.clockpro.redis;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Publishes the counts of a {@link RedisNearCache} to a Micrometer {@link MeterRegistry}. Micrometer is an optional
 * dependency of this module: add {@code micrometer-core} to use this class.
 *
 * <pre>{@code
 * RedisNearCacheMetrics.monitor(registry, users, "users");
 * ClockProCacheMetrics.monitor(registry, users.cache(), "users");   // hits and misses, from clockpro-stats
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Every meter carries the tag {@code cache=<cacheName>} and the extra tags given, and has a description;
 *       the counters have a base unit, the gauge none. The meters, with their Prometheus names:
 *       <ul>
 *         <li>{@code cache.near.invalidations} ({@code cache_near_invalidations_total}), a counter of the keys
 *             Redis invalidated ({@link NearCacheStats#invalidationCount()});
 *         <li>{@code cache.near.flushes} ({@code cache_near_flushes_total}), a counter of the times the entries
 *             read through one connection were removed (the whole near cache, for one Redis), tagged
 *             {@code cause=server} for Redis's flushes ({@link NearCacheStats#serverFlushCount()}),
 *             {@code cause=connection} for connection losses ({@link NearCacheStats#connectionFlushCount()}) and
 *             {@code cause=topology} for cluster slots a node no longer serves
 *             ({@link NearCacheStats#topologyFlushCount()});
 *         <li>{@code cache.near.tracking} ({@code cache_near_tracking}), a gauge that reads 1 while values can
 *             enter the near cache ({@link RedisNearCache#isTracking()}) and 0 otherwise.
 *       </ul>
 *   <li>The meters read the near cache's counts when the registry asks for them; binding adds nothing to a read.
 * </ul>
 * The near cache's hits, misses and size are its cache's statistics: bind {@link RedisNearCache#cache()} with
 * clockpro-stats's {@code ClockProCacheMetrics}. {@code docs/redis.md} lists every meter.
 */
public final class RedisNearCacheMetrics implements MeterBinder {

  private static final String FLUSHES_DESCRIPTION = "The times the entries read through one connection were "
      + "removed, because Redis flushed, the connection was lost or a cluster slot moved";

  private final RedisNearCache<?, ?> nearCache;
  private final Tags tags;

  /**
   * Creates a binder for the near cache.
   *
   * @param nearCache the near cache to publish
   * @param cacheName the value of the tag {@code cache}
   * @param tags extra tags for every meter
   * @throws NullPointerException if an argument is null, naming it
   */
  public RedisNearCacheMetrics(RedisNearCache<?, ?> nearCache, String cacheName, Iterable<Tag> tags) {
    this.nearCache = requireNonNull(nearCache, "nearCache");
    requireNonNull(cacheName, "cacheName");
    requireNonNull(tags, "tags");
    this.tags = Tags.concat(tags, "cache", cacheName);
  }

  /**
   * Binds the near cache's meters to the registry.
   *
   * @param registry the registry
   * @param nearCache the near cache to publish
   * @param cacheName the value of the tag {@code cache}
   * @param tags extra tags as key and value pairs
   * @return the near cache
   * @param <C> the type of the near cache
   * @throws NullPointerException if an argument is null, naming it
   * @throws IllegalArgumentException if {@code tags} has an odd length
   */
  public static <C extends RedisNearCache<?, ?>> C monitor(MeterRegistry registry, C nearCache, String cacheName,
      String... tags) {
    requireNonNull(registry, "registry");
    requireNonNull(tags, "tags");
    new RedisNearCacheMetrics(nearCache, cacheName, Tags.of(tags)).bindTo(registry);
    return nearCache;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    requireNonNull(registry, "registry");
    FunctionCounter.builder("cache.near.invalidations", nearCache, near -> near.stats().invalidationCount())
        .tags(tags)
        .description("The keys Redis invalidated in this near cache")
        .baseUnit("invalidations")
        .register(registry);
    FunctionCounter.builder("cache.near.flushes", nearCache, near -> near.stats().serverFlushCount())
        .tags(tags).tag("cause", "server")
        .description(FLUSHES_DESCRIPTION)
        .baseUnit("flushes")
        .register(registry);
    FunctionCounter.builder("cache.near.flushes", nearCache, near -> near.stats().connectionFlushCount())
        .tags(tags).tag("cause", "connection")
        .description(FLUSHES_DESCRIPTION)
        .baseUnit("flushes")
        .register(registry);
    FunctionCounter.builder("cache.near.flushes", nearCache, near -> near.stats().topologyFlushCount())
        .tags(tags).tag("cause", "topology")
        .description(FLUSHES_DESCRIPTION)
        .baseUnit("flushes")
        .register(registry);
    Gauge.builder("cache.near.tracking", nearCache, near -> near.isTracking() ? 1 : 0)
        .tags(tags)
        .description("1 while values read from Redis can enter the near cache, 0 while tracking is suspended")
        .register(registry);
  }
}
