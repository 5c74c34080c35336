package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.support.caching.CacheFrontend;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The read path, the statistics and each kind of invalidation, against a real Redis. */
class RedisNearCacheTest extends SharedRedisTest {

  private StatefulRedisConnection<String, String> nearConnection;
  private StatefulRedisConnection<String, String> otherConnection;
  private RedisCommands<String, String> other;
  private ClockProCache<String, String> cache;
  private RedisNearCache<String, String> nearCache;

  @BeforeEach
  void enable() {
    otherConnection = redis.connect();
    other = otherConnection.sync();
    other.flushall();
    nearConnection = redis.connect();
    cache = ClockProCache.builder().maximumSize(1_000).build();
    nearCache = RedisNearCache.enable(nearConnection, cache);
  }

  @AfterEach
  void closeConnections() {
    if (nearCache != null) {
      nearCache.close();
      nearConnection.close();
      otherConnection.close();
    }
  }

  @Test
  void shouldReadThroughOnAMissAndHitAfterwards() {
    other.set("user:42", "Ada");

    assertEquals("Ada", nearCache.get("user:42"));
    assertEquals("Ada", cache.getIfPresent("user:42"));
    assertEquals("Ada", nearCache.get("user:42"));

    CacheStats stats = cache.stats();
    assertEquals(2, stats.hitCount(), "the second get and the check above");
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.putCount(), "the fill");
  }

  @Test
  void shouldNotCacheAValueHeavierThanAWeightedNearCache() {
    ClockProCache<String, String> weighted = ClockProCache.builder().maximumWeight(100)
        .weigher((String key, String value) -> value.length()).build();
    StatefulRedisConnection<String, String> connection = redis.connect();
    RedisNearCache<String, String> byLength = RedisNearCache.enable(connection, weighted);
    try {
      other.set("small", "x".repeat(10));
      other.set("large", "x".repeat(1_000));

      assertEquals(1_000, byLength.get("large").length());
      assertEquals(10, byLength.get("small").length());
      weighted.cleanUp();

      assertNull(weighted.getIfPresent("large"), "heavier than the whole near cache: read, not kept");
      assertEquals(10, weighted.getIfPresent("small").length());
      assertEquals(10, weighted.policy().weightedSize().orElseThrow());
    } finally {
      byLength.close();
      connection.close();
    }
  }

  @Test
  void shouldNotCacheAKeyRedisDoesNotHold() {
    assertNull(nearCache.get("absent"));
    assertNull(nearCache.get("absent"));

    assertEquals(0, cache.size());
    assertEquals(2, cache.stats().missCount());
  }

  @Test
  void shouldInvalidateWhenAnotherClientWrites() {
    other.set("user:1", "old");
    assertEquals("old", nearCache.get("user:1"));

    other.set("user:1", "new");

    await("the invalidation arrives", () -> cache.getIfPresent("user:1") == null);
    assertEquals("new", nearCache.get("user:1"));
    assertEquals(1, nearCache.stats().invalidationCount());
  }

  @Test
  void shouldInvalidateWhenAnotherClientDeletes() {
    other.set("user:2", "here");
    assertEquals("here", nearCache.get("user:2"));

    other.del("user:2");

    await("the invalidation arrives", () -> cache.getIfPresent("user:2") == null);
    assertNull(nearCache.get("user:2"));
  }

  @Test
  void shouldInvalidateWhenTheKeyExpiresInRedis() {
    other.set("session", "token", SetArgs.Builder.px(500));
    assertEquals("token", nearCache.get("session"));

    // Redis's active expiry cycle finds the key without any client touching it.
    await("Redis expires the key and invalidates it", () -> cache.asMap().get("session") == null);
    assertNull(nearCache.get("session"));
    assertEquals(1, nearCache.stats().invalidationCount());
  }

  @Test
  void shouldInvalidateWhenRedisEvictsTheKey() {
    for (int i = 0; i < 10; i++) {
      other.set("evictable:" + i, "value " + i);
      nearCache.get("evictable:" + i);
    }
    assertEquals(10, cache.size());
    String maxmemory = other.configGet("maxmemory").get("maxmemory");
    String policy = other.configGet("maxmemory-policy").get("maxmemory-policy");
    try {
      other.configSet("maxmemory-policy", "allkeys-random");
      other.configSet("maxmemory", "1");
      try {
        other.set("trigger", "eviction"); // Redis evicts every key it can before this write, then refuses it
      } catch (RuntimeException refused) {
        // OOM: nothing left to evict
      }
    } finally {
      other.configSet("maxmemory", maxmemory);
      other.configSet("maxmemory-policy", policy);
    }

    await("every evicted key is invalidated", () -> cache.asMap().isEmpty());
    assertEquals(0, other.dbsize());
    assertTrue(nearCache.stats().invalidationCount() >= 10, nearCache.stats().toString());
  }

  @Test
  void shouldEmptyTheNearCacheWhenRedisFlushes() {
    other.set("a", "1");
    other.set("b", "2");
    nearCache.get("a");
    nearCache.get("b");

    other.flushall();

    await("the flush arrives", () -> nearCache.stats().serverFlushCount() == 1);
    assertTrue(cache.asMap().isEmpty());
    assertEquals(1, nearCache.stats().serverFlushCount());
    assertEquals(0, nearCache.stats().connectionFlushCount());
  }

  @Test
  void shouldInvalidateWhenTheSameConnectionWrites() {
    other.set("shared", "1");
    nearCache.get("shared");

    nearConnection.sync().set("shared", "2");

    await("the invalidation arrives", () -> cache.getIfPresent("shared") == null);
    assertEquals("2", nearCache.get("shared"));
  }

  @Test
  void shouldLoadAndWriteToRedisWhenRedisHoldsNoValue() {
    AtomicInteger loads = new AtomicInteger();

    assertEquals("loaded", nearCache.get("lazy", () -> {
      loads.incrementAndGet();
      return "loaded";
    }));
    assertEquals("loaded", other.get("lazy"));
    assertEquals("loaded", nearCache.get("lazy", () -> "not called"));
    assertEquals(1, loads.get());
  }

  @Test
  void shouldNotCallTheLoaderWhenRedisHoldsTheKey() {
    other.set("present", "in redis");

    assertEquals("in redis", nearCache.get("present", () -> "not called"));
  }

  @Test
  void shouldWrapAFailingLoader() {
    IllegalStateException cause = new IllegalStateException("database down");

    CacheFrontend.ValueRetrievalException thrown = assertThrows(CacheFrontend.ValueRetrievalException.class,
        () -> nearCache.get("missing", () -> {
          throw cause;
        }));

    assertEquals(cause, thrown.getCause());
    assertEquals(0, other.exists("missing"));
  }

  @Test
  void shouldRejectALoaderReturningNull() {
    CacheFrontend.ValueRetrievalException thrown = assertThrows(CacheFrontend.ValueRetrievalException.class,
        () -> nearCache.get("missing", () -> null));

    assertTrue(thrown.getMessage().contains("returned null"), thrown.getMessage());
    assertEquals(0, other.exists("missing"));
  }

  @Test
  void shouldEmptyTheCacheAndStopTrackingWhenClosed() {
    other.set("k", "v");
    nearCache.get("k");

    nearCache.close();
    nearCache.close();

    assertEquals(0, cache.size());
    assertFalse(nearCache.isTracking());
    assertThrows(IllegalStateException.class, () -> nearCache.get("k"));
    assertThrows(IllegalStateException.class, () -> nearCache.get("k", () -> "v"));
    assertTrue(nearConnection.isOpen(), "the connection belongs to the caller");
  }

  @Test
  void shouldEmptyTheCacheGivenToEnable() {
    ClockProCache<String, String> used = ClockProCache.builder().maximumSize(10).build();
    used.put("put", "by hand");
    StatefulRedisConnection<String, String> connection = redis.connect();
    try (RedisNearCache<String, String> near = RedisNearCache.enable(connection, used)) {
      assertEquals(0, used.size(), "an untracked value would never be invalidated");
      assertTrue(near.isTracking());
      assertEquals(used, near.cache());
    } finally {
      connection.close();
    }
  }
}
