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
 * <p>Memory: 40 bytes per vertex on a 64-bit JVM with compressed references, only for nodes in tree bins. A vertex
 * keeps its node's key and hash, so that a search reads the vertex alone on each level (and the key it compares).
 */
final class TreeBin<K, V> {

  /** The mapped node this vertex holds. */
  final Node<K, V> entry;
  /** {@code entry.key}, kept here so that a search reads one object per level, not two. */
  final Object key;
  /** {@code entry.hash}, for the same reason. */
  final int hash;
  final TreeBin<K, V> left;
  final TreeBin<K, V> right;
  /** The number of vertices on the longest path down from this one, this one included. */
  final byte height;
  /**
   * The right subtree's height less the left's: -1, 0 or 1. With {@link #height} it gives both subtrees' heights,
   * so that a change that copies this vertex need not read the subtree it keeps (a cache miss on a large tree).
   */
  final byte skew;

  private TreeBin(TreeBin<K, V> source, TreeBin<K, V> left, int leftHeight, TreeBin<K, V> right, int rightHeight) {
    this(source.entry, source.key, source.hash, left, leftHeight, right, rightHeight);
  }

  private TreeBin(Node<K, V> entry, Object key, int hash, TreeBin<K, V> left, int leftHeight, TreeBin<K, V> right,
      int rightHeight) {
    this.entry = entry;
    this.key = key;
    this.hash = hash;
    this.left = left;
    this.right = right;
    this.height = (byte) (Math.max(leftHeight, rightHeight) + 1);
    this.skew = (byte) (rightHeight - leftHeight);
  }

  static int heightOf(TreeBin<?, ?> tree) {
    return tree == null ? 0 : tree.height;
  }

  /** The height of the left subtree, from this vertex's own fields. */
  int leftHeight() {
    return height - 1 - Math.max(0, skew);
  }

  /** The height of the right subtree, from this vertex's own fields. */
  int rightHeight() {
    return height - 1 - Math.max(0, -skew);
  }

