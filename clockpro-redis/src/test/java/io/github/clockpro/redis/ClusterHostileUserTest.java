package io.github.clockpro.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A user racing a cluster near cache with another client: hash-tagged keys crowding a few slots, expiries, deletes,
 * a flushed node, a node killed while a read waits on it. After quiescence the near cache holds only the cluster's
 * values.
 */
class ClusterHostileUserTest {

  private static final Duration GENEROUS = Duration.ofSeconds(90);

  private static ClusterUnderTest cluster;

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

  private static List<String> hashTaggedKeys() {
    List<String> keys = new ArrayList<>();
    for (int tag = 0; tag < 6; tag++) {
      for (int field = 0; field < 15; field++) {
        keys.add("{user:" + tag + "}:field:" + field);
      }
    }
    return keys;
  }

  @Test
  void shouldHoldOnlyClusterValuesWithHashTagsExpiriesDeletesAndAFlushedNode() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      StatefulRedisClusterConnection<String, String> nearConnection = cluster.connect();
      StatefulRedisClusterConnection<String, String> writerConnection = cluster.connect();
      try {
        RedisAdvancedClusterCommands<String, String> writer = writerConnection.sync();
        writer.flushall();
        ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(1_000).build();
        RedisNearCache<String, String> nearCache = RedisNearCache.enable(nearConnection, cache);
        ClockProCache<String, String> secondCache = ClockProCache.builder().maximumSize(1).build();
        assertThrows(IllegalStateException.class, () -> RedisNearCache.enable(nearConnection, secondCache));
        List<String> keys = hashTaggedKeys();
        Set<Integer> slots = new HashSet<>();
        keys.forEach(key -> slots.add(SlotHash.getSlot(key)));
        assertEquals(6, slots.size(), "the keys crowd six slots");

        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> readerFailure = new AtomicReference<>();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
          Thread reader = new Thread(() -> {
            try {
              while (!stop.get()) {
                nearCache.get(keys.get(ThreadLocalRandom.current().nextInt(keys.size())));
              }
            } catch (Throwable e) {
              readerFailure.set(e);
            }
          });
          reader.start();
          readers.add(reader);
        }
        RedisClusterNode flushed = writerConnection.getPartitions().getMasterBySlot(SlotHash.getSlot(keys.get(0)));
        for (int i = 0; i < 1_000; i++) {
          String key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
          switch (i % 5) {
            case 0 -> writer.set(key, "px" + i, SetArgs.Builder.px(1 + i % 7));
            case 1 -> writer.del(key);
            case 2 -> {
              writer.set(key, "expire" + i);
              writer.pexpire(key, 1 + i % 5);
            }
            default -> writer.set(key, "v" + i);
          }
          if (i == 500) {
            writerConnection.getConnection(flushed.getUri().getHost(), flushed.getUri().getPort()).sync().flushall();
          }
        }
        stop.set(true);
        for (Thread reader : readers) {
          reader.join();
        }
        assertEquals(null, readerFailure.get());
        Thread.sleep(50);  // let the last expiries happen
        Map<String, String> inCluster = new HashMap<>();
        for (String key : keys) {
          inCluster.put(key, writer.get(key));  // a read deletes an expired key, which invalidates it
        }
        ClusterUnderTest.drain(nearConnection);

        List<String> differences = new ArrayList<>();
        for (String key : keys) {
          String cached = cache.getIfPresent(key);
          if (cached != null && !cached.equals(inCluster.get(key))) {
            differences.add(key + " near=" + cached + " cluster=" + inCluster.get(key));
          }
        }
        assertEquals(List.of(), differences);
        assertTrue(nearCache.stats().serverFlushCount() >= 1, nearCache.stats().toString());
        for (String key : keys) {
          assertEquals(inCluster.get(key), nearCache.get(key), key);
        }
        nearCache.close();
      } finally {
        nearConnection.close();
        writerConnection.close();
      }
    });
  }

  @Test
  void shouldFillNothingUntrackedWhenANodeIsKilledWhileAReadWaitsOnIt() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      StatefulRedisClusterConnection<String, String> nearConnection = cluster.connect();
      StatefulRedisClusterConnection<String, String> otherConnection = cluster.connect();
      try {
        RedisAdvancedClusterCommands<String, String> other = otherConnection.sync();
        other.flushall();
        ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100).build();
        RedisNearCache<String, String> nearCache = RedisNearCache.enable(nearConnection, cache);
        RedisClusterNode killed = master(otherConnection, cluster.port(0));
        RedisClusterNode survivor = master(otherConnection, cluster.port(1));
        String lostKey = keyOn(killed);
        String keptKey = keyOn(survivor);
        other.set(lostKey, "before");
        other.set(keptKey, "kept");
        assertEquals("before", nearCache.get(lostKey));
        assertEquals("kept", nearCache.get(keptKey));

        RedisCommands<String, String> killedNode =
            otherConnection.getConnection(killed.getUri().getHost(), killed.getUri().getPort()).sync();
        killedNode.clientPause(3_000);  // the next read of the node waits until the node is killed
        nearCache.invalidate(lostKey);
        AtomicReference<Object> read = new AtomicReference<>();
        Thread reader = new Thread(() -> {
          try {
            read.set(String.valueOf(nearCache.get(lostKey)));
          } catch (RuntimeException e) {
            read.set(e);
          }
        });
        reader.start();
        RedisUnderTest.await("the read is in flight", () -> cache.stats().missCount() >= 3);
        Thread.sleep(100);
        cluster.restart(0);
        reader.join();

        assertEquals("kept", cache.getIfPresent(keptKey), "the other nodes' entries stay");
        RedisUnderTest.await("tracking is on again", nearCache::isTracking);
        other.set(lostKey, "after");
        assertEquals("after", nearCache.get(lostKey));
        other.set(lostKey, "again");
        ClusterUnderTest.drain(nearConnection);
        assertEquals(null, cache.getIfPresent(lostKey), "the read through the new connection is tracked; read="
            + read.get());
        assertEquals("again", nearCache.get(lostKey));
        nearCache.close();
      } finally {
        nearConnection.close();
        otherConnection.close();
      }
    });
  }

  private static RedisClusterNode master(StatefulRedisClusterConnection<String, String> connection, int port) {
    for (RedisClusterNode node : connection.getPartitions()) {
      if (node.getUri().getPort() == port) {
        return node;
      }
    }
    throw new IllegalStateException("no node on port " + port);
  }

  private static String keyOn(RedisClusterNode master) {
    for (int i = 0; ; i++) {
      String key = "key:" + i;
      if (master.hasSlot(SlotHash.getSlot(key))) {
        return key;
      }
    }
  }
}
