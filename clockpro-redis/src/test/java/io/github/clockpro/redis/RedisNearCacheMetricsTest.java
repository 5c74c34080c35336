package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The meters of {@link RedisNearCacheMetrics}: names, tags, units, values, and their description in the docs. */
class RedisNearCacheMetricsTest extends SharedRedisTest {

  @Test
  void shouldPublishTheCountsWithTagsDescriptionsAndUnits() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (StatefulRedisConnection<String, String> other = redis.connect();
        StatefulRedisConnection<String, String> connection = redis.connect();
        RedisNearCache<String, String> nearCache = RedisNearCacheMetrics.monitor(registry,
            RedisNearCache.enable(connection, ClockProCache.builder().maximumSize(10).build()),
            "users", "region", "eu")) {
      other.sync().set("a", "1");
      nearCache.get("a");
      other.sync().set("a", "2");
      other.sync().flushall();
      await("the invalidation and the flush arrive", () -> nearCache.stats().serverFlushCount() == 1);

      Tags tags = Tags.of("cache", "users", "region", "eu");
      assertEquals(1, registry.get("cache.near.invalidations").tags(tags).functionCounter().count());
      assertEquals(1, registry.get("cache.near.flushes").tags(tags).tag("cause", "server")
          .functionCounter().count());
      assertEquals(0, registry.get("cache.near.flushes").tags(tags).tag("cause", "connection")
          .functionCounter().count());
      assertEquals(0, registry.get("cache.near.flushes").tags(tags).tag("cause", "topology")
          .functionCounter().count());
      assertEquals(1, registry.get("cache.near.tracking").tags(tags).gauge().value());
      for (Meter meter : registry.getMeters()) {
        assertNotNull(meter.getId().getDescription(), meter.getId().toString());
        if (meter.getId().getType() == Meter.Type.COUNTER) {
          assertNotNull(meter.getId().getBaseUnit(), meter.getId().toString());
        }
      }
      assertEquals(5, registry.getMeters().size());

      nearCache.close();
      assertEquals(0, registry.get("cache.near.tracking").tags(tags).gauge().value());
    }
  }

  @Test
  void shouldRejectANullNameOrTags() {
    try (StatefulRedisConnection<String, String> connection = redis.connect();
        RedisNearCache<String, String> nearCache =
            RedisNearCache.enable(connection, ClockProCache.builder().maximumSize(10).build())) {
      assertEquals("cacheName", assertThrows(NullPointerException.class,
          () -> new RedisNearCacheMetrics(nearCache, null, List.of())).getMessage());
      assertEquals("tags", assertThrows(NullPointerException.class,
          () -> new RedisNearCacheMetrics(nearCache, "users", null)).getMessage());
      assertThrows(IllegalArgumentException.class,
          () -> RedisNearCacheMetrics.monitor(new SimpleMeterRegistry(), nearCache, "users", "odd"));
    }
  }

  @Test
  void shouldDescribeEveryPrometheusSeriesInTheDocs() throws IOException {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Set<String> series = new TreeSet<>();
    try (StatefulRedisConnection<String, String> connection = redis.connect();
        RedisNearCache<String, String> nearCache = RedisNearCacheMetrics.monitor(registry,
            RedisNearCache.enable(connection, ClockProCache.builder().maximumSize(10).build()), "users")) {
      for (String line : registry.scrape().split("\n")) {
        if (!line.startsWith("#") && !line.isBlank()) {
          series.add(line.substring(0, line.indexOf('{')));
        }
      }
    }
    assertEquals(Set.of("cache_near_flushes_total", "cache_near_invalidations_total", "cache_near_tracking"),
        series);
    String docs = Files.readString(Path.of(System.getProperty("clockpro.docs", "../docs")).resolve("redis.md"));
    for (String name : series) {
      assertTrue(docs.contains("`" + name + "`"), "docs/redis.md does not describe " + name);
    }
  }
}
