package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The cache's hash table: its map semantics, its growth, and lock-free readers racing the writer. */
class NodeTableTest {

  private static Node<Long, Long> node(long key) {
    return new Node<>(key, Long.hashCode(key), key);
  }

  private static Node<Long, Long> lookup(NodeTable<Long, Long> table, long key) {
    return table.get(key, Long.hashCode(key));
  }

  /** Counts the table's nodes by iterating over it. */
  private static int sizeOf(NodeTable<Long, Long> table) {
    int count = 0;
    for (Node<Long, Long> ignored : table) {
      count++;
    }
    return count;
  }

  /** Returns a table grown from one slot by adding keys 0 to {@code count - 1}, as the cache's writer does. */
  private static NodeTable<Long, Long> grownTo(int count) {
    NodeTable<Long, Long> table = new NodeTable<>(0);
    for (long key = 0; key < count; key++) {
      table.add(node(key));
      table.growIfCrowded((int) key + 1);
    }
    return table;
  }

  @Test
  void shouldFindAnAddedNodeByAnEqualKey() {
    NodeTable<Long, Long> table = new NodeTable<>(4);
    Node<Long, Long> added = node(7_000);
    table.add(added);
    assertSame(added, lookup(table, Long.valueOf(7_000)));
    assertNull(lookup(table, 8));
    assertEquals(1, sizeOf(table));
  }

  @Test
  void shouldRemoveOnlyTheExactMappedNode() {
    NodeTable<Long, Long> table = new NodeTable<>(4);
    Node<Long, Long> mapped = node(3);
    table.add(mapped);
    assertFalse(table.remove(node(3)), "an equal but unmapped node is not removed");
    assertTrue(table.remove(mapped));
    assertFalse(table.remove(mapped));
    assertNull(lookup(table, 3));
    assertEquals(0, sizeOf(table));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 5, 1_000})
  void shouldSizeTheFirstTableForTheExpectedCountAsAPowerOfTwo(int expected) {
    int length = new NodeTable<Long, Long>(expected).length();
    assertEquals(0, length & (length - 1), "power of two");
    assertTrue(length >= expected && length < Math.max(2, 2 * expected), "length " + length);
  }

  @Test
  void shouldGrowOnlyWhenAskedAndCrowded() {
    NodeTable<Long, Long> table = new NodeTable<>(2);
    table.add(node(1));
    table.add(node(2));
    table.growIfCrowded(2);
    assertEquals(2, table.length(), "two nodes fit two slots");
    table.add(node(3));
    assertEquals(2, table.length(), "an insert alone does not grow");
    table.growIfCrowded(3);
    assertEquals(4, table.length());
  }

  @Test
  void shouldKeepEveryNodeFindableThroughGrowthWithCollidingHashes() {
    NodeTable<Long, Long> table = new NodeTable<>(0);
    List<Node<Long, Long>> nodes = new ArrayList<>();
    for (long key = 0; key < 2_000; key++) {
      Node<Long, Long> node = new Node<>(key, (int) (key % 37), key); // 37 hashes: long chains
      nodes.add(node);
      table.add(node);
      table.growIfCrowded(nodes.size());
    }
    assertEquals(2_048, table.length());
    for (Node<Long, Long> node : nodes) {
      assertSame(node, table.get(node.key, node.hash));
    }
    for (int i = 0; i < nodes.size(); i += 2) {
      assertTrue(table.remove(nodes.get(i)));
    }
    for (int i = 0; i < nodes.size(); i++) {
      Node<Long, Long> node = nodes.get(i);
      assertEquals(i % 2 == 0 ? null : node, table.get(node.key, node.hash));
    }
    assertEquals(1_000, sizeOf(table));
  }

  @Test
  void shouldIterateOverEveryMappedNodeOnce() {
    NodeTable<Long, Long> table = grownTo(500);
    Set<Long> seen = new HashSet<>();
    for (Node<Long, Long> node : table) {
      assertTrue(seen.add(node.key), "returned twice: " + node.key);
    }
    assertEquals(500, seen.size());
  }

  @Test
  void shouldIterateOverEveryNodePresentThroughoutOnceWhileTheTableGrows() {
    NodeTable<Long, Long> table = grownTo(100);
    Iterator<Node<Long, Long>> iterator = table.iterator();
    Set<Long> seen = new HashSet<>();
    long next = 100;
    while (iterator.hasNext()) {
      assertTrue(seen.add(iterator.next().key), "a node was returned twice");
      for (int i = 0; i < 20 && next < 3_000; i++, next++) {
        table.add(node(next)); // grows the table several times over during the iteration
        table.growIfCrowded((int) next + 1);
      }
    }
    for (long key = 0; key < 100; key++) {
      assertTrue(seen.contains(key), "missed " + key);
    }
    assertTrue(table.length() >= 1_024, "the table grew during the iteration");
    assertThrows(NoSuchElementException.class, iterator::next);
  }

  @Test
  void shouldNeverMissAPresentKeyWhileAnotherThreadGrowsTheTable() throws InterruptedException {
    int keys = 200_000;
    NodeTable<Long, Long> table = new NodeTable<>(0);
    AtomicInteger inserted = new AtomicInteger();
    AtomicReference<String> failure = new AtomicReference<>();
    Thread writer = new Thread(() -> {
      for (int key = 0; key < keys; key++) {
        table.add(node(key));
        table.growIfCrowded(key + 1);
        inserted.lazySet(key + 1);
      }
    });
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      int seed = r;
      readers.add(new Thread(() -> {
        long state = seed + 1;
        while (inserted.get() < keys && failure.get() == null) {
          int present = inserted.get();
          if (present == 0) {
            continue;
          }
          state = state * 6364136223846793005L + 1442695040888963407L;
          long key = (state >>> 33) % present;
          if (lookup(table, key) == null) {
            failure.set("missed key " + key + " with " + present + " inserted");
          }
        }
      }));
    }
    readers.forEach(Thread::start);
    writer.start();
    writer.join();
    for (Thread reader : readers) {
      reader.join();
    }
    assertNull(failure.get());
    assertEquals(keys, sizeOf(table));
  }
}
