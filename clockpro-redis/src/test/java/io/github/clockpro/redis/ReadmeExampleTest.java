package io.github.clockpro.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's "Redis near cache" example, compiled and run: the body between the markers in {@link #example} is
 * the README's code block, line for line, and {@link #shouldMatchTheReadme} fails if the two part.
 */
class ReadmeExampleTest {

  @Test
  void shouldRunTheExample() throws IOException {
    try (RedisUnderTest redis = RedisUnderTest.start();
        StatefulRedisConnection<String, String> writer = redis.connect()) {
      writer.sync().set("user:42", "Ada");
      RedisClient client = redis.client();
      RedisNearCache<String, String> users = example(client);
      assertEquals(1, users.cache().stats().missCount());
      assertEquals(0, users.cache().size(), "closed");
    }
  }

  private static RedisNearCache<String, String> example(RedisClient client) {
    // redis-example:begin
    StatefulRedisConnection<String, String> connection = client.connect();     // RESP3, Lettuce's default
    ClockProCache<String, String> local = ClockProCache.builder().maximumSize(100_000).build();
    RedisNearCache<String, String> users = RedisNearCache.enable(connection, local);  // a Lettuce CacheFrontend
    users.get("user:42");                       // local hit, or a Redis GET that fills the near cache
    local.stats().hitRate();                    // near-cache hits and misses are the cache's own statistics
    users.stats().invalidationCount();          // keys Redis invalidated; flushes: users.stats().flushCount()
    users.close();                              // tracking off, near cache emptied; the connection stays open
    // redis-example:end
    assertEquals("Ada", connection.sync().get("user:42"));
    connection.close();
    return users;
  }

  @Test
  void shouldMatchTheReadme() throws IOException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    String readme = Files.readString(root.resolve("README.md"));
    String test = Files.readString(
        root.resolve("clockpro-redis/src/test/java/io/github/clockpro/redis/ReadmeExampleTest.java"));
    String body = test.substring(test.indexOf("// redis-example:begin"), test.indexOf("    // redis-example:end"));
    body = body.substring(body.indexOf('\n') + 1);
    StringBuilder expected = new StringBuilder();
    for (String line : body.split("\n", -1)) {
      expected.append(line.length() >= 4 ? line.substring(4) : line.strip()).append('\n');
    }
    String code = expected.toString().strip();
    assertTrue(readme.contains(code), "README's Redis example differs from ReadmeExampleTest.example:\n" + code);
  }
}
