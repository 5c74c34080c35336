package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Iterator;
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
 *   <li>No user code runs inside the table except {@code equals} of keys, in {@link #get}. Hashes are the key's
 *       {@link #hash}, taken once when the node is made.
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
 */
final class NodeTable<K, V> implements Iterable<Node<K, V>> {

  /** The most slots a table may have. */
  static final int MAXIMUM_LENGTH = 1 << 30;

  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Node[].class);
  private static final VarHandle NEXT_IN_BIN;

  static {
    try {
      NEXT_IN_BIN = MethodHandles.lookup().findVarHandle(Node.class, "nextInBin", Node.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** The bins; a power of two in length. Written by the writer; replaced, never changed in length. */
  private volatile Node<K, V>[] table;
  /** Incremented by the writer before and after each growth: odd while growth relinks nodes. */
  private volatile int resizes;

  /** Makes a table sized so that {@code expected} nodes fit without growth. */
  NodeTable(int expected) {
    int length = 1;
    while (length < expected && length < MAXIMUM_LENGTH) {
      length <<= 1;
    }
    table = newTable(length);
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
   * the high half is first mixed ({@link Hashing#mix}, which maps 0 to 0), so that {@code d}
   * is far from the small differences of sequential keys. Keys below 2<sup>32</sup> keep their
   * {@code hashCode()}, and with it the table's layout. Equal keys have equal hashes.
   *
   * @param key the key; not null
   */
  static int hash(Object key) {
    if (key instanceof Long value) {
      long bits = value;
      return (int) bits ^ Hashing.mix((int) (bits >>> 32));
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
      for (Node<K, V> node = slot(bins, index & (bins.length - 1)); node != null; node = node.nextInBin) {
        if (node.hash == hash && (node.key == key || key.equals(node.key))) {
          return node;
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
    NEXT_IN_BIN.set(node, slot(bins, index)); // plain: the node is not yet published; the next line publishes it
    SLOT.setRelease(bins, index, node);
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
    Node<K, V> previous = null;
    for (Node<K, V> current = slot(bins, index); current != null; current = current.nextInBin) {
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
    // From here to the second increment, no method call: field and array accesses only, so no error (a stack
    // overflow strikes at calls) can leave the counter odd, and readers spinning, forever. The writer reads the
    // old bins plainly: it wrote them itself, under the lock.
    resizes = resizes + 1;
    for (int index = 0; index < length; index++) {
      Node<K, V> low = null;
      Node<K, V> high = null;
      Node<K, V> node = bins[index];
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
          for (Node<K, V> node = slot(bins, index); node != null; node = node.nextInBin) {
            if (batchSize == batch.length) {
              batch = Arrays.copyOf(batch, batchSize * 2);
            }
            batch[batchSize++] = node;
          }
        }
        if (sequence == resizes) {
          return;
        }
        Arrays.fill(batch, 0, batchSize, null);
      }
    }
  }
}
