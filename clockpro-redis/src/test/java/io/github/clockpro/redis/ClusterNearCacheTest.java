package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.KillArgs;
import io.lettuce.core.MigrateArgs;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import io.lettuce.core.cluster.models.partitions.ClusterPartitionParser;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The near cache over a three-master cluster: invalidations from every node; a node's connection loss and a
 * node's flush remove that node's entries only; a slot moved to another node ({@code MIGRATE}, then
 * {@code CLUSTER SETSLOT}) leaves no stale entry, and the near cache follows the slot to its new node.
 */
class ClusterNearCacheTest {

  private static ClusterUnderTest cluster;

  private StatefulRedisClusterConnection<String, String> nearConnection;
  private StatefulRedisClusterConnection<String, String> otherConnection;
  private RedisAdvancedClusterCommands<String, String> other;
  private ClockProCache<String, String> cache;
  private RedisNearCache<String, String> nearCache;

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
  void enable() {
    otherConnection = cluster.connect();
    other = otherConnection.sync();
    other.flushall();
    nearConnection = cluster.connect();
    cache = ClockProCache.builder().maximumSize(1_000).build();
    nearCache = RedisNearCache.enable(nearConnection, cache);
  }

  @AfterEach
  void close() {
    nearCache.close();
    nearConnection.close();
    otherConnection.close();
  }

  private List<RedisClusterNode> masters() {
    List<RedisClusterNode> masters = new ArrayList<>();
    for (RedisClusterNode node : otherConnection.getPartitions()) {
      if (node.is(RedisClusterNode.NodeFlag.UPSTREAM) && !node.getSlots().isEmpty()) {
        masters.add(node);
      }
    }
    masters.sort(Comparator.comparing(node -> node.getUri().getPort()));
    return masters;
  }

  /** A key whose slot {@code master} serves, distinct for each {@code index}. */
  private static String keyOn(RedisClusterNode master, int index) {
    int found = 0;
    for (int i = 0; ; i++) {
      String key = "key:" + i;
      if (master.hasSlot(SlotHash.getSlot(key)) && found++ == index) {
        return key;
      }
    }
  }

  private RedisCommands<String, String> node(StatefulRedisClusterConnection<String, String> connection,
      RedisClusterNode master) {
    RedisURI uri = master.getUri();
    return connection.getConnection(uri.getHost(), uri.getPort()).sync();
  }

  @Test
  void shouldReceiveInvalidationsFromEveryNode() {
    for (RedisClusterNode master : masters()) {
      String key = keyOn(master, 0);
      other.set(key, "before");
      assertEquals("before", nearCache.get(key));
      assertEquals("before", nearCache.get(key));
      other.set(key, "after");
      ClusterUnderTest.drain(nearConnection);
      assertNull(cache.asMap().get(key), "invalidated by " + master.getUri());
      assertEquals("after", nearCache.get(key));
    }
    assertEquals(3, cache.stats().hitCount());
    assertEquals(3, nearCache.stats().invalidationCount());
    assertTrue(nearCache.isTracking());
  }

  @Test
  void shouldRemoveOnlyTheLostNodesEntriesWhenItsConnectionIsKilled() {
    List<RedisClusterNode> masters = masters();
    for (RedisClusterNode master : masters) {
      other.set(keyOn(master, 0), "value");
      nearCache.get(keyOn(master, 0));
    }
    assertEquals(3, cache.asMap().size());
    RedisClusterNode lost = masters.get(0);

    node(otherConnection, lost).clientKill(KillArgs.Builder.id(node(nearConnection, lost).clientId()));

    await("the loss is seen and tracking is on again",
        () -> nearCache.stats().connectionFlushCount() == 1 && nearCache.isTracking());
    assertNull(cache.asMap().get(keyOn(lost, 0)));
    assertEquals("value", cache.asMap().get(keyOn(masters.get(1), 0)), "other nodes' entries stay");
    assertEquals("value", cache.asMap().get(keyOn(masters.get(2), 0)));
    other.set(keyOn(lost, 0), "after");
    assertEquals("after", nearCache.get(keyOn(lost, 0)));
    other.set(keyOn(lost, 0), "again");
    ClusterUnderTest.drain(nearConnection);
    assertNull(cache.asMap().get(keyOn(lost, 0)), "the new connection is tracked");
  }

  @Test
  void shouldRemoveOnlyTheFlushedNodesEntries() {
    List<RedisClusterNode> masters = masters();
    for (RedisClusterNode master : masters) {
      other.set(keyOn(master, 0), "value");
      nearCache.get(keyOn(master, 0));
    }

    node(otherConnection, masters.get(1)).flushall();
    ClusterUnderTest.drain(nearConnection);

    assertEquals(1, nearCache.stats().serverFlushCount());
    assertNull(cache.asMap().get(keyOn(masters.get(1), 0)));
    assertEquals(2, cache.asMap().size());
  }

  @Test
  void shouldFollowAMovedSlotWithoutStaleEntries() {
    List<RedisClusterNode> masters = masters();
    RedisClusterNode source = masters.get(0);
    RedisClusterNode target = masters.get(1);
    String key = keyOn(source, 0);
    int slot = SlotHash.getSlot(key);
    other.set(key, "on the source");
    assertEquals("on the source", nearCache.get(key));

    RedisCommands<String, String> sourceNode = node(otherConnection, source);
    RedisCommands<String, String> targetNode = node(otherConnection, target);
    targetNode.clusterSetSlotImporting(slot, source.getNodeId());
    sourceNode.clusterSetSlotMigrating(slot, target.getNodeId());
    sourceNode.migrate(target.getUri().getHost(), target.getUri().getPort(), 0, 5_000,
        MigrateArgs.Builder.keys(key));
    // Redis's order: the target first (it bumps its configuration epoch), then the source, then the others.
    node(otherConnection, target).clusterSetSlotNode(slot, target.getNodeId());
    sourceNode.clusterSetSlotNode(slot, target.getNodeId());
    for (RedisClusterNode master : masters) {
      if (master != source && master != target) {
        node(otherConnection, master).clusterSetSlotNode(slot, target.getNodeId());
      }
    }
    // Gossip a node sent before its SETSLOT can briefly hand the slot back; redirects then bounce between nodes.
    for (RedisClusterNode master : masters) {
      RedisCommands<String, String> node = node(otherConnection, master);
      await(master.getUri() + " names the target as the slot's owner", () -> {
        RedisClusterNode owner = ClusterPartitionParser.parse(node.clusterNodes()).getMasterBySlot(slot);
        return owner != null && owner.getNodeId().equals(target.getNodeId());
      });
    }
    ClusterUnderTest.drain(nearConnection);
    assertNull(cache.asMap().get(key), "the migration deleted the key on the source, which invalidated it");

    other.set(key, "on the target");   // follows the MOVED
    assertEquals("on the target", nearCache.get(key));
    await("the near cache's view names the target", () -> {
      RedisClusterNode owner = nearConnection.getPartitions().getMasterBySlot(slot);
      return owner != null && owner.getNodeId().equals(target.getNodeId());
    });
    // A topology event handled while a read is in flight drops that read's fill (a later miss, not staleness).
    await("filled from the target",
        () -> "on the target".equals(nearCache.get(key)) && "on the target".equals(cache.asMap().get(key)));
    other.set(key, "changed on the target");
    ClusterUnderTest.drain(nearConnection);
    assertNull(cache.asMap().get(key), "the target's invalidation arrived");
    assertEquals("changed on the target", nearCache.get(key));
  }
}
