package io.github.clockpro.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.protocol.ProtocolVersion;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every public entry point rejects bad input with an exception naming the argument, before anything changes. */
class BadInputTest {

  private final ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).build();

  @Test
  void shouldRejectANullConnection() {
    NullPointerException thrown = assertThrows(NullPointerException.class,
        () -> RedisNearCache.enable((StatefulRedisConnection<String, String>) null, cache));
    assertEquals("connection", thrown.getMessage());
    thrown = assertThrows(NullPointerException.class,
        () -> RedisNearCache.enable((StatefulRedisClusterConnection<String, String>) null, cache));
    assertEquals("connection", thrown.getMessage());
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldRejectANullCache() {
    // The null check comes before the connection is touched, so no server is needed.
    NullPointerException thrown = assertThrows(NullPointerException.class,
        () -> RedisNearCache.enable(unusedConnection(StatefulRedisConnection.class), null));
    assertEquals("cache", thrown.getMessage());
    thrown = assertThrows(NullPointerException.class,
        () -> RedisNearCache.enable(unusedConnection(StatefulRedisClusterConnection.class), null));
    assertEquals("cache", thrown.getMessage());
  }

  @SuppressWarnings("unchecked")
  private static <C> C unusedConnection(Class<C> type) {
    return (C) java.lang.reflect.Proxy.newProxyInstance(
        BadInputTest.class.getClassLoader(), new Class<?>[] {type},
        (proxy, method, arguments) -> {
          throw new AssertionError("the connection was used: " + method.getName());
        });
  }

  @Test
  void shouldRejectARespTwoConnection() throws IOException {
    try (RedisUnderTest redis = RedisUnderTest.start()) {
      RedisClient client = redis.client();
      client.setOptions(ClientOptions.builder().protocolVersion(ProtocolVersion.RESP2).build());
      try (StatefulRedisConnection<String, String> connection = client.connect()) {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
            () -> RedisNearCache.enable(connection, cache));
        assertTrue(thrown.getMessage().contains("RESP2") && thrown.getMessage().contains("needs RESP3"),
            thrown.getMessage());
        String flags = connection.sync().clientInfo().replaceAll("(?s).*\\bflags=(\\S*).*", "$1");
        assertTrue(!flags.contains("t"), "tracking was turned on: flags=" + flags);
      }
    }
  }

  @Test
  void shouldRejectNullKeysAndLoaders() throws IOException {
    try (RedisUnderTest redis = RedisUnderTest.start();
        StatefulRedisConnection<String, String> connection = redis.connect();
        RedisNearCache<String, String> nearCache = RedisNearCache.enable(connection, cache)) {
      assertEquals("key", assertThrows(NullPointerException.class, () -> nearCache.get(null)).getMessage());
      assertEquals("key", assertThrows(NullPointerException.class, () -> nearCache.invalidate(null)).getMessage());
      assertEquals("key",
          assertThrows(NullPointerException.class, () -> nearCache.get(null, () -> "v")).getMessage());
      assertEquals("valueLoader",
          assertThrows(NullPointerException.class, () -> nearCache.get("k", null)).getMessage());
    }
  }

  @Test
  void shouldRejectNegativeCounts() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new NearCacheStats(-1, 0, 0, 0))
        .getMessage().startsWith("invalidationCount"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new NearCacheStats(0, -1, 0, 0))
        .getMessage().startsWith("serverFlushCount"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new NearCacheStats(0, 0, -1, 0))
        .getMessage().startsWith("connectionFlushCount"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new NearCacheStats(0, 0, 0, -1))
        .getMessage().startsWith("topologyFlushCount"));
    assertEquals(9, new NearCacheStats(1, 2, 3, 4).flushCount());
  }

  @Test
  void shouldRejectNullMetricsArguments() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    assertEquals("nearCache", assertThrows(NullPointerException.class,
        () -> new RedisNearCacheMetrics(null, "name", List.of())).getMessage());
    assertEquals("registry", assertThrows(NullPointerException.class,
        () -> RedisNearCacheMetrics.monitor(null, null, "name")).getMessage());
    assertEquals("nearCache", assertThrows(NullPointerException.class,
        () -> RedisNearCacheMetrics.monitor(registry, null, "name")).getMessage());
  }
}
