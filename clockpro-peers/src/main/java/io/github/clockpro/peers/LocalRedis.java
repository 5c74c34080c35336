package io.github.clockpro.peers;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import redis.embedded.RedisServer;

/**
 * The Redis that the Redis benchmarks (JMH's and the lab's) and the Redis showcase talk to: the server named by the environment variable
 * {@code CLOCKPRO_REDIS_URL} if set, otherwise the Redis 6.2 binary that embedded-redis ships, started on a free
 * loopback port without persistence, and stopped by {@link #close()}.
 */
public final class LocalRedis implements AutoCloseable {

  private final RedisServer server;
  private final RedisURI uri;
  private final RedisClient client;

  private LocalRedis(RedisServer server, RedisURI uri) {
    this.server = server;
    this.uri = uri;
    this.client = RedisClient.create(uri);
  }

  /**
   * Starts the embedded server, or connects to {@code CLOCKPRO_REDIS_URL}.
   *
   * @return the server and a client for it
   * @throws UncheckedIOException if the embedded server cannot start
   */
  public static LocalRedis start() {
    String external = System.getenv("CLOCKPRO_REDIS_URL");
    if (external != null && !external.isBlank()) {
      return new LocalRedis(null, RedisURI.create(external));
    }
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = socket.getLocalPort();
      socket.close();
      RedisServer server = RedisServer.newRedisServer()
          .port(port)
          .bind("127.0.0.1")
          .setting("save \"\"")
          .setting("appendonly no")
          .build();
      server.start();
      return new LocalRedis(server, RedisURI.create("redis://127.0.0.1:" + port));
    } catch (IOException e) {
      throw new UncheckedIOException("the embedded Redis cannot start; set CLOCKPRO_REDIS_URL", e);
    }
  }

  /**
   * Returns the client; its connections speak RESP3.
   *
   * @return the client
   */
  public RedisClient client() {
    return client;
  }

  /**
   * Returns the server's address, for clients other than Lettuce's.
   *
   * @return the address
   */
  public RedisURI uri() {
    return uri;
  }

  /** Shuts the client down and stops the embedded server. */
  @Override
  public void close() {
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    if (server != null) {
      try {
        server.stop();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
