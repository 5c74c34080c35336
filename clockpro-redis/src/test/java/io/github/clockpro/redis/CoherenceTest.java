package io.github.clockpro.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.CoherenceWorkload.NearCacheUnderTest;
import io.github.clockpro.redis.CoherenceWorkload.Result;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Coherence under concurrent writes: after writes stop and the last invalidation has arrived, every near cache
 * holds only values equal to Redis's. And the staleness bound while connected: one invalidation delivery.
 */
class CoherenceTest extends SharedRedisTest {

  @Test
  void shouldHoldOnlyRedisValuesAfterConcurrentWritesStop() throws InterruptedException {
    List<NearCacheUnderTest> nearCaches = new ArrayList<>();
    List<RedisNearCache<String, String>> frontends = new ArrayList<>();
    List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      StatefulRedisConnection<String, String> connection = redis.connect();
      connections.add(connection);
      ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(1_000).build();
      RedisNearCache<String, String> frontend = RedisNearCache.enable(connection, cache);
      frontends.add(frontend);
      nearCaches.add(new NearCacheUnderTest(frontend, () -> connection.sync().ping(), cache.asMap()));
    }
    try {
      Result result = new CoherenceWorkload(redis).run(nearCaches, Duration.ofSeconds(3), () -> { });

      assertEquals(List.of(), result.differences(), result.toString());
      assertTrue(result.entriesChecked() > 0, "the near caches hold entries to check: " + result);
      for (RedisNearCache<String, String> frontend : frontends) {
        assertTrue(frontend.stats().invalidationCount() > 0, frontend.stats().toString());
        assertTrue(frontend.cache().stats().hitCount() > 0, frontend.cache().stats().toString());
      }
    } finally {
      frontends.forEach(RedisNearCache::close);
      connections.forEach(StatefulRedisConnection::close);
    }
  }

  @Test
  void shouldReadItsOwnWriteWhenTheWriterInvalidatesLocally() {
    try (StatefulRedisConnection<String, String> connection = redis.connect();
        RedisNearCache<String, String> nearCache = RedisNearCache.enable(connection,
            ClockProCache.builder().maximumSize(100).build())) {
      for (int i = 0; i < 200; i++) {
        nearCache.get("own");
        connection.sync().set("own", Integer.toString(i));
        nearCache.invalidate("own");
        assertEquals(Integer.toString(i), nearCache.get("own"), "the writer reads its own write at once");
      }
    }
  }

  @Test
  void shouldNotServeAReplacedValueOnceItsInvalidationIsDelivered() {
    try (StatefulRedisConnection<String, String> writer = redis.connect();
        StatefulRedisConnection<String, String> connection = redis.connect();
        RedisNearCache<String, String> nearCache = RedisNearCache.enable(connection,
            ClockProCache.builder().maximumSize(100).build())) {
      for (int i = 0; i < 500; i++) {
        writer.sync().set("bound", Integer.toString(i));
        String read = nearCache.get("bound");
        assertTrue(read.equals(Integer.toString(i)) || read.equals(Integer.toString(i - 1)),
            "at most one write behind while the invalidation is on its way: " + read + " at " + i);
        // Anything the near cache's connection receives after the write comes after its invalidation.
        connection.sync().ping();
        assertEquals(Integer.toString(i), nearCache.get("bound"));
      }
    }
  }
}
