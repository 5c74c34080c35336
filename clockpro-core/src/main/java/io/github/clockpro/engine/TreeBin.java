package io.github.clockpro.engine;

import java.util.List;
import java.util.function.Consumer;

/**
 * One vertex of the balanced search tree that holds a crowded bin of the {@link NodeTable}: a persistent AVL tree
 * (Adelson-Velsky and Landis), immutable once made. A change copies the path from the root to the vertex it
 * changes, O(log n) new vertices, and returns a new root; every older root stays a whole, valid tree. So a
 * lock-free reader that has taken a root searches a snapshot that no writer changes under it, and the table's
 * one writer publishes a change with a single release store of the new root. See "Tree bins" in
 * {@link NodeTable}.
 *
 * <h2>Order</h2>
 * Vertices are ordered by {@link #order}: by key hash, then, for two keys of one class that implements
 * {@link Comparable}, by {@code compareTo}, then by class name and identity hash, as
 * {@link java.util.concurrent.ConcurrentHashMap}'s tree bins are. A lookup ({@link #find}) can follow the first
 * two only: where a vertex's key has the same hash as the looked-up key and cannot be compared with it (other
 * class, not {@code Comparable}, or {@code compareTo} returns 0 for keys that are not equal), it searches both
 * subtrees. Keys of one {@code Comparable} class cost O(log n) however many share a hash; keys that share a hash
 * and cannot be compared cost O(n), as they do in {@code ConcurrentHashMap}.
 *
 * <p>As in {@code ConcurrentHashMap}, a lookup trusts {@code compareTo} between keys of its own class: a key of a
 * {@code Comparable} class is found only if the equal key in the tree is of the same class, or lies on the path
 * that order leads to. {@code Comparable} asks for an order consistent with {@code equals}, which a key equal to
 * a key of another class cannot have; keys of classes that are not {@code Comparable} (lists, sets) are found
 * under equal keys of any class, since every vertex with their hash is searched both ways.
 *
 * <p>A {@code compareTo} that throws counts as no order: the lookup searches both subtrees, the writer places the
 * key by the tie-break, and the writer never fails half-way under the cache's eviction lock. Such keys, like keys
 * whose {@code compareTo} disagrees with {@code equals}, may then be looked up in vain; a removal falls back to
 * searching the whole tree for the exact node, so the table itself stays whole.
 *
 * <p>Memory: 32 bytes per vertex on a 64-bit JVM with compressed references, only for nodes in tree bins.
 */
final class TreeBin<K, V> {

  /** The mapped node this vertex holds. */
  final Node<K, V> entry;
  final TreeBin<K, V> left;
  final TreeBin<K, V> right;
  /** The number of vertices on the longest path down from this one, this one included. */
  final int height;

  private TreeBin(Node<K, V> entry, TreeBin<K, V> left, TreeBin<K, V> right) {
    this.entry = entry;
    this.left = left;
    this.right = right;
    this.height = Math.max(heightOf(left), heightOf(right)) + 1;
  }

  static int heightOf(TreeBin<?, ?> tree) {
    return tree == null ? 0 : tree.height;
  }

  /**
   * Returns the node of the tree whose key equals {@code key}, or {@code null}. Reads only immutable vertices;
   * recurses only where it must search both subtrees, at most as deep as the tree is high.
   */
  static <K, V> Node<K, V> find(TreeBin<K, V> tree, Object key, int hash) {
    TreeBin<K, V> vertex = tree;
    while (vertex != null) {
      Node<K, V> entry = vertex.entry;
      if (hash != entry.hash) {
        vertex = hash < entry.hash ? vertex.left : vertex.right;
        continue;
      }
      Object other = entry.key;
      if (other == key || key.equals(other)) {
        return entry;
      }
      int direction = compareComparables(key, other);
      if (direction < 0) {
        vertex = vertex.left;
      } else if (direction > 0) {
        vertex = vertex.right;
      } else {
        Node<K, V> found = find(vertex.right, key, hash);
        if (found != null) {
          return found;
        }
        vertex = vertex.left;
      }
    }
    return null;
  }

  /** Returns a new tree that also holds {@code node}, which the tree must not hold. O(log n) new vertices. */
  static <K, V> TreeBin<K, V> insert(TreeBin<K, V> tree, Node<K, V> node) {
    if (tree == null) {
      return new TreeBin<>(node, null, null);
    }
    if (order(node, tree.entry) < 0) {
      return balance(tree.entry, insert(tree.left, node), tree.right);
    }
    return balance(tree.entry, tree.left, insert(tree.right, node));
  }

  /**
   * Returns a new tree without this exact node, or {@code tree} itself if the tree does not hold it. Follows the
   * order where it can (O(log n) for comparable keys); if that finds nothing, searches the whole tree, so a node
   * misplaced by an inconsistent {@code compareTo} is still removed.
   */
  static <K, V> TreeBin<K, V> remove(TreeBin<K, V> tree, Node<K, V> node) {
    TreeBin<K, V> removed = remove(tree, node, true);
    return removed != tree ? removed : remove(tree, node, false);
  }

  /** Builds a balanced tree of nodes already in {@link #order}, {@code nodes[from]} to {@code nodes[to - 1]}. */
  static <K, V> TreeBin<K, V> build(List<Node<K, V>> nodes, int from, int to) {
    if (from == to) {
      return null;
    }
    int middle = (from + to) >>> 1;
    return new TreeBin<>(nodes.get(middle), build(nodes, from, middle), build(nodes, middle + 1, to));
  }

