package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.CoherenceWorkload.Connected;
import io.github.clockpro.redis.CoherenceWorkload.NearCacheUnderTest;
import io.github.clockpro.redis.CoherenceWorkload.Result;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Coherence over a three-master Redis Cluster: after 3 s of concurrent writes and near-cached reads over keys on
 * every node, then quiescence, no near-cache entry differs from the cluster; the same with one master restarted
 * (empty) in the middle of the writes.
 */
class ClusterCoherenceTest {

  /** The cluster of this class's tests, started once; a test's restart leaves it serving every slot again. */
  private static ClusterUnderTest cluster;

  private final List<StatefulRedisClusterConnection<String, String>> connections = new ArrayList<>();
  private final List<RedisNearCache<String, String>> frontends = new ArrayList<>();
  private final List<NearCacheUnderTest> nearCaches = new ArrayList<>();

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = ClusterUnderTest.start();
  }

  @AfterAll
  static void stopCluster() throws IOException {
    if (cluster != null) {
      cluster.close();
    }
  }

  @BeforeEach
  void enableNearCaches() {
    for (int i = 0; i < 3; i++) {
      StatefulRedisClusterConnection<String, String> connection = cluster.connect();
      connections.add(connection);
      ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(1_000).build();
      RedisNearCache<String, String> frontend = RedisNearCache.enable(connection, cache);
      frontends.add(frontend);
      nearCaches.add(new NearCacheUnderTest(frontend, () -> ClusterUnderTest.drain(connection), cache.asMap()));
    }
  }

  @AfterEach
  void closeNearCaches() {
    frontends.forEach(RedisNearCache::close);
    connections.forEach(StatefulRedisClusterConnection::close);
  }

  private CoherenceWorkload workload() {
    return new CoherenceWorkload(() -> {
      StatefulRedisClusterConnection<String, String> connection = cluster.connect();
      return new Connected(connection.sync(), connection);
    });
  }

  @Test
  void shouldHoldOnlyClusterValuesAfterConcurrentWritesStop() throws InterruptedException {
    Result result = workload().run(nearCaches, Duration.ofSeconds(3), () -> { });

    assertEquals(List.of(), result.differences(), result.toString());
    for (RedisNearCache<String, String> frontend : frontends) {
      assertEquals(ClusterUnderTest.MASTERS, mastersHolding(frontend),
          "the near cache holds keys of every master: " + result);
      assertTrue(frontend.stats().invalidationCount() > 0, frontend.stats().toString());
      assertTrue(frontend.cache().stats().hitCount() > 0, frontend.cache().stats().toString());
      assertTrue(frontend.isTracking());
    }
  }

  @Test
  void shouldHoldOnlyClusterValuesWhenAMasterRestartsDuringTheWrites() throws InterruptedException {
    Runnable restart = () -> {
      try {
        cluster.restart(1);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };

    Result result = workload().run(nearCaches, Duration.ofSeconds(3), restart);

    assertEquals(List.of(), result.differences(), result.toString());
    assertTrue(result.entriesChecked() > 0, "the near caches filled again: " + result);
    for (RedisNearCache<String, String> frontend : frontends) {
      assertTrue(frontend.stats().connectionFlushCount() >= 1, "the restart was seen: " + frontend.stats());
      await("tracking is on again", frontend::isTracking);
    }
  }

  /** The number of masters that serve a slot of some key the near cache holds. */
  private int mastersHolding(RedisNearCache<String, String> frontend) {
    StatefulRedisClusterConnection<String, String> connection = connections.get(frontends.indexOf(frontend));
    Set<String> masters = new HashSet<>();
    for (String key : frontend.cache().asMap().keySet()) {
      RedisClusterNode master = connection.getPartitions().getMasterBySlot(SlotHash.getSlot(key));
      masters.add(master.getNodeId());
    }
    return masters.size();
  }
}
