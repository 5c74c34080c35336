package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import redis.embedded.RedisServer;

/**
 * A Redis Cluster of three masters for the tests: the Redis 6.2 binary that embedded-redis ships, started three
 * times on free loopback ports in cluster mode without persistence, the slots split in three with
 * {@code CLUSTER ADDSLOTS}, the nodes introduced with {@code CLUSTER MEET}, all through Lettuce; ready when every
 * node reports {@code cluster_state:ok}. The cluster client refreshes its view on Lettuce's adaptive triggers (all on
 * by default), at most every 100 ms. When the
 * binary cannot run here, the tests that need it are reported as skipped, with the reason.
 */
final class ClusterUnderTest implements AutoCloseable {

  static final int MASTERS = 3;

  private final Path directory;
  private final List<Integer> ports = new ArrayList<>();
  private final List<RedisServer> servers = new ArrayList<>();
  private RedisClusterClient client;

  private ClusterUnderTest(Path directory) {
    this.directory = directory;
  }

  /** Starts a cluster, or aborts the calling test (reported as skipped, with the reason). */
  static ClusterUnderTest start() throws IOException {
    ClusterUnderTest cluster = new ClusterUnderTest(Files.createTempDirectory("clockpro-cluster"));
    try {
      cluster.startServers();
    } catch (IOException | RuntimeException e) {
      cluster.close();
      assumeTrue(false, "the embedded Redis binary cannot run a cluster here: " + e);
    }
    try {
      cluster.formCluster();
    } catch (RuntimeException | Error e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  private void startServers() throws IOException {
    for (int i = 0; i < MASTERS; i++) {
      int port = freePort();
      RedisServer server = RedisServer.newRedisServer()
          .port(port)
          .bind("127.0.0.1")
          .setting("save \"\"")
          .setting("appendonly no")
          .setting("dir " + directory)
          .setting("cluster-enabled yes")
          .setting("cluster-config-file " + directory.resolve("nodes-" + port + ".conf"))
          .setting("cluster-node-timeout 2000")
          .setting("cluster-require-full-coverage no")
          .build();
      ports.add(port);
      servers.add(server);
      server.start();
    }
  }

  private void formCluster() {
    RedisClient standalone = RedisClient.create();
    try {
      List<StatefulRedisConnection<String, String>> nodes = new ArrayList<>();
      for (int port : ports) {
        nodes.add(standalone.connect(uri(port)));
      }
      for (int i = 0; i < MASTERS; i++) {
        int from = i * SlotHash.SLOT_COUNT / MASTERS;
        int to = (i + 1) * SlotHash.SLOT_COUNT / MASTERS;
        nodes.get(i).sync().clusterAddSlots(IntStream.range(from, to).toArray());
      }
      for (int i = 1; i < MASTERS; i++) {
        nodes.get(0).sync().clusterMeet("127.0.0.1", ports.get(i));
      }
      for (StatefulRedisConnection<String, String> node : nodes) {
        await("every node sees the whole cluster", () -> {
          String info = node.sync().clusterInfo();
          return info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:" + MASTERS)
              && info.contains("cluster_slots_ok:" + SlotHash.SLOT_COUNT);
        });
      }
      nodes.forEach(StatefulRedisConnection::close);
    } finally {
      standalone.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
    client = RedisClusterClient.create(ports.stream().map(ClusterUnderTest::uri).toList());
    client.setOptions(ClusterClientOptions.builder()
        .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
            .adaptiveRefreshTriggersTimeout(Duration.ofMillis(100))
            .build())
        .build());
  }

  private static RedisURI uri(int port) {
    return RedisURI.builder().withHost("127.0.0.1").withPort(port).withTimeout(Duration.ofSeconds(10)).build();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port", e);
    }
  }

  /** A new cluster connection (RESP3, the client's default), auto-reconnecting. */
  StatefulRedisClusterConnection<String, String> connect() {
    return client.connect();
  }

  RedisClusterClient client() {
    return client;
  }

  /** The port of the master with index {@code index}, in the order the servers started. */
  int port(int index) {
    return ports.get(index);
  }

  /**
   * Sends {@code PING} on every master's connection of {@code connection}: its reply follows every invalidation
   * that master sent before it.
   */
  static void drain(StatefulRedisClusterConnection<String, String> connection) {
    for (RedisClusterNode node : connection.getPartitions()) {
      if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
        connection.getConnection(node.getUri().getHost(), node.getUri().getPort()).sync().ping();
      }
    }
  }

  /**
   * Stops the master with index {@code index}, starts it again on the same port and node id, empty, and waits
   * until it serves its slots again.
   */
  void restart(int index) throws IOException {
    servers.get(index).stop();
    servers.get(index).start();
    RedisClient standalone = RedisClient.create();
    try (StatefulRedisConnection<String, String> node = standalone.connect(uri(ports.get(index)))) {
      await("the restarted node serves its slots", () -> node.sync().clusterInfo().contains("cluster_state:ok"));
    } finally {
      standalone.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
  }

  @Override
  public void close() throws IOException {
    if (client != null) {
      client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
    IOException failure = null;
    for (RedisServer server : servers) {
      try {
        server.stop();
      } catch (IOException e) {
        failure = e; // stop the others, then report it
      }
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
