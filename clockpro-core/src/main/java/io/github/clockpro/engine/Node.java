package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A resident cache entry: the value the cache holds for a key, the entry's place in its bin of the
 * {@link NodeTable}, and its place in one of the clocks. While its first value is being loaded, the node is a
 * placeholder: mapped in the table and linked into a clock like an entry, with {@link #loading} set and the
 * {@link Load} that waiters join as its value.
 *
 * <p>Layout, on a 64-bit JVM with compressed references: a 12-byte header, five references, the long stamp, the
 * int hash and four bytes, exactly 48 bytes. A field added here costs 8 bytes per entry, in every cache. So what
 * only some caches need (a weight, a deadline and the timer wheel's links, a write time) lives in a subclass
 * chosen when the cache is built: the shapes, declared together with their sizes in {@link NodeShape}. Here every
 * entry weighs 1, which is what makes the cache bounded by size the special case of the weighted one.
 *
 * <h2>Fields and who writes them</h2>
 * <ul>
 *   <li>{@link #key} and {@link #hash} are final.
 *   <li>{@link #value} is volatile and written under the node's monitor; see "Value writes" below. It holds the
 *       value itself, or in the shapes with weak or soft values a reference to it (see {@link #value()}).
 *   <li>{@link #nextInBin} is volatile and belongs to the {@link NodeTable}: written only by the table's
 *       writer, who holds the cache's eviction lock, and read by lock-free lookups. While the node sits in a tree
 *       bin the tree holds it, and the link is left as it was, for readers still walking an older chain.
 *   <li>{@link #referenceCount} is a plain field written by readers without a lock. Two readers may both read
 *       {@code f} and both write {@code f + 1}, losing one increment; the eviction thread may overwrite a
 *       reader's increment when it ages or resets the counter. Both races are benign: the counter is a hint
 *       for the replacement decision, never a correctness property, and a {@code byte} write is atomic.
 *   <li>{@link #previous}, {@link #next}, {@link #stamp} and {@link #status} belong to the policy and are read
 *       and written only under the cache's eviction lock.
 *   <li>{@link #retired} is written once, under the node's monitor: as the node leaves the table, holding the
 *       cache's eviction lock as well ({@link #retire()}, {@link #retireUnmapped()}, {@link #retireIfLoading()});
 *       or by a compute whose function returned {@code null}, which then unmaps the node under the eviction lock
 *       (see {@link Computing}). Between the two the node is mapped and retired: readers still see its old value,
 *       and value writers, which read the flag under the monitor, unmap it themselves and look again. So a
 *       retired node is never written to, and leaves the table at the latest when the next writer finds it.
 *   <li>{@link #loading} is volatile, set only before the node is published and cleared at most once, under the
 *       node's monitor, right after the first real value is written to {@link #value}, and never once the node
 *       is retired. A reader that sees it clear therefore sees a real value; it never becomes set again. The
 *       policy reads it under the eviction lock to pass over loads in flight; a load that finishes meanwhile
 *       only makes that decision conservative.
 * </ul>
 *
 * <h2>Value writes</h2>
 * Every change of {@link #value} holds the node's monitor, so that a read-modify-write of the value (a put that
 * reports the value it replaced, a conditional replace or remove) is atomic against every other. A writer that
 * found the node through a lock-free lookup must check {@link #retired} under the monitor: a retired node has left
 * the map, its final value already reported to the listener, and a write to it would be lost. Such a writer
 * looks the key up again. A writer that looked the node up while holding the eviction lock sees only mapped
 * nodes, which are never retired, because every removal holds that lock.
 *
 * <p>A retired node keeps its final value. A lock-free reader that found the node before it left the map may
 * still return {@link #value}, and the contract promises it a value, not {@code null}; so the value is not
 * cleared. Instead nothing the cache keeps references a retired node: the table links its predecessor past it,
 * the rings clear its links and the policy its scan candidate (see "Reachability" in {@link ClockProPolicy}), so
 * the node and its value become garbage as soon as the last such reader lets go of it.
 *
 * <p>The write that turns a placeholder into an entry (the fill) holds the monitor too, and checks both
 * {@link #loading} and {@link #retired} under it; every other value writer checks {@link #loading} under the
 * monitor and never writes to a placeholder. So a placeholder is filled at most once, and never after it has
 * left the map.
 *
 * <h2>Writes without a fence</h2>
 * On x86 a volatile write costs a full fence, which waits until every earlier write of the thread, including
 * writes to lines still missing from its cache, has reached the cache. A miss pays for every such fence. So the
 * constructor and {@link #markLoading} set {@link #value} and {@link #loading} with plain writes: the node is not
 * yet published, and the table publishes it with a release store. The fill writes the value with a release write
 * ({@link #fillValue}), ordered before the volatile write that clears {@link #loading}; that volatile write is
 * the fill's linearization point. Every other write of {@link #value} is volatile.
 */
class Node<K, V> {

  /** The largest value of the reference counter. Four bits of history, as a saturating counter. */
  static final int MAX_REFERENCE_COUNT = 15;

  /** In the map but not (or no longer) in a clock. */
  static final byte UNLINKED = 0;
  /** In the hot clock. */
  static final byte HOT = 1;
  /** In the cold clock, not in a test period. */
  static final byte COLD = 2;
  /** In the cold clock and in its test period (until the hot hand's position passes {@link #stamp}). */
  static final byte COLD_IN_TEST = 3;
  /** In the hot clock, promoted there by the cold hand, and not yet visited by the hot hand since. */
  static final byte PROMOTED = 4;
  /** In the cold clock, not in a test period, demoted there by the hot hand and not yet met by the cold hand. */
  static final byte DEMOTED = 5;
  /**
   * In the hot clock, placed there on a miss whose key was in the history in its test period, and not yet visited
   * by the hot hand since.
   */
  static final byte RETURNED = 6;
  /**
   * The first of the statuses of a hot page that the hot hand spared with references carried into its next
   * revolution. {@code CARRYING + 2 * carry + (sparedByCarry ? 1 : 0)} records both how many references the hand
   * left in {@link #referenceCount} and whether it spared the page on its carry alone; see {@link ClockProPolicy}.
   */
  static final byte CARRYING = 8;

  private static final VarHandle VALUE;
  private static final VarHandle LOADING;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      VALUE = lookup.findVarHandle(Node.class, "value", Object.class);
      LOADING = lookup.findVarHandle(Node.class, "loading", boolean.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  final K key;
  /**
   * The key's hash ({@link NodeTable#hash}), taken once: the table's hash and the non-resident history's. A tree
   * bin's marker, which belongs to no key, has a hash that selects another bin (see {@link NodeTable}).
   */
  final int hash;
  volatile V value;
  /** The next node in this node's bin of the {@link NodeTable}; see the class comment. */
  volatile Node<K, V> nextInBin;

  /**
   * References since the hands last looked at this entry, plus, for a hot page, the references the hot hand
   * carried over ({@link #carry()}); saturating at {@link #MAX_REFERENCE_COUNT}. Racy.
   */
  byte referenceCount;

  /** Guarded by the eviction lock. */
  Node<K, V> previous;
  /** Written under the eviction lock; also read without it, racily, by the policy's prefetch, which decides nothing. */
  Node<K, V> next;
  /**
   * The policy's logical time when the node was last placed at the head of its clock: its place in the
   * recency order of the paper's single clock. Guarded by the eviction lock; also read without it, racily, by
   * the policy's prefetch, which decides nothing.
   */
  long stamp;
  /**
   * {@link #UNLINKED}, {@link #HOT}, {@link #PROMOTED}, a status from {@link #CARRYING} up, {@link #COLD},
   * {@link #COLD_IN_TEST} or {@link #DEMOTED}; guarded by the eviction lock.
   */
  byte status;
  /** Whether the node has left the map; see the class comment for who writes it. */
  boolean retired;
  /** Whether the node is a placeholder for a load in flight; see the class comment. */
  volatile boolean loading;

  boolean isHot() {
    return status == HOT || status == PROMOTED || status == RETURNED || status >= CARRYING;
  }

  /** The status of a hot page the hot hand left with {@code carry} references, spared on them alone or not. */
  static byte carrying(int carry, boolean sparedByCarry) {
    return (byte) (CARRYING + 2 * carry + (sparedByCarry ? 1 : 0));
  }

  /** The references the hot hand left in {@link #referenceCount} when it last passed; 0 unless the page is hot. */
  int carry() {
    return status >= CARRYING ? (status - CARRYING) >> 1 : 0;
  }

  /** Whether the hot hand last spared this page on its carried references alone, with none of its own since. */
  boolean sparedByCarry() {
    return status >= CARRYING && ((status - CARRYING) & 1) != 0;
  }

  Node(K key, int hash, V value) {
    this.key = key;
    this.hash = hash;
    VALUE.set(this, value); // plain: see "Writes without a fence"
  }

  /** Makes an unpublished node a placeholder, holding its load as its value; see {@link NodeShape#newPlaceholder}. */
  final void markLoading() {
    LOADING.set(this, true); // plain: see "Writes without a fence"
  }

  /**
   * Writes a placeholder's first real value, with a release write; the caller holds the monitor and clears
   * {@link #loading} next, with a volatile write. See "Writes without a fence".
   */
  void fillValue(V first) {
    VALUE.setRelease(this, first);
  }

  /**
   * Marks the node as removed from the table and returns its final value. The caller holds the eviction lock
   * and is removing, or has just removed, the node from the table.
   */
  V retire() {
    synchronized (this) {
      retired = true;
      return value();
    }
  }

  /**
   * Retires a node the caller has just unmapped under the eviction lock, and returns whether this call retired it:
   * {@code false} if a compute had retired it first, deciding to remove it (see {@link Computing}), in which case
   * that compute reports the removal.
   */
  boolean retireUnmapped() {
    synchronized (this) {
      boolean first = !retired;
      retired = true;
      return first;
    }
  }

  /**
   * Retires a placeholder whose load failed, unless a put has filled it or it has already left the table.
   * The caller holds the eviction lock and removes the node from the table if this returns {@code true}.
   */
  boolean retireIfLoading() {
    synchronized (this) {
      if (!loading || retired) {
        return false;
      }
      retired = true;
      return true;
    }
  }

  /**
   * The entry's value: here the field itself, which the hit path reads through this method. The shapes that hold
   * their values by weak or soft references (see {@link NodeShape}) keep the reference in the field and return its
   * referent here, {@code null} once it was collected. For a placeholder, its {@link Load}. Every reader that wants
   * the user's value calls this; only readers looking for a placeholder's {@link Load} read the field.
   */
  V value() {
    return value;
  }

  /**
   * Whether the garbage collector took the value of a shape that holds it by a weak or soft reference; never
   * here. Not for the hit path, which reads {@link #value()} once and takes {@code null} as a miss.
   */
  boolean isCollected() {
    return false;
  }

  /**
   * The entry's weight as the policy counts it: 1 here, for good. Guarded by the eviction lock in the weighted
   * shapes, which override this and {@link #setWeight}.
   */
  int weight() {
    return 1;
  }

  /**
   * Whether the policy counts {@code candidate} as this node's weight, read without the eviction lock with a
   * volatile read in the weighted shapes (see {@link NodeShape.WeightedNode}); here, whether it is 1.
   */
  boolean weighs(int candidate) {
    return candidate == 1;
  }

  /**
   * Sets the weight the policy counts; the cache calls it under the eviction lock, and only on the weighted
   * shapes: a cache without a weigher never changes a weight.
   */
  void setWeight(int weight) {
    throw new UnsupportedOperationException("a node of a cache without a weigher weighs 1");
  }

  /**
   * Counts a reference. Allocation-free and lock-free; skips the write once the counter is saturated, so that
   * a popular entry's cache line stays shared between cores.
   */
  void recordAccess() {
    int current = referenceCount;
    if (current < MAX_REFERENCE_COUNT) {
      referenceCount = (byte) (current + 1);
    }
  }
}
