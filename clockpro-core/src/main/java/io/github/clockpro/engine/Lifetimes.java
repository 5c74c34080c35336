package io.github.clockpro.engine;

/**
 * Where time enters the engine: the cache's clock, the deadline (or write time) a write gives an entry, whether an
 * entry has expired, and what a hit does about time (renew a deadline, ask for a refresh). Chosen when the cache is
 * built, from its options: {@link #none()} without expiry or refresh, {@link ExpiringLifetimes} with expiry,
 * {@link RefreshingLifetimes} with refresh alone. {@link BoundedCache} calls it and nothing else for time; the
 * removal of expired entries, which needs the eviction lock, is {@link ExpiringCache}'s.
 *
 * <p>Contract: every method is thread-safe and takes no lock; those documented as user code may call an
 * {@link io.github.clockpro.Expiry} and throw what it throws, having changed nothing; the others never throw.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class Lifetimes<K, V> {

  /*
   * Design: one object per cache, whose class the cache's options choose, so that a cache without expiry or
   * refresh calls only the no-op form: each call site sees one class, which the JIT inlines to nothing behind a
   * class check. The deadline a write computes is a long the caller carries from before the node's monitor (user
   * code runs there) to under it (writeDeadline); a cache that only refreshes uses it for the value's write time.
   */

  private static final Lifetimes<?, ?> NONE = new None<>();

  /** The form for a cache without expiry or refresh: its clock reads 0, and nothing expires or refreshes. */
  @SuppressWarnings("unchecked")
  static <K, V> Lifetimes<K, V> none() {
    return (Lifetimes<K, V>) NONE;
  }

  /**
   * The cache's time for a read, taken before the lookup, so that a ticker whose reading waits for the loads
   * before it (as {@code System.nanoTime()} does) does not wait for the lookup's cache misses.
   */
  abstract long readTime();

  /** The cache's time for an operation that writes, read before any lock. */
  abstract long writeTime();

  /**
   * The hit on a mapped node that is not a placeholder, at the cache's time {@code now}: returns its value, counting
   * a reference through {@link BoundedCache#read}, or {@code null} if it has expired, having removed it through
   * {@link BoundedCache#expireFound}. User code, with an {@link io.github.clockpro.Expiry}.
   */
  abstract V readLive(BoundedCache<K, V> cache, Node<K, V> node, long now);

  /** Whether a node that is not a placeholder has expired at {@code now}; once seen expired, it stays expired. */
  abstract boolean expiredAt(Node<K, V> node, long now);

  /** The deadline of a new entry written at {@code now}; user code, with an {@link io.github.clockpro.Expiry}. */
  abstract long deadlineAfterCreate(K key, V value, long now);

  /** The deadline of an entry whose value a write at {@code now} replaces; user code, as above. */
  abstract long deadlineAfterUpdate(Node<K, V> node, V value, long now);

  /** The time at which the wheel first looks at a placeholder made at {@code now}. */
  abstract long placeholderDeadline(long now);

  /** Writes a node's deadline, computed by the two methods above, after its value and holding its monitor. */
  abstract void writeDeadline(Node<K, V> node, long deadline);

  /** The no-op form: see {@link #none()}. */
  private static final class None<K, V> extends Lifetimes<K, V> {

    @Override
    long readTime() {
      return 0;
    }

    @Override
    long writeTime() {
      return 0;
    }

    @Override
    V readLive(BoundedCache<K, V> cache, Node<K, V> node, long now) {
      return cache.read(node);
    }

    @Override
    boolean expiredAt(Node<K, V> node, long now) {
      return false;
    }

    @Override
    long deadlineAfterCreate(K key, V value, long now) {
      return 0;
    }

    @Override
    long deadlineAfterUpdate(Node<K, V> node, V value, long now) {
      return 0;
    }

    @Override
    long placeholderDeadline(long now) {
      return 0;
    }

    @Override
    void writeDeadline(Node<K, V> node, long deadline) {}
  }
}
