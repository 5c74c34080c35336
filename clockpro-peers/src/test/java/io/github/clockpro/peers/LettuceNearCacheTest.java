package io.github.clockpro.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Lettuce's near cache as the benchmark and the lab drive it: it serves a read from its map once it holds the
 * key, counts only the reads that went to Redis, and drops a key that another connection changes.
 */
class LettuceNearCacheTest {

  private static LocalRedis redis;
  private static StatefulRedisConnection<String, String> writer;

  @BeforeAll
  static void startRedis() {
    redis = LocalRedis.start();
    writer = redis.client().connect();
  }

  @AfterAll
  static void stopRedis() {
    writer.close();
    redis.close();
  }

  @Test
  void shouldCountOnlyTheReadsThatMissTheMap() {
    writer.sync().set("counted", "v1");
    Map<String, String> entries = new ConcurrentHashMap<>();
    try (LettuceNearCache nearCache = LettuceNearCache.enable(entries, redis.client().connect())) {
      assertEquals("v1", nearCache.get("counted"));
      assertEquals("v1", nearCache.get("counted"));
      assertEquals(1, nearCache.misses());
      assertEquals(Map.of("counted", "v1"), nearCache.entries());
      assertNull(nearCache.get("absent"));
      assertEquals(2, nearCache.misses());
    }
  }

  @Test
  void shouldDropAKeyAnotherConnectionChanges() throws InterruptedException {
    writer.sync().set("changed", "v1");
    Map<String, String> entries = new ConcurrentHashMap<>();
    try (LettuceNearCache nearCache = LettuceNearCache.enable(entries, redis.client().connect())) {
      assertEquals("v1", nearCache.get("changed"));
      writer.sync().set("changed", "v2");
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (entries.containsKey("changed") && System.nanoTime() < deadline) {
        Thread.sleep(10); // the invalidation arrives on the tracking connection's own thread
      }
      assertEquals("v2", nearCache.get("changed"));
      assertEquals(2, nearCache.misses());
    }
  }
}
