package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Tree bins of the {@link NodeTable}: a bin whose chain grows long becomes a persistent balanced tree, which
 * lookups, removals, growth and iteration handle, for comparable keys, keys that cannot be compared, and both
 * in one bin, and which lock-free readers search while the writer changes it.
 */
class TreeBinTest {

  /**
   * {@code 2^blocks} distinct strings with one hash code: each is {@code blocks} blocks of "Aa" or "BB", which
   * have the same hash code, so every string of that many blocks does too.
   */
  static List<String> collidingStrings(int count) {
    int blocks = 1;
    while ((1 << blocks) < count) {
      blocks++;
    }
    List<String> strings = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      StringBuilder builder = new StringBuilder(2 * blocks);
      for (int block = 0; block < blocks; block++) {
        builder.append(((i >>> block) & 1) == 0 ? "Aa" : "BB");
      }
      strings.add(builder.toString());
    }
    return strings;
  }

  private static <K> Node<K, K> node(K key) {
    return new Node<>(key, key.hashCode(), key);
  }

  /** Adds the nodes as the cache's writer does: each after a lookup, growing the table as it fills. */
  private static <K> void addAll(NodeTable<K, K> table, List<Node<K, K>> nodes, int alreadyMapped) {
    int mapped = alreadyMapped;
    for (Node<K, K> node : nodes) {
      assertNull(table.get(node.key, node.hash));
      table.add(node);
      table.growIfCrowded(++mapped);
    }
  }

  private static <K> List<Node<K, K>> nodesOf(List<K> keys) {
    List<Node<K, K>> nodes = new ArrayList<>();
    for (K key : keys) {
      nodes.add(node(key));
    }
    return nodes;
  }

  private static boolean isTreeBin(NodeTable<?, ?> table, int hash) {
    Node<?, ?> first = table.bin(NodeTable.spread(hash) & (table.length() - 1));
    return first != null && first.key == NodeTable.TREE_BIN;
  }

  private static int sizeOf(NodeTable<?, ?> table) {
    Set<Node<?, ?>> seen = new HashSet<>();
    for (Node<?, ?> node : table) {
      assertTrue(seen.add(node), "returned twice: " + node.key);
      assertFalse(node.key == NodeTable.TREE_BIN, "a marker was returned");
    }
    return seen.size();
  }

  @Test
  void shouldFindEveryCollidingStringThroughATreeBin() {
    List<String> keys = collidingStrings(2_048);
    NodeTable<String, String> table = new NodeTable<>(0);
    List<Node<String, String>> nodes = nodesOf(keys.subList(0, 2_000));
    addAll(table, nodes, 0);
    assertTrue(isTreeBin(table, keys.get(0).hashCode()));
    for (Node<String, String> node : nodes) {
      assertSame(node, table.get(new String(node.key), node.hash), "an equal key finds the node");
    }
    for (String absent : keys.subList(2_000, 2_048)) {
      assertNull(table.get(absent, absent.hashCode()));
    }
    assertEquals(2_000, sizeOf(table));
    assertEquals(List.of(), Invariants.checkBins(table));
  }

  @Test
  void shouldKeepTheTreeOfTwentyThousandCollidingKeysLogarithmic() {
    NodeTable<String, String> table = new NodeTable<>(0);
    List<Node<String, String>> nodes = nodesOf(collidingStrings(20_000));
    addAll(table, nodes, 0);
    Node<String, String> marker = table.bin(NodeTable.spread(nodes.get(0).hash) & (table.length() - 1));
    int height = NodeTable.root(marker).height;
    // An AVL tree of n vertices is at most 1.44 log2(n + 2) high: 21 for 20,000; a chain would be 20,000 long.
    assertTrue(height <= 21, "height " + height);
    assertEquals(List.of(), Invariants.checkBins(table));
  }

  @Test
  void shouldRemoveNodesFromATreeBinAndClearTheBinOnceEmpty() {
    NodeTable<String, String> table = new NodeTable<>(64);
    List<Node<String, String>> nodes = nodesOf(collidingStrings(100));
    addAll(table, nodes, 0);
    assertTrue(isTreeBin(table, nodes.get(0).hash));
    assertFalse(table.remove(node(nodes.get(0).key)), "an equal but unmapped node is not removed");
    for (int i = 0; i < nodes.size(); i += 2) {
      assertTrue(table.remove(nodes.get(i)));
      assertFalse(table.remove(nodes.get(i)));
    }
    for (int i = 0; i < nodes.size(); i++) {
      Node<String, String> node = nodes.get(i);
      assertEquals(i % 2 == 0 ? null : node, table.get(node.key, node.hash));
    }
    assertEquals(List.of(), Invariants.checkBins(table));
    for (int i = 1; i < nodes.size(); i += 2) {
      assertTrue(table.remove(nodes.get(i)));
    }
    assertNull(table.bin(NodeTable.spread(nodes.get(0).hash) & (table.length() - 1)), "an empty tree bin is cleared");
    Node<String, String> again = node(nodes.get(0).key);
    table.add(again);
    assertSame(again, table.get(again.key, again.hash), "the bin takes a chain again");
    assertEquals(1, sizeOf(table));
  }

  @Test
  void shouldNotTurnChainsIntoTreesInShortTables() {
    NodeTable<String, String> table = new NodeTable<>(32);
    List<Node<String, String>> nodes = nodesOf(collidingStrings(30));
    for (Node<String, String> node : nodes) {
      table.add(node);
    }
    assertFalse(isTreeBin(table, nodes.get(0).hash));
    table.add(node("an ordinary key"));
    table.growIfCrowded(31);
    table.add(node("another ordinary key"));
    table.growIfCrowded(32);
    table.add(node("a third ordinary key"));
    table.growIfCrowded(33);
    assertEquals(64, table.length());
    Node<String, String> last = node(collidingStrings(32).get(31));
    table.add(last);
    assertTrue(isTreeBin(table, last.hash), "a long chain in a table of 64 slots becomes a tree");
    assertSame(last, table.get(last.key, last.hash));
    assertEquals(34, sizeOf(table));
    assertEquals(List.of(), Invariants.checkBins(table));
  }

  @Test
  void shouldSplitTreeBinsAsTheTableGrowsAndTurnSmallHalvesIntoChains() {
    // Distinct hashes that share a bin until the table is 64 * 16 slots long: 100 keys, 100 / 16 per bin then.
    NodeTable<Integer, Integer> table = new NodeTable<>(64);
    List<Node<Integer, Integer>> nodes = new ArrayList<>();
    for (int k = 0; k < 100; k++) {
      nodes.add(node(k * 64));
    }
    for (Node<Integer, Integer> node : nodes) {
      table.add(node);
    }
    assertTrue(isTreeBin(table, 0));
    for (int length = 128; length <= 8_192; length *= 2) {
      table.growIfCrowded(length);
      assertEquals(length, table.length());
      for (Node<Integer, Integer> node : nodes) {
        assertSame(node, table.get(Integer.valueOf(node.key), node.hash), "after growth to " + length);
      }
      assertEquals(100, sizeOf(table));
      assertEquals(List.of(), Invariants.checkBins(table), "after growth to " + length);
    }
    assertFalse(isTreeBin(table, 0), "seven or fewer keys per bin: chains again");
  }

  @Test
  void shouldKeepATreeWhoseKeysAllStayTogetherThroughGrowth() {
    NodeTable<String, String> table = new NodeTable<>(64);
    List<Node<String, String>> nodes = nodesOf(collidingStrings(50));
    for (Node<String, String> node : nodes) {
      table.add(node);
    }
    Node<String, String> before = table.bin(NodeTable.spread(nodes.get(0).hash) & 63);
    table.growIfCrowded(65);
    Node<String, String> after = table.bin(NodeTable.spread(nodes.get(0).hash) & 127);
    assertTrue(after != before && after.key == NodeTable.TREE_BIN, "a new marker");
    assertSame(NodeTable.root(before), NodeTable.root(after), "over the same immutable tree");
    assertEquals(List.of(), Invariants.checkBins(table));
  }

  @Test
  void shouldIterateOverTreeBinsAndChainsOnceEachWhileTheTableGrows() {
    NodeTable<Object, Object> table = new NodeTable<>(64);
    List<Object> keys = new ArrayList<>(collidingStrings(300));
    int mapped = 0;
    for (Object key : keys) {
      table.add(node(key));
      table.growIfCrowded(++mapped);
    }
    var iterator = table.iterator();
    Set<Object> seen = new HashSet<>();
    long next = 0;
    while (iterator.hasNext()) {
      assertTrue(seen.add(iterator.next().key), "a node was returned twice");
      for (int i = 0; i < 20 && next < 2_000; i++, next++) {
        table.add(node(next)); // grows the table, and so splits the tree bin, during the iteration
        table.growIfCrowded(++mapped);
      }
    }
    assertTrue(seen.containsAll(keys), "every colliding key present throughout was returned");
    assertEquals(2_300, sizeOf(table));
  }

  @Test
  void shouldFindKeysOfEveryKindInOneBinWithOneHashCode() {
    List<String> strings = collidingStrings(64);
    int hash = strings.get(0).hashCode();
    List<Object> keys = new ArrayList<>(strings);
    keys.add(hash); // an Integer has its value as its hash code
    for (int id = 0; id < 40; id++) {
      keys.add(new Opaque(id, hash)); // not Comparable
      keys.add(new Ordinal(id, hash)); // Comparable, compareTo consistent with equals
      keys.add(new Flat(id, hash)); // Comparable, compareTo 0 for unequal keys
      keys.add(new Touchy(id, hash)); // compareTo throws
    }
    NodeTable<Object, Object> table = new NodeTable<>(0);
    List<Node<Object, Object>> nodes = nodesOf(keys);
    addAll(table, nodes, 0);
    assertTrue(isTreeBin(table, hash));
    assertEquals(List.of(), Invariants.checkBins(table));
    for (Node<Object, Object> node : nodes) {
      assertSame(node, table.get(copyOf(node.key), hash), "found by an equal key: " + node.key);
    }
    assertNull(table.get(new Opaque(99, hash), hash));
    assertNull(table.get(new Touchy(99, hash), hash));
    SplittableRandom random = new SplittableRandom(7);
    List<Node<Object, Object>> remaining = new ArrayList<>(nodes);
    while (!remaining.isEmpty()) {
      Node<Object, Object> removed = remaining.remove(random.nextInt(remaining.size()));
      assertTrue(table.remove(removed), "removed: " + removed.key);
      assertNull(table.get(copyOf(removed.key), hash));
      if (remaining.size() % 16 == 0) {
        for (Node<Object, Object> node : remaining) {
          assertSame(node, table.get(copyOf(node.key), hash));
        }
        assertEquals(List.of(), Invariants.checkBins(table));
      }
    }
    assertEquals(0, sizeOf(table));
  }

  @Test
  void shouldFindAKeyStoredUnderAnEqualKeyOfAnotherClassThatIsNotComparable() {
    int hash = 12_345;
    NodeTable<Object, Object> table = new NodeTable<>(0);
    List<Node<Object, Object>> nodes = new ArrayList<>();
    for (int id = 0; id < 50; id++) {
      nodes.add(new Node<>(new Ordinal(id, hash), hash, id));
      nodes.add(new Node<>(new Opaque(id, hash), hash, id));
    }
    addAll(table, nodes, 0);
    assertTrue(isTreeBin(table, hash));
    for (int id = 0; id < 50; id++) {
      Node<Object, Object> found = table.get(new OpaqueTwin(id, hash), hash);
      assertNotNull(found, "an OpaqueTwin finds the equal Opaque " + id);
      assertEquals(new Opaque(id, hash), found.key);
    }
  }

  @Test
  void shouldKeepEngineInvariantsWithCollidingKeysInTheCache() {
    ClockProCache<String, Integer> cache = ClockProCache.builder().maximumSize(1_000).build();
    List<String> keys = collidingStrings(4_096);
    SplittableRandom random = new SplittableRandom(11);
    for (int step = 0; step < 30_000; step++) {
      String key = keys.get(random.nextInt(random.nextBoolean() ? 1_200 : keys.size()));
      int operation = random.nextInt(10);
      if (operation == 0) {
        cache.invalidate(key);
      } else if (operation < 4) {
        cache.put(key, step);
      } else if (cache.getIfPresent(key) == null) {
        cache.get(key, missing -> -1);
      }
      if (step % 2_000 == 0) {
        assertEquals(List.of(), EngineAccess.checkInvariants(cache), "after step " + step);
      }
    }
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    assertEquals(1_000, cache.size());
    int found = 0;
    for (String key : keys) {
      if (cache.getIfPresent(key) != null) {
        found++;
      }
    }
    assertEquals(1_000, found, "every resident key is found");
    assertEquals(1_000, cache.asMap().size());
  }

  @Test
  void shouldNeverMissAKeyThatStaysMappedWhileTheWriterChangesTheTree() throws InterruptedException {
    List<String> strings = collidingStrings(4_096);
    List<Object> stableKeys = new ArrayList<>(strings.subList(0, 1_000));
    for (int k = 0; k < 300; k++) {
      stableKeys.add(k * 64); // distinct hashes in one bin: trees that growth splits into smaller trees and chains
    }
    AtomicReference<NodeTable<Object, Object>> current = new AtomicReference<>();
    AtomicReference<String> failure = new AtomicReference<>();
    AtomicBoolean running = new AtomicBoolean(true);
    int[] rounds = {0};
    int[] lastCount = {0};
    Thread writer = new Thread(() -> {
      SplittableRandom random = new SplittableRandom(3);
      while (running.get()) {
        // Each round a new table, with new nodes: a node is never relinked into a second table.
        NodeTable<Object, Object> table = new NodeTable<>(0);
        int count = 0;
        for (Object key : stableKeys) {
          table.add(node(key));
          table.growIfCrowded(++count);
        }
        current.set(table);
        List<Node<Object, Object>> churn = new ArrayList<>();
        long ordinary = 1L << 40;
        for (int step = 0; step < 40_000 && running.get(); step++) {
          if (random.nextInt(3) != 0) {
            Object key = random.nextInt(4) == 0 ? strings.get(1_000 + random.nextInt(3_096)) : (Object) ordinary++;
            if (table.get(key, key.hashCode()) == null) {
              Node<Object, Object> added = node(key);
              table.add(added);
              churn.add(added);
              table.growIfCrowded(++count); // grows the table, splitting its tree bins, several times a round
            }
          } else if (!churn.isEmpty()) {
            int index = random.nextInt(churn.size());
            Node<Object, Object> removed = churn.get(index);
            churn.set(index, churn.get(churn.size() - 1));
            churn.remove(churn.size() - 1);
            if (!table.remove(removed)) {
              failure.compareAndSet(null, "could not remove " + removed.key);
            }
            count--;
          }
        }
        lastCount[0] = count;
        rounds[0]++;
      }
    });
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      int seed = r;
      readers.add(new Thread(() -> {
        SplittableRandom random = new SplittableRandom(seed);
        while (running.get()) {
          NodeTable<Object, Object> table = current.get();
          if (table == null) {
            continue;
          }
          Object expected = stableKeys.get(random.nextInt(stableKeys.size()));
          Object key = expected instanceof String text ? new String(text) : expected;
          Node<Object, Object> found = table.get(key, key.hashCode());
          if (found == null || !found.key.equals(expected)) {
            failure.compareAndSet(null, "missed " + expected);
          }
        }
      }));
    }
    writer.start();
    readers.forEach(Thread::start);
    Thread.sleep(3_000);
    running.set(false);
    writer.join();
    for (Thread reader : readers) {
      reader.join();
    }
    assertNull(failure.get());
    assertTrue(rounds[0] >= 1, "the writer finished a round");
    NodeTable<Object, Object> last = current.get();
    assertEquals(List.of(), Invariants.checkBins(last));
    assertEquals(lastCount[0], sizeOf(last));
  }

  /** An equal key that is another object, so that lookups cannot succeed on identity. */
  private static Object copyOf(Object key) {
    if (key instanceof String text) {
      return new String(text);
    }
    if (key instanceof Integer value) {
      return value; // an Integer: equal keys may be one cached object, and the test does not need another
    }
    if (key instanceof Opaque opaque) {
      return new Opaque(opaque.id, opaque.hash);
    }
    if (key instanceof Ordinal ordinal) {
      return new Ordinal(ordinal.id, ordinal.hash);
    }
    if (key instanceof Flat flat) {
      return new Flat(flat.id, flat.hash);
    }
    Touchy touchy = (Touchy) key;
    return new Touchy(touchy.id, touchy.hash);
  }

  /** A key that is not Comparable, with a hash code of our choice; equal to the {@link OpaqueTwin} of its id. */
  private record Opaque(int id, int hash) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Opaque opaque ? opaque.id == id : other instanceof OpaqueTwin twin && twin.id == id;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** Equal to the {@link Opaque} of its id: equality across classes, which equals allows. */
  private record OpaqueTwin(int id, int hash) {
    @Override
    public boolean equals(Object other) {
      return other instanceof OpaqueTwin twin ? twin.id == id : other instanceof Opaque opaque && opaque.id == id;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** A Comparable key with a hash code of our choice, ordered by id. */
  private record Ordinal(int id, int hash) implements Comparable<Ordinal> {
    @Override
    public int compareTo(Ordinal other) {
      return Integer.compare(id, other.id);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** A Comparable key whose compareTo finds every two keys alike, though they are equal only by id. */
  private record Flat(int id, int hash) implements Comparable<Flat> {
    @Override
    public int compareTo(Flat other) {
      return 0;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** A Comparable key whose compareTo always throws. */
  private record Touchy(int id, int hash) implements Comparable<Touchy> {
    @Override
    public int compareTo(Touchy other) {
      throw new IllegalStateException("compareTo of " + id);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
