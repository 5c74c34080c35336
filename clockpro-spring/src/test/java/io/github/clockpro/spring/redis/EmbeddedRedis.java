package io.github.clockpro.spring.redis;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.embedded.RedisServer;

/**
 * The Redis 6.2 binary that embedded-redis ships, started on a free loopback port without persistence, with a
 * client for the tests' own commands. When it cannot run here, the calling test is reported as skipped.
 */
final class EmbeddedRedis implements AutoCloseable {

  private final RedisServer server;
  private final String uri;
  private final RedisClient client;
  private final StatefulRedisConnection<String, String> connection;

  private EmbeddedRedis(RedisServer server, String uri) {
    this.server = server;
    this.uri = uri;
    this.client = RedisClient.create(uri);
    this.connection = client.connect();
  }

  static EmbeddedRedis start() {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port", e);
    }
    RedisServer server = null;
    try {
      server = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
          .setting("save \"\"").setting("appendonly no").build();
      server.start();
    } catch (IOException | RuntimeException e) {
      assumeTrue(false, "the embedded Redis binary cannot run here: " + e);
    }
    return new EmbeddedRedis(server, "redis://127.0.0.1:" + port);
  }

  String uri() {
    return uri;
  }

  RedisClient client() {
    return client;
  }

  StatefulRedisConnection<String, String> connection() {
    return connection;
  }

  /** Writes raw bytes under a key, as anyone who can write to Redis could. */
  void setBytes(String key, byte[] value) {
    try (StatefulRedisConnection<byte[], byte[]> raw = client.connect(ByteArrayCodec.INSTANCE)) {
      raw.sync().set(key.getBytes(java.nio.charset.StandardCharsets.UTF_8), value);
    }
  }

  /** The number of times Redis ran {@code command} since it started, from {@code INFO commandstats}. */
  long calls(String command) {
    Matcher matcher = Pattern.compile("cmdstat_" + command + ":calls=(\\d+)")
        .matcher(connection.sync().info("commandstats"));
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }

  @Override
  public void close() throws IOException {
    connection.close();
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    server.stop();
  }

  /** Waits, polling, until the condition holds; fails after ten seconds. */
  static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out waiting until " + what);
      }
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail("interrupted waiting until " + what);
      }
    }
  }
}
