package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.CoherenceWorkload.NearCacheUnderTest;
import io.github.clockpro.redis.CoherenceWorkload.Result;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.KillArgs;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisException;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Connection loss: the near cache is emptied, takes no value while disconnected, turns tracking on again after the
 * reconnection, and serves no stale value afterwards. The server restarts need the embedded server.
 */
class ConnectionLossTest {

  private RedisUnderTest redis;
  private StatefulRedisConnection<String, String> nearConnection;
  private StatefulRedisConnection<String, String> otherConnection;
  private RedisCommands<String, String> other;
  private ClockProCache<String, String> cache;
  private RedisNearCache<String, String> nearCache;

  @BeforeEach
  void enable() {
    redis = RedisUnderTest.start();
    otherConnection = redis.connect();
    other = otherConnection.sync();
    other.flushall();
    nearConnection = redis.connect();
    cache = ClockProCache.builder().maximumSize(1_000).build();
    nearCache = RedisNearCache.enable(nearConnection, cache);
  }

  @AfterEach
  void close() throws IOException {
    if (nearCache == null) {
      return; // no server
    }
    nearCache.close();
    nearConnection.close();
    otherConnection.close();
    redis.close();
  }

  @Test
  void shouldEmptyAndTrackAgainWhenTheConnectionIsKilled() {
    other.set("k", "before");
    assertEquals("before", nearCache.get("k"));

    other.clientKill(KillArgs.Builder.id(nearConnection.sync().clientId()));
    other.set("k", "while reconnecting"); // its invalidation, if any, went to the killed connection

    await("the loss is seen and tracking is on again",
        () -> nearCache.stats().connectionFlushCount() == 1 && nearCache.isTracking());
    assertEquals(null, cache.asMap().get("k"));
    assertEquals("while reconnecting", nearCache.get("k"));

    other.set("k", "after");

    await("the new connection receives invalidations", () -> cache.asMap().get("k") == null);
    assertEquals("after", nearCache.get("k"));
    assertEquals(1, nearCache.stats().connectionFlushCount());
  }

  @Test
  void shouldFillNothingWhileDisconnected() throws Exception {
    assumeTrue(redis.canRestart(), "stopping the server needs the embedded one");
    other.set("k", "before");
    assertEquals("before", nearCache.get("k"));

    redis.stop();
    await("the loss is seen and flushed", () -> nearCache.stats().connectionFlushCount() == 1);
    assertFalse(nearCache.isTracking());
    assertEquals(0, cache.asMap().size());
    // Queued until the reconnection, then possibly run before tracking is on again.
    CompletableFuture<String> queuedRead = CompletableFuture.supplyAsync(() -> nearCache.get("k"));
    TimeUnit.MILLISECONDS.sleep(200);
    assertEquals(0, cache.asMap().size(), "nothing fills while disconnected");
    redis.startAgain();
    other.set("k", "restarted");

    String read = queuedRead.get(30, TimeUnit.SECONDS);
    assertTrue(read == null || read.equals("restarted"), read);
    await("tracking is on again", nearCache::isTracking);
    other.set("k", "after");
    nearConnection.sync().ping();
    String cached = cache.asMap().get("k");
    assertTrue(cached == null || cached.equals("after"), "a stale value after the reconnection: " + cached);
    assertEquals("after", nearCache.get("k"));
  }

  @Test
  void shouldFailToEnableWhenTrackingCannotBeTurnedOn() throws Exception {
    assumeTrue(redis.canRestart(), "stopping the server needs the embedded one");
    RedisClient client = RedisClient.create(redis.uri());
    client.setOptions(ClientOptions.builder()
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
    try (StatefulRedisConnection<String, String> connection = client.connect()) {
      CountDownLatch disconnected = new CountDownLatch(1);
      connection.addListener(new RedisConnectionStateListener() {
        @Override
        public void onRedisDisconnected(RedisChannelHandler<?, ?> channelHandler) {
          disconnected.countDown();
        }
      });
      redis.stop();
      assertTrue(disconnected.await(10, TimeUnit.SECONDS), "the loss is seen");
      ClockProCache<String, String> local = ClockProCache.builder().maximumSize(10).build();
      local.put("kept", "value");

      assertThrows(RedisException.class, () -> RedisNearCache.enable(connection, local));
      assertEquals("value", local.getIfPresent("kept"), "the cache was not touched");
      redis.startAgain();
      await("the reconnection", () -> {
        try {
          return "PONG".equals(connection.sync().ping());
        } catch (RedisException stillDown) {
          return false;
        }
      });
      assertEquals("value", local.getIfPresent("kept"), "nothing listens: the reconnection emptied nothing");
    } finally {
      client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
  }

  @Test
  void shouldHoldOnlyRedisValuesWhenTheServerRestartsAndConnectionsAreKilledMidRun() throws Exception {
    List<NearCacheUnderTest> nearCaches = new ArrayList<>();
    List<RedisNearCache<String, String>> frontends = new ArrayList<>(List.of(nearCache));
    List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
    nearCaches.add(new NearCacheUnderTest(nearCache, () -> nearConnection.sync().ping(), cache.asMap()));
    for (int i = 0; i < 2; i++) {
      StatefulRedisConnection<String, String> connection = redis.connect();
      connections.add(connection);
      ClockProCache<String, String> local = ClockProCache.builder().maximumSize(1_000).build();
      RedisNearCache<String, String> frontend = RedisNearCache.enable(connection, local);
      frontends.add(frontend);
      nearCaches.add(new NearCacheUnderTest(frontend, () -> connection.sync().ping(), local.asMap()));
    }
    Runnable midway = () -> {
      other.clientKill(KillArgs.Builder.id(nearConnection.sync().clientId()));
      await("tracking is on again after the kill",
          () -> nearCache.stats().connectionFlushCount() == 1 && nearCache.isTracking());
      if (redis.canRestart()) {
        try {
          redis.restart();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
    try {
      Result result = new CoherenceWorkload(redis).run(nearCaches, Duration.ofSeconds(3), midway);

      assertEquals(List.of(), result.differences(), result.toString());
      assertTrue(result.entriesChecked() > 0, "the near caches filled again: " + result);
      int restarts = redis.canRestart() ? 1 : 0;
      assertEquals(1 + restarts, frontends.get(0).stats().connectionFlushCount(), frontends.get(0).stats().toString());
      for (RedisNearCache<String, String> frontend : frontends) {
        assertEquals(restarts, frontend.stats().connectionFlushCount() - (frontend == nearCache ? 1 : 0));
        await("tracking is on again", frontend::isTracking);
      }
    } finally {
      frontends.subList(1, frontends.size()).forEach(RedisNearCache::close);
      connections.forEach(StatefulRedisConnection::close);
    }
  }
}
