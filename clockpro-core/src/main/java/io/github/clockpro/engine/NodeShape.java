package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The entry shapes, in one place: every subclass of {@link Node} a cache's entries can take, and the factory that
 * makes them. A cache chooses its shape once, when it is built, from four of the builder's options ({@link #of}):
 * a weigher adds a weight, expiry a deadline and the timer wheel's links, {@code refreshAfterWrite} the time of the
 * last value write, weak or soft values a reference in place of the value. So an entry carries exactly the fields
 * its cache's options need, and no cache tests an option on a hit.
 *
 * <p>Sizes, on a 64-bit JVM with compressed references (checked by {@code NodeLayoutTest}):
 * <table>
 *   <caption>The shapes</caption>
 *   <tr><th>shape</th><th>class</th><th>bytes</th></tr>
 *   <tr><td>{@link #PLAIN}</td><td>{@link Node}</td><td>48</td></tr>
 *   <tr><td>{@link #WEIGHTED}</td><td>{@link WeightedNode}</td><td>56</td></tr>
 *   <tr><td>{@link #REFRESHING}</td><td>{@link RefreshingNode}</td><td>56</td></tr>
 *   <tr><td>{@link #WEIGHTED_REFRESHING}</td><td>{@link WeightedRefreshingNode}</td><td>64</td></tr>
 *   <tr><td>{@link #EXPIRING}</td><td>{@link ExpiringNode}</td><td>64</td></tr>
 *   <tr><td>{@link #WEIGHTED_EXPIRING}</td><td>{@link WeightedExpiringNode}</td><td>72</td></tr>
 *   <tr><td>{@link #REFRESHING_EXPIRING}</td><td>{@link RefreshingExpiringNode}</td><td>72</td></tr>
 *   <tr><td>{@link #WEIGHTED_REFRESHING_EXPIRING}</td><td>{@link WeightedRefreshingExpiringNode}</td>
 *       <td>80</td></tr>
 *   <tr><td>{@link #WEAK_VALUES}, {@link #SOFT_VALUES}</td><td>{@link ReferencedValueNode}</td>
 *       <td>64, and the reference</td></tr>
 *   <tr><td>{@link #EXPIRING_WEAK_VALUES}, {@link #EXPIRING_SOFT_VALUES}</td>
 *       <td>{@link ExpiringReferencedValueNode}</td><td>80, and the reference</td></tr>
 * </table>
 *
 * <p>A placeholder for a load in flight has its cache's shape, with the {@link Load} as its value and weight 0
 * ({@link #newPlaceholder}).
 */
enum NodeShape {
  PLAIN {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new Node<>(key, hash, value);
    }
  },
  WEIGHTED {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new WeightedNode<>(key, hash, value, weight);
    }
  },
  REFRESHING {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new RefreshingNode<>(key, hash, value, writeTime);
    }
  },
  WEIGHTED_REFRESHING {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new WeightedRefreshingNode<>(key, hash, value, writeTime, weight);
    }
  },
  EXPIRING {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new ExpiringNode<>(key, hash, value, deadline);
    }
  },
  WEIGHTED_EXPIRING {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new WeightedExpiringNode<>(key, hash, value, deadline, weight);
    }
  },
  REFRESHING_EXPIRING {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new RefreshingExpiringNode<>(key, hash, value, deadline, writeTime);
    }
  },
  WEIGHTED_REFRESHING_EXPIRING {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new WeightedRefreshingExpiringNode<>(key, hash, value, deadline, writeTime, weight);
    }
  },
  WEAK_VALUES(ValueStrength.WEAK) {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return ReferencedValueNode.create(key, hash, value, writeTime, weight);
    }
  },
  SOFT_VALUES(ValueStrength.SOFT) {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return ReferencedValueNode.create(key, hash, value, writeTime, weight);
    }
  },
  EXPIRING_WEAK_VALUES(ValueStrength.WEAK) {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return ExpiringReferencedValueNode.create(key, hash, value, deadline, writeTime, weight);
    }
  },
  EXPIRING_SOFT_VALUES(ValueStrength.SOFT) {
    @Override
    <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return ExpiringReferencedValueNode.create(key, hash, value, deadline, writeTime, weight);
    }
  };

  /** How the shape's nodes hold their values: strongly, or by a weak or soft reference. */
  private final ValueStrength valueStrength;

  NodeShape() {
    this(ValueStrength.STRONG);
  }

  NodeShape(ValueStrength valueStrength) {
    this.valueStrength = valueStrength;
  }

  /** How the shape's nodes hold their values; a cache whose shape holds references drains them (ValueReferences). */
  ValueStrength valueStrength() {
    return valueStrength;
  }

  /**
   * The shape for a cache built with a weigher or not, with expiry or not, keeping each value's write time or
   * not (for {@code refreshAfterWrite}, or for expiry after both write and access, whose reads cap the renewed
   * deadline by the write time: the refreshing shapes serve both), and holding its values strongly or not. The
   * shapes with weak or soft values are the widest, which serve every combination of the other options: weak and
   * soft values are for caches that trade memory per entry for letting the collector decide.
   */
  static NodeShape of(boolean weighted, boolean expiring, boolean refreshing, ValueStrength values) {
    if (values != ValueStrength.STRONG) {
      if (expiring) {
        return values == ValueStrength.WEAK ? EXPIRING_WEAK_VALUES : EXPIRING_SOFT_VALUES;
      }
      return values == ValueStrength.WEAK ? WEAK_VALUES : SOFT_VALUES;
    }
    if (expiring) {
      if (refreshing) {
        return weighted ? WEIGHTED_REFRESHING_EXPIRING : REFRESHING_EXPIRING;
      }
      return weighted ? WEIGHTED_EXPIRING : EXPIRING;
    }
    if (refreshing) {
      return weighted ? WEIGHTED_REFRESHING : REFRESHING;
    }
    return weighted ? WEIGHTED : PLAIN;
  }

  /**
   * Returns a new entry's node, unpublished. Each shape takes the arguments it has fields for and ignores the
   * others.
   *
   * @param deadline the cache's time at which the entry expires, for the expiring shapes
   * @param writeTime the time of the value's write, for the refreshing shapes
   * @param weight the weight the policy counts, for the weighted shapes
   */
  abstract <K, V> Node<K, V> newNode(K key, int hash, V value, long deadline, long writeTime, int weight);

  /** Returns a placeholder for a load in flight: a node holding the load as its value, of weight 0. */
  @SuppressWarnings("unchecked")
  final <K, V> Node<K, V> newPlaceholder(K key, int hash, Load<V> load, long deadline, long writeTime) {
    Node<K, V> node = newNode(key, hash, (V) load, deadline, writeTime, 0);
    node.markLoading();
    return node;
  }

  /*
   * The shapes' classes. Each adds to its superclass only what its option needs. Java has no mixins, so the four
   * weighted shapes each declare the weight and its three accessors, the same way; they stand together here so
   * that they cannot drift apart, and NodeLayoutTest pins every shape's size.
   */

  /** A shape that keeps the time of its value's last write: the refreshing shapes, and those they serve. */
  interface WriteTimed {

    /** The cache's time of the value's last write, with an acquire read. */
    long writeTime();
  }

  /**
   * The node of a cache built with a weigher and without expiry: a {@link Node} with the weight the policy counts
   * for it (the 48-byte {@link Node} has no room left; the field takes four bytes and the object rounds up to
   * eight). A cache without a weigher never makes one.
   *
   * <p>{@link #weight} is written plainly by the constructor, before publication, and afterwards only under the
   * eviction lock, with volatile writes; the policy reads it there plainly. A value writer reads it without the
   * lock, with a volatile read ({@link #weighs}), to skip the lock when its value weighs what the policy counts: the
   * writer wrote the value (volatile) before that read, and the lock holder that set the weight read the value
   * (volatile) before it wrote the weight, so one of the two sees the other's write, and either the writer takes
   * the lock or the lock holder, finding a newer value than its own, leaves the weight to the writer (see
   * {@link BoundedCache#reweighed}). A placeholder weighs 0 until its value arrives. Every weighted shape guards its
   * weight so.
   */
  static final class WeightedNode<K, V> extends Node<K, V> {

    private static final VarHandle WEIGHT = varHandle(WeightedNode.class, "weight", int.class);

    /** Written under the eviction lock; see the class comment. */
    private int weight;

    WeightedNode(K key, int hash, V value, int weight) {
      super(key, hash, value);
      this.weight = weight;
    }

    @Override
    int weight() {
      return weight;
    }

    @Override
    boolean weighs(int candidate) {
      return (int) WEIGHT.getVolatile(this) == candidate;
    }

    @Override
    void setWeight(int weight) {
      WEIGHT.setVolatile(this, weight);
    }
  }

  /**
   * The node of a cache built with {@code refreshAfterWrite}, without expiry: the node plus the time its value was
   * last written.
   *
   * <p>{@link #writeTime} is written under the node's monitor by value writers, after the value, with a release
   * write (the constructor's write is plain, before publication); hits read it with acquire. A hit that sees the
   * new time sees the new value, so a fresh value is never taken for a stale one.
   */
  static class RefreshingNode<K, V> extends Node<K, V> implements WriteTimed {

    private static final VarHandle WRITE_TIME = varHandle(RefreshingNode.class, "writeTime", long.class);

    /** The ticker's reading when the value was last written; see the class comment. */
    private long writeTime;

    RefreshingNode(K key, int hash, V value, long writeTime) {
      super(key, hash, value);
      this.writeTime = writeTime; // plain: unpublished
    }

    @Override
    public long writeTime() {
      return (long) WRITE_TIME.getAcquire(this);
    }

    void setWriteTime(long time) {
      WRITE_TIME.setRelease(this, time);
    }
  }

  /**
   * The node of a cache built with both a weigher and {@code refreshAfterWrite}, without expiry: a
   * {@link RefreshingNode} with the weight, guarded as in {@link WeightedNode}.
   */
  static class WeightedRefreshingNode<K, V> extends RefreshingNode<K, V> {

    private static final VarHandle WEIGHT = varHandle(WeightedRefreshingNode.class, "weight", int.class);

    /** Written under the eviction lock; see {@link WeightedNode}. */
    private int weight;

    WeightedRefreshingNode(K key, int hash, V value, long writeTime, int weight) {
      super(key, hash, value, writeTime);
      this.weight = weight;
    }

    @Override
    int weight() {
      return weight;
    }

    @Override
    boolean weighs(int candidate) {
      return (int) WEIGHT.getVolatile(this) == candidate;
    }

    @Override
    void setWeight(int weight) {
      WEIGHT.setVolatile(this, weight);
    }
  }

  /**
   * The node of an expiring cache: a {@link Node} with the time its entry expires and its links in the
   * {@link TimerWheel} (8 bytes for the deadline, 8 for the two links).
   *
   * <h2>Fields and who writes them</h2>
   * <ul>
   *   <li>{@link #deadline}: the cache's time (see {@link ExpiringCache}) at or after which a read misses. Written
   *       plainly by the constructor, before publication; then with release writes: by value writers under the
   *       node's monitor, after the value (so that a reader who sees the new deadline sees the new value), by the
   *       fill before it clears {@link #loading}, and by hits that renew it (expiry after access, or an
   *       {@link io.github.clockpro.Expiry} that changes it on reads) without a lock. Read with acquire reads.
   *       Under expiry after access, two renewals, or a renewal and an update, may race, and the last write wins,
   *       a <strong>benign race</strong>: each deadline written is now plus the one fixed lifetime, so the loser's
   *       differs from the winner's by the race's own duration, and the wheel re-reads the field before it
   *       expires the entry, under the monitor that value writers hold. Under an
   *       {@link io.github.clockpro.Expiry} the lifetime depends on the value, and an update's must stand: a read
   *       renews with a compare-and-set from the deadline it read ({@link #renewDeadline}), so a renewal computed
   *       from the old value never overwrites the deadline of an update that landed meanwhile.
   *   <li>{@link #previousInWheel}, {@link #nextInWheel}: the node's place in one of the wheel's circular lists;
   *       guarded by the eviction lock. A sentinel (a node with no key) heads each list.
   * </ul>
   */
  static class ExpiringNode<K, V> extends Node<K, V> {

    private static final VarHandle DEADLINE = varHandle(ExpiringNode.class, "deadline", long.class);

    /** See the class comment; accessed through {@link #deadline()} and {@link #setDeadline(long)}. */
    private long deadline;
    /** Guarded by the eviction lock. */
    ExpiringNode<K, V> previousInWheel;
    /** Guarded by the eviction lock. */
    ExpiringNode<K, V> nextInWheel;

    ExpiringNode(K key, int hash, V value, long deadline) {
      super(key, hash, value);
      this.deadline = deadline; // plain: the node is not yet published
    }

    /** Returns an empty list's head for the wheel: a node with no key, linked to itself. */
    static <K, V> ExpiringNode<K, V> sentinel() {
      ExpiringNode<K, V> sentinel = new ExpiringNode<>(null, 0, null, 0);
      sentinel.previousInWheel = sentinel;
      sentinel.nextInWheel = sentinel;
      return sentinel;
    }

    /** The deadline, with an acquire read. */
    long deadline() {
      return (long) DEADLINE.getAcquire(this);
    }

    /** Writes the deadline with a release write. */
    void setDeadline(long deadline) {
      DEADLINE.setRelease(this, deadline);
    }

    /**
     * Renews the deadline from {@code expected} to {@code renewed} unless it changed since it was read: a read's
     * renewal, which must not overwrite the deadline of an update that landed meanwhile.
     */
    void renewDeadline(long expected, long renewed) {
      DEADLINE.compareAndSet(this, expected, renewed);
    }

    /** Whether the node is in one of the wheel's lists; under the eviction lock. */
    boolean inWheel() {
      return nextInWheel != null;
    }
  }

  /**
   * The node of a cache built with both a weigher and expiry: an {@link ExpiringNode} with the weight, guarded as
   * in {@link WeightedNode}.
   */
  static final class WeightedExpiringNode<K, V> extends ExpiringNode<K, V> {

    private static final VarHandle WEIGHT = varHandle(WeightedExpiringNode.class, "weight", int.class);

    /** Written under the eviction lock; see {@link WeightedNode}. */
    private int weight;

    WeightedExpiringNode(K key, int hash, V value, long deadline, int weight) {
      super(key, hash, value, deadline);
      this.weight = weight;
    }

    @Override
    int weight() {
      return weight;
    }

    @Override
    boolean weighs(int candidate) {
      return (int) WEIGHT.getVolatile(this) == candidate;
    }

    @Override
    void setWeight(int weight) {
      WEIGHT.setVolatile(this, weight);
    }
  }

  /**
   * The node of a cache that both expires and refreshes ({@link RefreshingExpiringLifetimes}), or of an
   * {@link ExpiringCache} with both {@code expireAfterWrite} and {@code expireAfterAccess}, whose reads cap the
   * renewed deadline by the write time: an {@link ExpiringNode} plus the time its value was last written.
   *
   * <p>{@link #writeTime} is the cache's time (see {@link ExpiringLifetimes}) of the last value write. Written plainly
   * by the constructor, before publication; then with release writes by value writers under the node's monitor,
   * after the value and before the deadline ({@link ExpiringLifetimes#writeDeadline}). Read by hits with
   * acquire, without a lock. A hit may read a value written just now with the time of the value before it, and so
   * start a reload of a fresh value: a <strong>benign race</strong>, which costs one reload and stores a value the
   * loader returned for that key.
   */
  static class RefreshingExpiringNode<K, V> extends ExpiringNode<K, V> implements WriteTimed {

    private static final VarHandle WRITE_TIME = varHandle(RefreshingExpiringNode.class, "writeTime", long.class);

    /** See the class comment; accessed through {@link #writeTime()} and {@link #setWriteTime(long)}. */
    private long writeTime;

    RefreshingExpiringNode(K key, int hash, V value, long deadline, long writeTime) {
      super(key, hash, value, deadline);
      this.writeTime = writeTime; // plain: the node is not yet published
    }

    /** The write time, with an acquire read. */
    @Override
    public long writeTime() {
      return (long) WRITE_TIME.getAcquire(this);
    }

    /** Writes the write time with a release write. */
    void setWriteTime(long time) {
      WRITE_TIME.setRelease(this, time);
    }
  }

  /**
   * The node of a cache built with a weigher, expiry and {@code refreshAfterWrite}: a
   * {@link RefreshingExpiringNode} with the weight, guarded as in {@link WeightedNode}.
   */
  static class WeightedRefreshingExpiringNode<K, V> extends RefreshingExpiringNode<K, V> {

    private static final VarHandle WEIGHT = varHandle(WeightedRefreshingExpiringNode.class, "weight", int.class);

    /** Written under the eviction lock; see {@link WeightedNode}. */
    private int weight;

    WeightedRefreshingExpiringNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      super(key, hash, value, deadline, writeTime);
      this.weight = weight;
    }

    @Override
    int weight() {
      return weight;
    }

    @Override
    boolean weighs(int candidate) {
      return (int) WEIGHT.getVolatile(this) == candidate;
    }

    @Override
    void setWeight(int weight) {
      WEIGHT.setVolatile(this, weight);
    }
  }

  /**
   * The node of a cache built with {@code weakValues} or {@code softValues}, without expiry: a
   * {@link WeightedRefreshingNode}, whose weight and write time serve the caches with a weigher or refresh (in the
   * others the weight stays 1 and the write time unread), and whose {@link #value} field holds a
   * {@link ValueReferences} reference to the value once the node is an entry; a placeholder holds its {@link Load}
   * itself. The field is written as in {@link Node}; see {@link ValueReferences} for the references.
   */
  static final class ReferencedValueNode<K, V> extends WeightedRefreshingNode<K, V> {

    private ReferencedValueNode(K key, int hash, V value, long writeTime, int weight) {
      super(key, hash, value, writeTime, weight);
    }

    /**
     * Makes a node; a method rather than the constructor, so that the shapes' factory does not name this class,
     * and the class stays unloaded, leaving {@link Node#value()} with one implementation for the compiler, in a
     * program whose caches all hold their values strongly.
     */
    static <K, V> Node<K, V> create(K key, int hash, V value, long writeTime, int weight) {
      return new ReferencedValueNode<>(key, hash, value, writeTime, weight);
    }

    @Override
    V value() {
      return ValueReferences.referent(value);
    }

    @Override
    boolean isCollected() {
      return ValueReferences.isCleared(value);
    }
  }

  /**
   * The node of an expiring cache built with {@code weakValues} or {@code softValues}: a
   * {@link WeightedRefreshingExpiringNode} holding its value as {@link ReferencedValueNode} does.
   */
  static final class ExpiringReferencedValueNode<K, V> extends WeightedRefreshingExpiringNode<K, V> {

    private ExpiringReferencedValueNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
      super(key, hash, value, deadline, writeTime, weight);
    }

    /** Makes a node; see {@link ReferencedValueNode#create}. */
    static <K, V> Node<K, V> create(K key, int hash, V value, long deadline, long writeTime, int weight) {
      return new ExpiringReferencedValueNode<>(key, hash, value, deadline, writeTime, weight);
    }

    @Override
    V value() {
      return ValueReferences.referent(value);
    }

    @Override
    boolean isCollected() {
      return ValueReferences.isCleared(value);
    }
  }

  /** A VarHandle for a shape's own field. */
  private static VarHandle varHandle(Class<?> shape, String field, Class<?> type) {
    try {
      return MethodHandles.lookup().findVarHandle(shape, field, type);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }
}