  /** Passes every node of the tree to {@code action}, in order. */
  static <K, V> void forEach(TreeBin<K, V> tree, Consumer<Node<K, V>> action) {
    if (tree != null) {
      forEach(tree.left, action);
      action.accept(tree.entry);
      forEach(tree.right, action);
    }
  }

  /**
   * The order of the tree: negative if {@code node} goes before {@code other}, else positive; never 0 for two
   * nodes. By hash, then by {@code compareTo} for keys of one {@code Comparable} class, then by class name and
   * identity hash codes (an arbitrary but fixed order; a tie there, of identity hashes, goes left).
   */
  static int order(Node<?, ?> node, Node<?, ?> other) {
    if (node.hash != other.hash) {
      return node.hash < other.hash ? -1 : 1;
    }
    int compared = compareComparables(node.key, other.key);
    if (compared != 0) {
      return compared;
    }
    Class<?> nodeClass = node.key.getClass();
    Class<?> otherClass = other.key.getClass();
    if (nodeClass != otherClass) {
      compared = nodeClass.getName().compareTo(otherClass.getName());
      if (compared != 0) {
        return compared;
      }
      return System.identityHashCode(nodeClass) <= System.identityHashCode(otherClass) ? -1 : 1;
    }
    return System.identityHashCode(node.key) <= System.identityHashCode(other.key) ? -1 : 1;
  }

  /**
   * {@code key.compareTo(other)} if both are of one class and it implements {@link Comparable}; otherwise, or if
   * {@code compareTo} throws, 0: no order between them. Plain class equality, not {@code HashMap}'s check of
   * the type argument: a class that is {@code Comparable} to another type throws {@link ClassCastException}
   * here, which counts as no order.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compareComparables(Object key, Object other) {
    if (key.getClass() != other.getClass() || !(key instanceof Comparable)) {
      return 0;
    }
    try {
      return ((Comparable) key).compareTo(other);
    } catch (RuntimeException failure) {
      return 0; // no order: see the class comment
    }
  }

  /**
   * Removes the exact node: following the order if {@code directed}, else searching every subtree. Returns
   * {@code tree} itself if the node is not there; any other result is a new tree, since every change copies its
   * path.
   */
  private static <K, V> TreeBin<K, V> remove(TreeBin<K, V> tree, Node<K, V> node, boolean directed) {
    if (tree == null) {
      return null;
    }
    if (tree.entry == node) {
      return removeTop(tree);
    }
    int direction = directed ? direction(node, tree.entry) : 0;
    if (direction <= 0) {
      TreeBin<K, V> left = remove(tree.left, node, directed);
      if (left != tree.left) {
        return balance(tree.entry, left, tree.right);
      }
    }
    if (direction >= 0) {
      TreeBin<K, V> right = remove(tree.right, node, directed);
      if (right != tree.right) {
        return balance(tree.entry, tree.left, right);
      }
    }
    return tree;
  }

  /** Where a lookup for {@code node}'s key goes from {@code other}: by hash, then by compareTo; 0 if both ways. */
  private static int direction(Node<?, ?> node, Node<?, ?> other) {
    if (node.hash != other.hash) {
      return node.hash < other.hash ? -1 : 1;
    }
    return compareComparables(node.key, other.key);
  }

  private static <K, V> TreeBin<K, V> removeTop(TreeBin<K, V> tree) {
    if (tree.left == null) {
      return tree.right;
    }
    if (tree.right == null) {
      return tree.left;
    }
    TreeBin<K, V> least = tree.right;
    while (least.left != null) {
      least = least.left;
    }
    return balance(least.entry, tree.left, removeLeast(tree.right));
  }

  private static <K, V> TreeBin<K, V> removeLeast(TreeBin<K, V> tree) {
    if (tree.left == null) {
      return tree.right;
    }
    return balance(tree.entry, removeLeast(tree.left), tree.right);
  }

  /**
   * A new vertex over two subtrees whose heights differ by at most 2, rotated where they differ by 2, so that
   * they differ by at most 1 at every vertex (the AVL condition).
   */
  private static <K, V> TreeBin<K, V> balance(Node<K, V> entry, TreeBin<K, V> left, TreeBin<K, V> right) {
    int leftHeight = heightOf(left);
    int rightHeight = heightOf(right);
    if (leftHeight > rightHeight + 1) {
      if (heightOf(left.left) >= heightOf(left.right)) {
        return new TreeBin<>(left.entry, left.left, new TreeBin<>(entry, left.right, right));
      }
      TreeBin<K, V> middle = left.right;
      return new TreeBin<>(middle.entry, new TreeBin<>(left.entry, left.left, middle.left),
          new TreeBin<>(entry, middle.right, right));
    }
    if (rightHeight > leftHeight + 1) {
      if (heightOf(right.right) >= heightOf(right.left)) {
        return new TreeBin<>(right.entry, new TreeBin<>(entry, left, right.left), right.right);
      }
      TreeBin<K, V> middle = right.left;
      return new TreeBin<>(middle.entry, new TreeBin<>(entry, left, middle.left),
          new TreeBin<>(right.entry, middle.right, right.right));
    }
    return new TreeBin<>(entry, left, right);
  }
}
