package io.github.clockpro.redis;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import redis.embedded.RedisServer;

/**
 * The Redis the tests talk to: the server named by the environment variable {@code CLOCKPRO_REDIS_URL} if set,
 * otherwise the Redis 6.2 binary that embedded-redis ships, started on a free loopback port without persistence.
 * When that binary cannot run here, the tests that need it are reported as skipped, with the reason.
 */
final class RedisUnderTest implements AutoCloseable {

  /** The environment variable that names an external server, as a Redis URI. */
  static final String URL_VARIABLE = "CLOCKPRO_REDIS_URL";

  private final RedisServer server;
  private final RedisURI uri;
  private final RedisClient client;

  private RedisUnderTest(RedisServer server, RedisURI uri) {
    this.server = server;
    this.uri = uri;
    this.client = RedisClient.create(uri);
  }

  /** Why the embedded server could not start, for the tests of a class that share one; null if it started. */
  private static volatile String unavailable;

  /** Starts the server for the calling test, or aborts it (reported as skipped, with the reason). */
  static RedisUnderTest start() {
    RedisUnderTest redis = startOrNull();
    assumeAvailable(redis);
    return redis;
  }

  /**
   * Starts a server for the tests of a class, from {@code @BeforeAll}, or returns null and keeps the reason; each
   * test then calls {@link #assumeAvailable} so that it is reported as skipped with that reason.
   */
  static RedisUnderTest startOrNull() {
    String external = System.getenv(URL_VARIABLE);
    if (external != null && !external.isBlank()) {
      return new RedisUnderTest(null, RedisURI.create(external));
    }
    int port = freePort();
    try {
      RedisServer server = embeddedServer(port);
      server.start();
      return new RedisUnderTest(server, RedisURI.create("redis://127.0.0.1:" + port));
    } catch (IOException | RuntimeException e) {
      unavailable = "the embedded Redis binary cannot run here (" + e + "); set " + URL_VARIABLE
          + " to run these tests against a server";
      return null;
    }
  }

  /** Aborts the calling test, with the reason, if the server did not start. */
  static void assumeAvailable(RedisUnderTest redis) {
    assumeTrue(redis != null, () -> unavailable);
  }

  private static RedisServer embeddedServer(int port) throws IOException {
    return RedisServer.newRedisServer()
        .port(port)
        .bind("127.0.0.1")
        .setting("save \"\"")
        .setting("appendonly no")
        .build();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port", e);
    }
  }

  /** Returns a new connection (RESP3, the client's default), auto-reconnecting. */
  StatefulRedisConnection<String, String> connect() {
    return client.connect();
  }

  RedisClient client() {
    return client;
  }

  RedisURI uri() {
    return uri;
  }

  /** Whether this is the embedded server, which {@link #restart()} can stop and start. */
  boolean canRestart() {
    return server != null;
  }

  /** Stops the embedded server and starts it again on the same port, empty. */
  void restart() throws IOException {
    server.stop();
    server.start();
  }

  void stop() throws IOException {
    server.stop();
  }

  void startAgain() throws IOException {
    server.start();
  }

  @Override
  public void close() throws IOException {
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    if (server != null) {
      server.stop();
    }
  }

  /** Waits, polling on loopback, until the condition holds; fails after ten seconds. */
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
