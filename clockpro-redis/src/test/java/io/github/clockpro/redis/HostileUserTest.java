package io.github.clockpro.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A user who misuses the near cache or races it with another client: each misuse fails clearly or stays coherent. */
class HostileUserTest extends SharedRedisTest {

  private static final Duration GENEROUS = Duration.ofSeconds(60);

  @Test
  void shouldRefuseASecondNearCacheOnTheSameConnection() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      try (StatefulRedisConnection<String, String> connection = redis.connect();
          StatefulRedisConnection<String, String> otherConnection = redis.connect()) {
        RedisCommands<String, String> other = otherConnection.sync();
        other.set("shared", "v1");
        ClockProCache<String, String> firstCache = ClockProCache.builder().maximumSize(10).build();
        RedisNearCache<String, String> first = RedisNearCache.enable(connection, firstCache);
        ClockProCache<String, String> secondCache = ClockProCache.builder().maximumSize(10).build();

        assertThrows(IllegalStateException.class, () -> RedisNearCache.enable(connection, secondCache));

        // The first near cache keeps working: tracking was not turned off by the refused one.
        assertEquals("v1", first.get("shared"));
        other.set("shared", "v2");
        RedisUnderTest.await("the invalidation", () -> firstCache.getIfPresent("shared") == null);
        assertEquals("v2", first.get("shared"));
        first.close();

        // Once closed, the connection may get a near cache again.
        try (RedisNearCache<String, String> again = RedisNearCache.enable(connection, secondCache)) {
          assertEquals("v2", again.get("shared"));
        }
      }
    });
  }

  @Test
  void shouldFailClearlyWhenTheUsersConnectionIsClosed() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      StatefulRedisConnection<String, String> connection = redis.connect();
      ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).build();
      RedisNearCache<String, String> nearCache = RedisNearCache.enable(connection, cache);
      connection.sync().set("k", "v");
      assertEquals("v", nearCache.get("k"));
      connection.close();
      RedisUnderTest.await("closing the connection is a loss: nothing stays untracked",
          () -> cache.asMap().isEmpty());
      assertThrows(RedisException.class, () -> nearCache.get("other"));
      nearCache.close();
      assertThrows(IllegalStateException.class, () -> nearCache.get("k"));
    });
  }

  @Test
  void shouldHoldOnlyRedisValuesWithExpiringAndDeletedKeysWrittenByAnotherClient() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      try (StatefulRedisConnection<String, String> nearConnection = redis.connect();
          StatefulRedisConnection<String, String> writerConnection = redis.connect()) {
        RedisCommands<String, String> writer = writerConnection.sync();
        writer.flushall();
        ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(1_000).build();
        RedisNearCache<String, String> nearCache = RedisNearCache.enable(nearConnection, cache);
        AtomicBoolean stop = new AtomicBoolean();
        Thread reader = new Thread(() -> {
          while (!stop.get()) {
            nearCache.get("key:" + ThreadLocalRandom.current().nextInt(50));
          }
        });
        reader.start();
        for (int i = 0; i < 1_500; i++) {
          String key = "key:" + ThreadLocalRandom.current().nextInt(50);
          switch (i % 4) {
            case 0 -> writer.set(key, "v" + i, SetArgs.Builder.px(1 + i % 7));
            case 1 -> writer.del(key);
            case 2 -> {
              writer.set(key, "w" + i);
              writer.pexpire(key, 1 + i % 5);
            }
            default -> writer.set(key, "x" + i);
          }
        }
        stop.set(true);
        reader.join();
        Thread.sleep(50);  // let the last expiries happen
        String[] inRedis = new String[50];
        for (int k = 0; k < 50; k++) {
          inRedis[k] = writer.get("key:" + k);  // a read deletes an expired key, which invalidates it
        }
        nearConnection.sync().ping();  // every invalidation sent before this reply has been handled
        for (int k = 0; k < 50; k++) {
          String key = "key:" + k;
          String cached = cache.getIfPresent(key);
          if (cached != null) {
            assertEquals(inRedis[k], cached, key);
          }
          assertEquals(inRedis[k], nearCache.get(key), key);
        }
        nearCache.close();
      }
    });
  }
}
