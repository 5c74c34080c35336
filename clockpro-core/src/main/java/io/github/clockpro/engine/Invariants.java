package io.github.clockpro.engine;

import io.github.clockpro.engine.NodeShape.ExpiringNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The cache's named invariants, checked in one place. Each holds at every release of the eviction lock. Tests
 * call {@link BoundedCache#checkInvariants} after every step, and concurrently with other operations; a
 * violation names the invariant and the evidence.
 *
 * <ul>
 *   <li>{@code RESIDENT_BOUND}: the resident weight (hot + cold entries, where every entry weighs 1) is at most
 *       the policy's ceiling, which is at least its floor: the maximum where every entry weighs 1, twice the
 *       maximum in a weighted cache. While no shrinking of the maximum is being repaid, the ceiling is the floor,
 *       so a cache bounded by size holds hot + cold &lt;= maximum, as before weights.
 *   <li>{@code WEIGHT_SUM}: each ring's weight is the sum of its nodes' weights, none negative, and the history
 *       has the capacity the policy gave it.
 *   <li>{@code RING_STRUCTURE}: each ring is well formed whose length is its size, and every node in
 *       it carries that clock's status.
 *   <li>{@code SINGLE_RING}: no node is in both rings, or twice in one.
 *   <li>{@code LINKED_IMPLIES_MAPPED}: every node in a ring is the map's current node for its key.
 *   <li>{@code MAPPED_IMPLIES_LINKED}: every mapped node, placeholders included, is in a ring, so the table's
 *       nodes number hot + cold.
 *   <li>{@code SIZE_COUNT}: the cache's size lies between hot + cold less the placeholders and hot + cold. A
 *       load stores its value without the eviction lock, adding to the size before it clears the placeholder's
 *       flag, so a check that overlaps it may count that load on both sides; with no load storing its value,
 *       the size equals hot + cold less the placeholders.
 *   <li>{@code TABLE_STRUCTURE}: every mapped node sits in the bin its hash selects, and the table has at least
 *       as many slots as nodes, up to its maximum length. A chain holds no marker; a tree bin's marker heads its
 *       slot alone, in a table of at least {@link NodeTable#MIN_TREEIFY_LENGTH} slots, with a hash that selects
 *       another slot, over a non-empty AVL tree: each vertex's height is one more than its higher subtree's, the
 *       two differ by at most one, and an in-order walk meets the nodes in {@link TreeBin#order}, each in this
 *       bin.
 *   <li>{@code HISTORY_BOUND}: history records &lt;= the history's capacity, or for a while after that was lowered,
 *       the length of its ring.
 *   <li>{@code HISTORY_LIMIT_RANGE}: the history's limit lies within its bounds, which lie within [1,
 *       capacity].
 *   <li>{@code REFERENCED_SHARE_RANGE}: 0 &lt;= the hot hand's referenced share &lt;=
 *       {@link ClockProPolicy#SHARE_ONE}, so that a return's verdict never exceeds one whole.
 *   <li>{@code COLD_TARGET_RANGE}: the cold target lies within its bounds, which lie within [1, maximum].
 *   <li>{@code PROMOTION_THRESHOLD_RANGE}: 1 &lt;= promotion threshold &lt;= {@link ClockProPolicy#MAX_PROMOTION_THRESHOLD}.
 *   <li>{@code CARRY_RANGE}: 0 &lt;= carry limit &lt;= {@link ClockProPolicy#MAX_CARRY}, and every hot node's
 *       carry lies in the same range.
 *   <li>{@code SCAN_BOUND}: no eviction examined more entries than the scan limit.
 *   <li>{@code SCAN_LENGTH_TOTALS}: the evictions counted by scan length number the eviction count, none
 *       examined no entry, and all examined at most the longest scan; where every scan is counted one by one,
 *       the longest scan is among them and their lengths sum to the scan count.
 *   <li>{@code REFERENCE_COUNT_RANGE}: every reference count lies in [0, {@link Node#MAX_REFERENCE_COUNT}].
 * </ul>
 * For an expiring cache ({@link ExpiringCache}), also:
 * <ul>
 *   <li>{@code WHEEL_STRUCTURE}: every list of the timer wheel is a well formed circle through its sentinel.
 *   <li>{@code WHEEL_MEMBERSHIP}: every mapped node, placeholders included, is an {@link ExpiringNode} in
 *       exactly one list of the wheel, and every node in the wheel is the map's current node for its key.
 *   <li>{@code WHEEL_RETIRED}: no retired node that has left the table is in the wheel (a retired node still
 *       mapped is a
 *       compute's removal, which unmaps it next).
 * </ul>
 */
final class Invariants {

  private Invariants() {}

  /**
   * Checks every invariant; the caller holds the eviction lock.
   *
   * @param sizeReader reads the cache's size; read after the placeholders are counted, see {@code SIZE_COUNT}
   */
  static <K, V> List<String> check(NodeTable<K, V> data, ClockProPolicy<K, V> policy, IntSupplier sizeReader) {
    List<String> violations = new ArrayList<>();
    int resident = policy.hotSize() + policy.coldSize();
    long maximum = policy.maximum();
    long residentWeight = policy.hotWeight() + policy.coldWeight();
    if (residentWeight > policy.ceiling() || policy.ceiling() < policy.ceilingFloor()) {
      violations.add("RESIDENT_BOUND: hot " + policy.hotWeight() + " + cold " + policy.coldWeight()
          + " > ceiling " + policy.ceiling() + ", or the ceiling is below its floor " + policy.ceilingFloor());
    }
    Map<Node<K, V>, Byte> seen = new IdentityHashMap<>();
    long hotWeight = checkRing("hot", policy.hotRing(), true, seen, data, violations);
    long coldWeight = checkRing("cold", policy.coldRing(), false, seen, data, violations);
    if (hotWeight != policy.hotWeight() || coldWeight != policy.coldWeight()) {
      violations.add("WEIGHT_SUM: the rings' nodes weigh " + hotWeight + " hot and " + coldWeight
          + " cold, the policy counts " + policy.hotWeight() + " and " + policy.coldWeight());
    }
    History history = policy.history();
    if (history.capacity() != policy.historyCapacity()) {
      violations.add("WEIGHT_SUM: history capacity " + history.capacity() + " != the policy's "
          + policy.historyCapacity());
    }
    int mapped = 0;
    int placeholders = 0;
    for (Node<K, V> node : data) {
      mapped++;
      if (node.loading) {
        placeholders++;
      }
      if (!seen.containsKey(node)) {
        violations.add("MAPPED_IMPLIES_LINKED: key " + node.key + " is mapped but in no ring");
      }
      if (data.get(node.key, node.hash) != node) {
        violations.add("TABLE_STRUCTURE: key " + node.key + " is not found in the bin its hash selects");
      }
    }
    if (mapped != resident) {
      violations.add("MAPPED_IMPLIES_LINKED: " + mapped + " mapped nodes != hot + cold " + resident);
    }
    int size = sizeReader.getAsInt();
    if (size < resident - placeholders || size > resident) {
      violations.add("SIZE_COUNT: size " + size + " not within [hot + cold " + resident + " less "
          + placeholders + " placeholders, hot + cold]");
    }
    if (mapped > data.length() && data.length() < NodeTable.MAXIMUM_LENGTH) {
      violations.add("TABLE_STRUCTURE: " + mapped + " nodes in " + data.length() + " slots");
    }
    violations.addAll(checkBins(data));
    int historyCapacity = policy.historyCapacity();
    if (policy.historySize() > Math.max(historyCapacity, history.ringLength())) {
      violations.add("HISTORY_BOUND: " + policy.historySize() + " > capacity " + historyCapacity
          + " and ring length " + history.ringLength());
    }
    int historyLimit = policy.historyLimit();
    int leastHistoryLimit = policy.minimumHistoryLimit();
    if (leastHistoryLimit < 1 || historyLimit < leastHistoryLimit || historyLimit > historyCapacity) {
      violations.add("HISTORY_LIMIT_RANGE: " + historyLimit + " not within [" + leastHistoryLimit + ", "
          + historyCapacity + "] within [1, " + historyCapacity + "]");
    }
    int share = policy.referencedShare();
    if (share < 0 || share > ClockProPolicy.SHARE_ONE) {
      violations.add("REFERENCED_SHARE_RANGE: " + share + " not within [0, " + ClockProPolicy.SHARE_ONE + "]");
    }
    long coldTarget = policy.coldTarget();
    if (policy.minimumColdTarget() < 1 || policy.maximumColdTarget() > maximum
        || coldTarget < policy.minimumColdTarget() || coldTarget > policy.maximumColdTarget()) {
      violations.add("COLD_TARGET_RANGE: " + coldTarget + " not within [" + policy.minimumColdTarget() + ", "
          + policy.maximumColdTarget() + "] within [1, " + maximum + "]");
    }
    int threshold = policy.promotionThreshold();
    if (threshold < 1 || threshold > ClockProPolicy.MAX_PROMOTION_THRESHOLD) {
      violations.add("PROMOTION_THRESHOLD_RANGE: " + threshold);
    }
    int carryLimit = policy.carryLimit();
    if (carryLimit < 0 || carryLimit > ClockProPolicy.MAX_CARRY) {
      violations.add("CARRY_RANGE: limit " + carryLimit);
    }
    checkScanLengths(policy, violations);
    return violations;
  }

  /**
   * Checks the part of {@code TABLE_STRUCTURE} that concerns the bins themselves: chains without markers, and
   * tree bins. The caller is the table's writer, or holds its lock; tests call it on a table alone.
   *
   * @return the violations; empty if none
   */
  static <K, V> List<String> checkBins(NodeTable<K, V> data) {
    List<String> violations = new ArrayList<>();
    int length = data.length();
    for (int index = 0; index < length; index++) {
      Node<K, V> first = data.bin(index);
      if (first == null || first.key != NodeTable.TREE_BIN) {
        for (Node<K, V> node = first; node != null; node = node.nextInBin) {
          if (node.key == NodeTable.TREE_BIN) {
            violations.add("TABLE_STRUCTURE: a marker inside the chain of bin " + index);
          }
        }
        continue;
      }
      if (first.nextInBin != null || length < NodeTable.MIN_TREEIFY_LENGTH
          || (NodeTable.spread(first.hash) & (length - 1)) == index) {
        violations.add("TABLE_STRUCTURE: the marker of bin " + index + " is linked, in a table of " + length
            + " slots, or has a hash of its own bin");
      }
      TreeBin<K, V> root = NodeTable.root(first);
      if (root == null) {
        violations.add("TABLE_STRUCTURE: the tree of bin " + index + " is empty");
      }
      List<Node<K, V>> inOrder = new ArrayList<>();
      checkTree(root, index, length, inOrder, violations);
      for (int i = 1; i < inOrder.size(); i++) {
        if (TreeBin.order(inOrder.get(i - 1), inOrder.get(i)) > 0) {
          violations.add("TABLE_STRUCTURE: keys " + inOrder.get(i - 1).key + " and " + inOrder.get(i).key
              + " out of order in the tree of bin " + index);
        }
      }
    }
    return violations;
  }

  private static <K, V> void checkTree(
      TreeBin<K, V> tree, int index, int length, List<Node<K, V>> inOrder, List<String> violations) {
    if (tree == null) {
      return;
    }
    if ((NodeTable.spread(tree.entry.hash) & (length - 1)) != index) {
      violations.add("TABLE_STRUCTURE: key " + tree.entry.key + " in the tree of bin " + index
          + " belongs to another bin");
    }
    int leftHeight = TreeBin.heightOf(tree.left);
    int rightHeight = TreeBin.heightOf(tree.right);
    if (tree.height != Math.max(leftHeight, rightHeight) + 1 || Math.abs(leftHeight - rightHeight) > 1
        || tree.skew != rightHeight - leftHeight || tree.key != tree.entry.key || tree.hash != tree.entry.hash) {
      violations.add("TABLE_STRUCTURE: the tree of bin " + index + " is unbalanced at key " + tree.entry.key
          + ": height " + tree.height + " and skew " + tree.skew + " over " + leftHeight + " and " + rightHeight
          + ", or its key and hash are not its node's");
    }
    checkTree(tree.left, index, length, inOrder, violations);
    inOrder.add(tree.entry);
    checkTree(tree.right, index, length, inOrder, violations);
  }

  /**
   * Checks the timer wheel's membership against the table; the caller holds the eviction lock and has checked
   * the wheel's structure, which gave {@code inWheel}: each node in the wheel and how many times it was found.
   */
  static <K, V> void checkWheel(
      NodeTable<K, V> data, Map<ExpiringNode<K, V>, Integer> inWheel, List<String> violations) {
    for (Node<K, V> node : data) {
      Integer count = node instanceof ExpiringNode<K, V> expiring ? inWheel.get(expiring) : null;
      if (count == null || count != 1) {
        violations.add("WHEEL_MEMBERSHIP: key " + node.key + " is mapped and in " + (count == null ? 0 : count)
            + " lists of the wheel");
      }
    }
    for (ExpiringNode<K, V> node : inWheel.keySet()) {
      boolean mapped = data.get(node.key, node.hash) == node;
      if (node.retired && !mapped) { // retired and mapped: a compute's removal, unmapped next (see Computing)
        violations.add("WHEEL_RETIRED: key " + node.key + " is retired, unmapped and in the wheel");
      } else if (!mapped) {
        violations.add("WHEEL_MEMBERSHIP: key " + node.key + " is in the wheel and not mapped to this node");
      }
    }
  }

  private static void checkScanLengths(ClockProPolicy<?, ?> policy, List<String> violations) {
    ScanLengths lengths = policy.scanLengths();
    int longest = lengths.maxScanPerEviction();
    if (longest > policy.scanLimit()) {
      violations.add("SCAN_BOUND: an eviction examined " + longest + " > limit " + policy.scanLimit());
    }
    boolean consistent = lengths.atMost(0) == 0 && lengths.atMost(longest) == lengths.total();
    if (consistent && longest >= 1 && longest <= ScanLengths.EXACT_LENGTHS) {
      long entries = 0;
      for (int length = 1; length <= longest; length++) {
        entries += length * (lengths.atMost(length) - lengths.atMost(length - 1));
      }
      consistent = lengths.atMost(longest - 1) < lengths.total() && entries == lengths.scanCount();
    }
    if (!consistent) {
      violations.add("SCAN_LENGTH_TOTALS: " + lengths + " against " + lengths.scanCount()
          + " entries, the longest " + longest);
    }
  }

  /** Checks one ring and returns the sum of its nodes' weights, or -1 if the ring is broken. */
  private static <K, V> long checkRing(String name, Ring<K, V> clock, boolean hot,
      Map<Node<K, V>, Byte> seen, NodeTable<K, V> data, List<String> violations) {
    Node<K, V> hand = clock.hand();
    if ((hand == null) != (clock.size() == 0)) {
      violations.add("RING_STRUCTURE: " + name + " hand " + hand + " with size " + clock.size());
      return -1;
    }
    long weight = 0;
    Node<K, V> node = hand;
    for (int i = 0; i < clock.size(); i++) {
      if (node == null || node.next == null || node.next.previous != node) {
        violations.add("RING_STRUCTURE: " + name + " ring broken at position " + i);
        return -1;
      }
      if (node.weight() < 0) {
        violations.add("WEIGHT_SUM: key " + node.key + " in " + name + " weighs " + node.weight());
      }
      weight += node.weight();
      if (hot != node.isHot() || node.status == Node.UNLINKED) {
        violations.add("RING_STRUCTURE: key " + node.key + " in " + name + " has status " + node.status);
      }
      if (seen.put(node, node.status) != null) {
        violations.add("SINGLE_RING: key " + node.key + " seen twice");
      }
      if (data.get(node.key, node.hash) != node) {
        violations.add("LINKED_IMPLIES_MAPPED: key " + node.key + " in " + name + " is not mapped to this node");
      }
      if (node.carry() > ClockProPolicy.MAX_CARRY) {
        violations.add("CARRY_RANGE: key " + node.key + " carries " + node.carry());
      }
      int referenceCount = node.referenceCount;
      if (referenceCount < 0 || referenceCount > Node.MAX_REFERENCE_COUNT) {
        violations.add("REFERENCE_COUNT_RANGE: key " + node.key + " has " + referenceCount);
      }
      node = node.next;
    }
    if (node != hand) {
      violations.add("RING_STRUCTURE: " + name + " ring of size " + clock.size() + " does not close");
    }
    return weight;
  }
}
