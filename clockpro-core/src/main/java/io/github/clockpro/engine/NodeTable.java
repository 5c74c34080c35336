package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The cache's hash table: a chained table whose entries are the cache's own {@link Node}s, with lock-free reads
 * and a single writer at a time.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #get} and {@link #iterator} may run on any thread at any time, without a lock.
 *   <li>{@link #add}, {@link #growIfCrowded} and {@link #remove} are called only while the caller holds the
 *       owner's writer lock (the cache's eviction lock), so at most one structural change runs at a time.
 *   <li>{@link #get} is linearizable: it returns a node that was mapped at some moment during the call, or
 *       {@code null} if the key was unmapped at some such moment.
 *   <li>Iterators are weakly consistent: they return every node that stays mapped throughout the iteration
 *       exactly once, and may or may not return nodes added or removed meanwhile.
 *   <li>No user code runs inside the table except {@code equals} of keys, in {@link #get}, and, for keys in a
 *       tree bin, {@code compareTo} between keys of one class, in {@link #get}, {@link #add} and {@link #remove}
 *       (one that throws counts as no order: see {@link TreeBin}). Hashes are the key's {@link #hash}, taken once
 *       when the node is made.
 * </ul>
 *
 * <h2>Design</h2>
 * Why not a {@link java.util.concurrent.ConcurrentHashMap}: its entries are its own node objects, 32 bytes each
 * on a 64-bit JVM with compressed references, on top of the cache's Node. Here the Node carries the next-in-bin
 * link and its key's hash itself (the hash fits in padding the Node had anyway), so a mapping costs the Node
 * plus one table slot. Every structural change in the cache already holds the eviction lock, so the table needs
 * no locks of its own.
 *
 * <p>Memory ordering. The writer publishes with release stores: a new node's fields and its link, with plain
 * writes, then the node into its bin's head slot; a removal links the predecessor past the node. A removed node
 * keeps its own link, so a reader standing on it walks on; that link keeps the nodes after it reachable, so the
 * owner must hold no reference to a removed node (the policy clears its own, see {@link ClockProPolicy}). Readers load slots with acquire and links as volatile
 * reads. The writer needs no fence (a volatile write, on x86) of its own: every writer holds the owner's lock,
 * so writes are ordered by the lock, and a reader needs only to see a node whole once it finds it.
 *
 * <p>Growth. The table doubles when it holds more nodes than slots, and never shrinks; a cache's table stops
 * growing once it is full, at a length of about {@code maximumSize}. Growth relinks the nodes in place: each bin
 * splits into two, and nodes are not copied, because the policy's clocks hold them by identity. A reader on the
 * old table may therefore follow a link that growth has already changed, and miss a key that is present. Growth
 * is bracketed by a sequence counter, {@link #resizes}, which is odd while nodes are being relinked: a reader
 * that misses checks the counter, and looks again if growth ran meanwhile. A hit needs no check, since
 * growth never unmaps a node. Growth relinks each bin's nodes in chain order and points each moved node only at a
 * node moved before it, so every chain a reader can follow is finite at every moment.
 *
 * <p>Fields and who writes them: {@link #table} and {@link #resizes} are volatile and written only by the writer;
 * slots of a table and {@link Node#nextInBin} likewise. The table keeps no count of its nodes: the writer
 * already knows how many it has mapped (the cache's policy counts them as it links them) and passes that to
 * {@link #growIfCrowded}. A count here would be one more line that every insert and eviction writes, and that a
 * writer on another core must then fetch.
 *
 * <h2>Tree bins</h2>
 * Why. A bin is a chain while it is short; a chain of n nodes costs n {@code equals} calls per lookup. Keys with
 * one hash code are easy to make ({@code String}s built from "Aa" and "BB" blocks: 2<sup>k</sup> of them from k
 * blocks), and a client that picks the keys of a cache can put them all in one bin. Before tree bins, 20,000
 * such keys cost 38 to 55 microseconds per lookup against about 0.5 for {@code ConcurrentHashMap}, and every
 * insert repeated that walk twice under the eviction lock (the key's lookup, the victim's removal), so every
 * writer waited for it. So a chain that reaches {@link #TREEIFY_THRESHOLD} nodes becomes a balanced search tree,
 * as in {@code ConcurrentHashMap} (Java 8 and later) and for the same reason. With well-spread hashes and at most
 * one node per slot on average, a bin reaches 8 nodes with probability about 10<sup>-6</sup> (Poisson with
 * mean 1), so ordinary keys practically never meet a tree. Tables shorter than {@link #MIN_TREEIFY_LENGTH} hold at
 * most that many nodes and keep chains.
 *
 * <p>The tree. A tree bin is a {@link TreeBin}: a persistent AVL tree, ordered by hash, then by
 * {@code compareTo} for keys of one {@code Comparable} class, then by a fixed tie-break. Its vertices are
 * immutable; a change copies the O(log n) vertices on its path and makes a new root. The bin's slot holds a
 * <em>marker</em>: a {@link Node} that belongs to no key, whose {@code key} is {@link #TREE_BIN} and whose
 * {@code value} is the current root. The writer publishes a change with one release store of the new root into
 * the marker ({@link #publishRoot}); a reader takes the root with an acquire load and searches an immutable
 * snapshot, which is the bin's exact content at that moment, so a tree lookup is linearizable at that load. A
 * mutable tree with rotations in place (as {@code ConcurrentHashMap} has, with a read-write lock in each tree
 * bin to keep readers out during a rotation) would make readers wait or retry; copying the path costs the
 * writer O(log n) allocations instead, and readers nothing. The nodes keep their identity (the rings hold them),
 * and {@link Node} gains no field: the tree's vertices are separate, 40 bytes per node in a tree bin, as
 * {@code ConcurrentHashMap}'s TreeNodes are (56 bytes there).
 *
 * <p>The hit path. A marker's hash is chosen so that it selects another bin of its table ({@link #markerHash}):
 * no key that a lookup seeks in that bin can have it. So {@link #get} walks a tree bin's slot as a chain of one
 * node that never matches, and only then, on what would be a miss, looks at whether the slot held a marker. A
 * hit in an ordinary bin runs the same instructions as before tree bins; a miss reads the key field of its bin's
 * first node once more.
 *
 * <p>Writer costs. In a tree bin, {@link #get}, {@link #add} and {@link #remove} all take O(log n) steps for
 * comparable keys, so no hold of the eviction lock grows with a bin's length. A chain becomes a tree in one
 * step over its {@link #TREEIFY_THRESHOLD} nodes. A tree bin stays a tree until growth splits it (removing
 * nodes from it needs no relinking); a bin whose tree empties is cleared. Counting a chain's length on
 * {@link #add} walks at most that many nodes, which the writer's lookup has just read.
 *
 * <p>Growth splits each tree bin in one in-order walk: a half of more than {@link #UNTREEIFY_THRESHOLD} nodes
 * becomes a balanced tree built from the sorted walk (the old tree itself if all nodes stay together), a smaller
 * half becomes a chain, relinked as growth relinks chains. That is O(n) for a bin of n nodes, as growth already is
 * for the whole table; growth doubles the table only after as many inserts as it has slots, so its cost is
 * amortised over those inserts, whatever bins the keys chose. Old markers stay in the old table with their old
 * roots: a reader on the old table still searches a whole snapshot. Markers are never moved or reused.
 *
 * <p>Limits. Keys that share a hash and cannot be ordered (not {@code Comparable}, of different classes, or
 * {@code compareTo} returning 0 for unequal keys) make a lookup search both subtrees at each such vertex: O(n)
 * for n of them, as in {@code ConcurrentHashMap} and {@code HashMap}, which fall back to the same tie-break and the
 * same search. Hashes that differ are always ordered, so keys aimed at one bin with distinct hashes cost O(log n)
 * whatever their class. A cache with non-comparable keys under the control of an attacker who can make their
 * hash codes collide has no defence here; {@code Long} keys are mixed with a per-cache seed ({@link #hash}), and
 * {@code String}s, {@code Integer}s and the other common keys are {@code Comparable}.
 */
final class NodeTable<K, V> implements Iterable<Node<K, V>> {

  /** The most slots a table may have. */
  static final int MAXIMUM_LENGTH = 1 << 30;
  /** A chain that already holds this many nodes becomes a tree when one more is added; as in ConcurrentHashMap. */
  static final int TREEIFY_THRESHOLD = 8;
  /** Growth makes a half of a split tree bin with this many nodes or fewer a chain; as in ConcurrentHashMap. */
  static final int UNTREEIFY_THRESHOLD = 6;
  /**
   * The shortest table with tree bins. A shorter one holds at most about as many nodes as slots, so its chains are
   * short anyway, and a marker's hash needs a table of two slots or more (see {@link #markerHash}).
   */
  static final int MIN_TREEIFY_LENGTH = 64;
  /** The key of every marker: the slot that holds a marker is a tree bin. Never equal to a user's key. */
  static final Object TREE_BIN = new Object() {
    @Override
    public String toString() {
      return "TREE_BIN";
    }
  };

  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Node[].class);
  private static final VarHandle NEXT_IN_BIN;
  /** A marker's value: the root of its tree bin. */
  private static final VarHandle ROOT;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      NEXT_IN_BIN = lookup.findVarHandle(Node.class, "nextInBin", Node.class);
      ROOT = lookup.findVarHandle(Node.class, "value", Object.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** The bins; a power of two in length. Written by the writer; replaced, never changed in length. */
  private volatile Node<K, V>[] table;
  /** Incremented by the writer before and after each growth: odd while growth relinks nodes. */
  private volatile int resizes;
  /** Mixed into the hashes of {@code Long} keys; see {@link #hash}. */
  private final int seed;
  /** {@code Hashing.mix(seed)}: XORed out again, so that keys below 2<sup>32</sup> keep their hash codes. */
  private final int seedMix;

  /** Makes a table sized so that {@code expected} nodes fit without growth, with the seed 0; see {@link #hash}. */
  NodeTable(int expected) {
    this(expected, 0);
  }

  /**
   * Makes a table sized so that {@code expected} nodes fit without growth.
   *
   * @param seed mixed into the hashes of {@code Long} keys; the cache's random seed
   */
  NodeTable(int expected, int seed) {
    int length = 1;
    while (length < expected && length < MAXIMUM_LENGTH) {
      length <<= 1;
    }
    table = newTable(length);
    this.seed = seed;
    this.seedMix = Hashing.mix(seed);
  }

  /**
   * The hash the cache takes of a key, once per operation, and keeps in its node: for this table, for the
   * non-resident history, which records keys by it alone, and for the carry trial's sample. It is the key's
   * {@code hashCode()}, except for a {@link Long} with high bits set. {@code Long.hashCode()} is the low half of
   * the value XOR its high half, so keys that differ in their high bits, such as {@code (tenant << 40) + id} or
   * ranges that the threads of one application take, share hash codes by the thousand: key {@code n} of one range
   * and key {@code n ^ d} of another, for a {@code d} fixed by the two ranges. The table tells them apart by
   * {@code equals}; the history cannot, and one range's evicted keys came back as false history hits on
   * another's misses, each made hot at a hot page's expense (see "Hashes of Long keys" in docs/design.md). Here
   * the high half is first mixed with this table's {@link #seed} ({@link Hashing#mix} of {@code high ^ seed},
   * XOR {@code mix(seed)}), so that {@code d} is far from the small differences of sequential keys, and so that
   * no one can compute colliding {@code Long} keys without the seed, which is random per cache. A bijection of
   * the high half XORed onto the low half: keys that differ only in the low half never collide, and keys below
   * 2<sup>32</sup> keep their {@code hashCode()}, whatever the seed, and with it the table's layout and the
   * carry trial's sample. With the seed 0 this is the hash the cache took before seeds (the reference model's
   * fingerprint). Equal keys have equal hashes. Other keys keep their {@code hashCode()}: colliding ones are
   * what tree bins are for.
   *
   * @param key the key; not null
   */
  int hash(Object key) {
    if (key instanceof Long value) {
      long bits = value;
      return (int) bits ^ Hashing.mix((int) (bits >>> 32) ^ seed) ^ seedMix;
    }
    return key.hashCode();
  }

  /** Spreads the higher bits of a key's hash into the lower bits the table indexes by. */
  static int spread(int hash) {
    return hash ^ (hash >>> 16);
  }

  /** Returns the node mapped for the key, or {@code null}; hashes the key. */
  Node<K, V> get(Object key) {
    return get(key, hash(key));
  }

  /**
   * Returns the node mapped for the key, or {@code null}.
   *
   * @param key the key; not null
   * @param hash the key's {@link #hash}
   */
  Node<K, V> get(Object key, int hash) {
    int index = spread(hash);
    for (;;) {
      int sequence = resizes;
      Node<K, V>[] bins = table;
      Node<K, V> first = slot(bins, index & (bins.length - 1));
      for (Node<K, V> node = first; node != null; node = node.nextInBin) {
        if (node.hash == hash && (node.key == key || key.equals(node.key))) {
          return node;
        }
      }
      if (first != null && first.key == TREE_BIN) { // a marker, which never matches: see "The hit path"
        Node<K, V> found = TreeBin.find(root(first), key, hash);
        if (found != null) {
          return found;
        }
      }
      if ((sequence & 1) == 0 && sequence == resizes) {
        return null;
      }
      Thread.onSpinWait(); // growth ran during the walk: a miss may be false, so look again
    }
  }

  /**
   * Reads the bin of this hash and the hash of its first node, without the writer lock and with plain reads;
   * returns that hash, or 0 for an empty bin. For prefetching the bin that the writer will change next: see
   * {@link ClockProPolicy#prefetch}.
   */
  int prefetch(int hash) {
    Node<K, V>[] bins = table;
    Node<K, V> first = bins[spread(hash) & (bins.length - 1)];
    return first == null ? 0 : first.hash;
  }

  /** Returns what slot {@code index} of the current table holds: a chain, a marker or {@code null}; for checks. */
  Node<K, V> bin(int index) {
    return slot(table, index);
  }

  /** Returns the current number of slots; for tests and memory accounting. */
  int length() {
    return table.length;
  }

  /**
   * Maps the node's key to the node. Writer only, and only for a key the writer has just found unmapped with
   * {@link #get} while it held the writer lock.
   */
  void add(Node<K, V> node) {
    Node<K, V>[] bins = table;
    int index = spread(node.hash) & (bins.length - 1);
    Node<K, V> first = slot(bins, index);
    if (first != null) {
      if (first.key == TREE_BIN) {
        publishRoot(first, TreeBin.insert(root(first), node));
        return;
      }
      if (bins.length >= MIN_TREEIFY_LENGTH && reaches(first, TREEIFY_THRESHOLD)) {
        treeify(bins, index, first, node);
        return;
      }
    }
    NEXT_IN_BIN.set(node, first); // plain: the node is not yet published; the next line publishes it
    SLOT.setRelease(bins, index, node);
  }

  /**
   * Maps the node's key to the node unless the key is mapped already; returns the node mapped for the key, or
   * {@code null} if this call mapped {@code node}. Writer only. One walk of the bin, or one descent of its tree,
   * does both the lookup and the insertion.
   */
  Node<K, V> addIfAbsent(Node<K, V> node) {
    Node<K, V>[] bins = table;
    int index = spread(node.hash) & (bins.length - 1);
    Node<K, V> first = bins[index]; // plain: the writer wrote it, under the lock
    if (first != null && first.key == TREE_BIN) {
      TreeBin<K, V> root = root(first);
      TreeBin.Insertion<K, V> insertion = TreeBin.insertIfAbsent(root, node);
      if (insertion.found() != null) {
        return insertion.found();
      }
      publishRoot(first, insertion.tree());
      return null;
    }
    int length = 0;
    Object key = node.key;
    int hash = node.hash;
    for (Node<K, V> current = first; current != null; current = current.nextInBin) {
      if (current.hash == hash && (current.key == key || key.equals(current.key))) {
        return current;
      }
      length++;
    }
    if (length >= TREEIFY_THRESHOLD && bins.length >= MIN_TREEIFY_LENGTH) {
      treeify(bins, index, first, node);
      return null;
    }
    NEXT_IN_BIN.set(node, first); // plain: the node is not yet published; the next line publishes it
    SLOT.setRelease(bins, index, node);
    return null;
  }

  /**
   * Doubles the table if it holds more nodes than slots. Writer only. Separate from {@link #add}, so that the
   * writer grows the table once its whole change is done.
   *
   * @param count the number of nodes mapped now, which the writer keeps
   */
  void growIfCrowded(int count) {
    Node<K, V>[] bins = table;
    if (count > bins.length && bins.length < MAXIMUM_LENGTH) {
      grow(bins);
    }
  }

  /**
   * Unmaps this exact node. Writer only. The node keeps its link, for readers standing on it.
   *
   * @return whether the node was mapped
   */
  boolean remove(Node<K, V> node) {
    Node<K, V>[] bins = table;
    int index = spread(node.hash) & (bins.length - 1);
    Node<K, V> first = slot(bins, index);
    if (first != null && first.key == TREE_BIN) {
      TreeBin<K, V> root = root(first);
      TreeBin<K, V> removed = TreeBin.remove(root, node);
      if (removed == root) {
        return false;
      }
      publishRoot(first, removed);
      if (removed == null) {
        SLOT.setRelease(bins, index, null); // the bin is empty: a chain may start here again
      }
      return true;
    }
    Node<K, V> previous = null;
    for (Node<K, V> current = first; current != null; current = current.nextInBin) {
      if (current == node) {
        if (previous == null) {
          SLOT.setRelease(bins, index, node.nextInBin);
        } else {
          NEXT_IN_BIN.setRelease(previous, node.nextInBin);
        }
        return true;
      }
      previous = current;
    }
    return false;
  }

  /** Returns a weakly consistent iterator over the mapped nodes; see the class comment. */
  @Override
  public Iterator<Node<K, V>> iterator() {
    return new NodeIterator();
  }

  /** Doubles the table, relinking every node into one of the two bins its old bin splits into. Writer only. */
  private void grow(Node<K, V>[] bins) {
    int length = bins.length;
    Node<K, V>[] grown = newTable(length << 1); // allocated first: an OutOfMemoryError here changes nothing
    // Tree bins are split first, into the new table, which no reader sees yet: the split allocates and calls, and
    // changes only what readers of a tree bin never follow (its nodes' chain links).
    for (int index = 0; index < length; index++) {
      Node<K, V> node = bins[index];
      if (node != null && node.key == TREE_BIN) {
        splitTreeBin(node, index, length, grown);
      }
    }
    // From here to the second increment, no method call: field and array accesses only, so no error (a stack
    // overflow strikes at calls) can leave the counter odd, and readers spinning, forever. The writer reads the
    // old bins plainly: it wrote them itself, under the lock.
    resizes = resizes + 1;
    for (int index = 0; index < length; index++) {
      Node<K, V> low = null;
      Node<K, V> high = null;
      Node<K, V> node = bins[index];
      if (node != null && node.key == TREE_BIN) {
        continue; // split above
      }
      while (node != null) {
        Node<K, V> next = node.nextInBin;
        int hash = node.hash;
        if (((hash ^ (hash >>> 16)) & length) == 0) { // spread(hash), written out
          node.nextInBin = low;
          low = node;
        } else {
          node.nextInBin = high;
          high = node;
        }
        node = next;
      }
      grown[index] = low;
      grown[index + length] = high;
    }
    table = grown;
    resizes = resizes + 1;
  }

  /**
   * Moves a tree bin's nodes into the two bins of the grown table its bin splits into, in one in-order walk; see
   * "Tree bins" in the class comment. Part of growth, before the table's nodes are relinked: it changes nothing a
   * reader of the old table follows.
   */
  private void splitTreeBin(Node<K, V> marker, int index, int length, Node<K, V>[] grown) {
    TreeBin<K, V> root = root(marker);
    List<Node<K, V>> low = new ArrayList<>();
    List<Node<K, V>> high = new ArrayList<>();
    TreeBin.forEach(root, node -> ((spread(node.hash) & length) == 0 ? low : high).add(node));
    grown[index] = binOf(low, index, high.isEmpty() ? root : null);
    grown[index + length] = binOf(high, index + length, low.isEmpty() ? root : null);
  }

  /**
   * The content of a grown table's bin for these nodes, in tree order: {@code null}, a chain relinked as growth
   * relinks (each node pointing only at one relinked before it), or a marker over a tree, {@code whole} if that
   * tree holds exactly these nodes.
   */
  private Node<K, V> binOf(List<Node<K, V>> nodes, int index, TreeBin<K, V> whole) {
    if (nodes.size() > UNTREEIFY_THRESHOLD) {
      return marker(index, whole != null ? whole : TreeBin.build(nodes, 0, nodes.size()));
    }
    Node<K, V> chain = null;
    for (Node<K, V> node : nodes) {
      node.nextInBin = chain;
      chain = node;
    }
    return chain;
  }

  /** Replaces the chain in this slot, which holds {@link #TREEIFY_THRESHOLD} nodes or more, with a tree bin. */
  private void treeify(Node<K, V>[] bins, int index, Node<K, V> first, Node<K, V> added) {
    TreeBin<K, V> root = TreeBin.insert(null, added);
    for (Node<K, V> node = first; node != null; node = node.nextInBin) {
      root = TreeBin.insert(root, node);
    }
    // The chain's nodes keep their links, so a reader walking the chain walks on; the marker is made whole
    // with plain writes, and the release store publishes it.
    SLOT.setRelease(bins, index, marker(index, root));
  }

  /** Whether the chain from {@code first} holds at least {@code count} nodes; walks at most that many. */
  private static boolean reaches(Node<?, ?> first, int count) {
    int seen = 0;
    for (Node<?, ?> node = first; node != null; node = node.nextInBin) {
      if (++seen >= count) {
        return true;
      }
    }
    return false;
  }

  /** A new marker for slot {@code index} of a table of at least two slots, over this tree; not yet published. */
  @SuppressWarnings("unchecked")
  private static <K, V> Node<K, V> marker(int index, TreeBin<K, V> root) {
    return new Node<>((K) TREE_BIN, markerHash(index), (V) root);
  }

  /**
   * The hash of the marker in slot {@code index} of a table of two slots or more: one whose {@link #spread} is
   * {@code index ^ 1}, the neighbouring slot, so that no key that {@link #get} seeks in slot {@code index} has
   * it. Spread keeps the high half and XORs it onto the low half, so XORing the high half onto the low half
   * first undoes that.
   */
  static int markerHash(int index) {
    int target = index ^ 1;
    return target ^ (target >>> 16);
  }

  /** The current root of a marker's tree; {@code null} if the tree is empty. Acquire: see "Tree bins". */
  @SuppressWarnings("unchecked")
  static <K, V> TreeBin<K, V> root(Node<K, V> marker) {
    return (TreeBin<K, V>) ROOT.getAcquire(marker);
  }

  /** Publishes a tree bin's new root. Writer only. Release: the new vertices are whole before it. */
  private static void publishRoot(Node<?, ?> marker, TreeBin<?, ?> root) {
    ROOT.setRelease(marker, root);
  }

  @SuppressWarnings("unchecked")
  private static <K, V> Node<K, V>[] newTable(int length) {
    return (Node<K, V>[]) new Node<?, ?>[length];
  }

  @SuppressWarnings("unchecked")
  private static <K, V> Node<K, V> slot(Node<K, V>[] bins, int index) {
    return (Node<K, V>) SLOT.getAcquire(bins, index);
  }

  /**
   * Walks the bins of the table as it was when the iterator was made. Old bin {@code b} of a table of length
   * {@code L} holds exactly the nodes whose spread hash is {@code b} modulo {@code L}; after growth those sit in
   * bins {@code b}, {@code b + L}, {@code b + 2L}, and so on. The iterator collects one such class of bins at a
   * time, and collects it again if growth ran while it did, so each node staying mapped is returned once.
   */
  private final class NodeIterator implements Iterator<Node<K, V>> {
    private final int originalLength = table.length;
    private int nextClass;
    @SuppressWarnings("unchecked")
    private Node<K, V>[] batch = (Node<K, V>[]) new Node<?, ?>[4];
    private int batchSize;
    private int batchIndex;

    @Override
    public boolean hasNext() {
      while (batchIndex == batchSize) {
        if (nextClass == originalLength) {
          return false;
        }
        collect(nextClass++);
      }
      return true;
    }

    @Override
    public Node<K, V> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Node<K, V> node = batch[batchIndex];
      batch[batchIndex++] = null;
      return node;
    }

    private void collect(int bin) {
      for (;;) {
        int sequence = resizes;
        if ((sequence & 1) != 0) {
          Thread.onSpinWait();
          continue;
        }
        Node<K, V>[] bins = table;
        batchSize = 0;
        batchIndex = 0;
        for (int index = bin; index < bins.length; index += originalLength) {
          Node<K, V> first = slot(bins, index);
          if (first != null && first.key == TREE_BIN) {
            TreeBin.forEach(root(first), this::append);
            continue;
          }
          for (Node<K, V> node = first; node != null; node = node.nextInBin) {
            append(node);
          }
        }
        if (sequence == resizes) {
          return;
        }
        Arrays.fill(batch, 0, batchSize, null);
      }
    }

    private void append(Node<K, V> node) {
      if (batchSize == batch.length) {
        batch = Arrays.copyOf(batch, batchSize * 2);
      }
      batch[batchSize++] = node;
    }
  }
}