  /**
   * Returns the node of the tree whose key equals {@code key}, or {@code null}. Reads only immutable vertices;
   * recurses only where it must search both subtrees, at most as deep as the tree is high. Between keys of one
   * {@code Comparable} class it calls {@code compareTo} first and {@code equals} only where that returns 0: an
   * order consistent with {@code equals} finds equal keys alike, and a key equal to one it orders apart could
   * not be found by any search of the tree, {@code ConcurrentHashMap}'s included. So a level costs one
   * comparison, not two.
   */
  static <K, V> Node<K, V> find(TreeBin<K, V> tree, Object key, int hash) {
    TreeBin<K, V> vertex = tree;
    while (vertex != null) {
      int vertexHash = vertex.hash;
      if (hash != vertexHash) {
        vertex = hash < vertexHash ? vertex.left : vertex.right;
        continue;
      }
      Object other = vertex.key;
      if (other == key) {
        return vertex.entry;
      }
      int direction = compareComparables(key, other);
      if (direction < 0) {
        vertex = vertex.left;
      } else if (direction > 0) {
        vertex = vertex.right;
      } else if (key.equals(other)) {
        return vertex.entry;
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
      return new TreeBin<>(node, node.key, node.hash, null, 0, null, 0);
    }
    if (order(node, tree) < 0) {
      TreeBin<K, V> left = insert(tree.left, node);
      return balance(tree, left, left.height, tree.right, tree.rightHeight());
    }
    TreeBin<K, V> right = insert(tree.right, node);
    return balance(tree, tree.left, tree.leftHeight(), right, right.height);
  }

  /**
   * What {@link #insertIfAbsent} did: {@code found} is the node already mapped for the key, and then {@code tree}
   * the tree unchanged; otherwise {@code found} is {@code null} and {@code tree} the new tree.
   */
  record Insertion<K, V>(TreeBin<K, V> tree, Node<K, V> found) {}

  /**
   * Returns a new tree that also holds {@code node}, unless the tree holds a node with an equal key, in one descent
   * where the order decides (keys with distinct hashes, or of one {@code Comparable} class whose {@code compareTo}
   * tells them apart); where it cannot, {@link #find} searches the subtree first. O(log n) new vertices.
   */
  static <K, V> Insertion<K, V> insertIfAbsent(TreeBin<K, V> tree, Node<K, V> node) {
    TreeBin<K, V> grown = insertIfAbsent(tree, node, node.key, node.hash);
    if (grown != tree) {
      return new Insertion<>(grown, null);
    }
    return new Insertion<>(tree, find(tree, node.key, node.hash));
  }

  /** The new tree, or {@code tree} itself if it holds a node whose key equals {@code key}. */
  private static <K, V> TreeBin<K, V> insertIfAbsent(TreeBin<K, V> tree, Node<K, V> node, Object key, int hash) {
    if (tree == null) {
      return new TreeBin<>(node, key, hash, null, 0, null, 0);
    }
    int direction;
    if (hash != tree.hash) {
      direction = hash < tree.hash ? -1 : 1;
    } else {
      Object other = tree.key;
      if (other == key) {
        return tree;
      }
      direction = compareComparables(key, other);
      if (direction == 0) { // no order between them: equal, or to be searched for on both sides
        return key.equals(other) || find(tree, key, hash) != null ? tree : insert(tree, node);
      }
    }
    if (direction < 0) {
      TreeBin<K, V> left = insertIfAbsent(tree.left, node, key, hash);
      return left == tree.left ? tree : balance(tree, left, left.height, tree.right, tree.rightHeight());
    }
    TreeBin<K, V> right = insertIfAbsent(tree.right, node, key, hash);
    return right == tree.right ? tree : balance(tree, tree.left, tree.leftHeight(), right, right.height);
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
    TreeBin<K, V> left = build(nodes, from, middle);
    TreeBin<K, V> right = build(nodes, middle + 1, to);
    Node<K, V> entry = nodes.get(middle);
    return new TreeBin<>(entry, entry.key, entry.hash, left, heightOf(left), right, heightOf(right));
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
   * The order of the tree: negative if {@code node} goes before the vertex, else positive; never 0. By hash, then
   * by {@code compareTo} for keys of one {@code Comparable} class, then by class name and identity hash codes (an
   * arbitrary but fixed order; a tie there, of identity hashes, goes left).
   */
  static int order(Node<?, ?> node, TreeBin<?, ?> vertex) {
    return order(node.hash, node.key, vertex.hash, vertex.key);
  }

  /** {@link #order} of two nodes; for checks. */
  static int order(Node<?, ?> node, Node<?, ?> other) {
    return order(node.hash, node.key, other.hash, other.key);
  }

  private static int order(int hash, Object key, int otherHash, Object other) {
    if (hash != otherHash) {
      return hash < otherHash ? -1 : 1;
    }
    int compared = compareComparables(key, other);
    if (compared != 0) {
      return compared;
    }
    Class<?> keyClass = key.getClass();
    Class<?> otherClass = other.getClass();
    if (keyClass != otherClass) {
      compared = keyClass.getName().compareTo(otherClass.getName());
      if (compared != 0) {
        return compared;
      }
      return System.identityHashCode(keyClass) <= System.identityHashCode(otherClass) ? -1 : 1;
    }
    return System.identityHashCode(key) <= System.identityHashCode(other) ? -1 : 1;
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
    int direction = directed ? direction(node, tree) : 0;
    if (direction <= 0) {
      TreeBin<K, V> left = remove(tree.left, node, directed);
      if (left != tree.left) {
        return balance(tree, left, heightOf(left), tree.right, tree.rightHeight());
      }
    }
    if (direction >= 0) {
      TreeBin<K, V> right = remove(tree.right, node, directed);
      if (right != tree.right) {
        return balance(tree, tree.left, tree.leftHeight(), right, heightOf(right));
      }
    }
    return tree;
  }

  /** Where a lookup for {@code node}'s key goes from the vertex: by hash, then by compareTo; 0 if both ways. */
  private static int direction(Node<?, ?> node, TreeBin<?, ?> vertex) {
    if (node.hash != vertex.hash) {
      return node.hash < vertex.hash ? -1 : 1;
    }
    return compareComparables(node.key, vertex.key);
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
    TreeBin<K, V> right = removeLeast(tree.right);
    return balance(least, tree.left, tree.leftHeight(), right, heightOf(right));
  }

  private static <K, V> TreeBin<K, V> removeLeast(TreeBin<K, V> tree) {
    if (tree.left == null) {
      return tree.right;
    }
    TreeBin<K, V> left = removeLeast(tree.left);
    return balance(tree, left, heightOf(left), tree.right, tree.rightHeight());
  }

  /**
   * A copy of {@code source} over two subtrees of the given heights, which differ by at most 2, rotated where they
   * differ by 2, so that they differ by at most 1 at every vertex (the AVL condition). Reads only the vertices a
   * rotation moves; the heights of the subtrees it keeps come from their parents' {@link #skew}.
   */
  private static <K, V> TreeBin<K, V> balance(
      TreeBin<K, V> source, TreeBin<K, V> left, int leftHeight, TreeBin<K, V> right, int rightHeight) {
    if (leftHeight > rightHeight + 1) {
      int outer = left.leftHeight();
      int inner = left.rightHeight();
      if (outer >= inner) {
        TreeBin<K, V> lowered = new TreeBin<>(source, left.right, inner, right, rightHeight);
        return new TreeBin<>(left, left.left, outer, lowered, lowered.height);
      }
      TreeBin<K, V> middle = left.right;
      TreeBin<K, V> newLeft = new TreeBin<>(left, left.left, outer, middle.left, middle.leftHeight());
      TreeBin<K, V> newRight = new TreeBin<>(source, middle.right, middle.rightHeight(), right, rightHeight);
      return new TreeBin<>(middle, newLeft, newLeft.height, newRight, newRight.height);
    }
    if (rightHeight > leftHeight + 1) {
      int outer = right.rightHeight();
      int inner = right.leftHeight();
      if (outer >= inner) {
        TreeBin<K, V> lowered = new TreeBin<>(source, left, leftHeight, right.left, inner);
        return new TreeBin<>(right, lowered, lowered.height, right.right, outer);
      }
      TreeBin<K, V> middle = right.left;
      TreeBin<K, V> newLeft = new TreeBin<>(source, left, leftHeight, middle.left, middle.leftHeight());
      TreeBin<K, V> newRight = new TreeBin<>(right, middle.right, middle.rightHeight(), right.right, outer);
      return new TreeBin<>(middle, newLeft, newLeft.height, newRight, newRight.height);
    }
    return new TreeBin<>(source, left, leftHeight, right, rightHeight);
  }
}
