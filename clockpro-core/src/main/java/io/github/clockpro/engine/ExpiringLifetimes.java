package io.github.clockpro.engine;

import io.github.clockpro.Expiry;
import io.github.clockpro.Ticker;
import io.github.clockpro.engine.NodeShape.ExpiringNode;
import io.github.clockpro.engine.NodeShape.RefreshingExpiringNode;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * The {@link Lifetimes} of an expiring cache ({@link ExpiringCache}): the cache's time, which never goes back past
 * an expiry, and the deadlines of fixed lifetimes or of an {@link Expiry}. Its one subclass,
 * {@link RefreshingExpiringLifetimes}, adds {@code refreshAfterWrite}. docs/design.md ("Expiry") explains the
 * design.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
class ExpiringLifetimes<K, V> extends Lifetimes<K, V> {

  /*
   * Design overview
   *
   * Time. The cache's time is the later of the ticker's reading and its floor (timeFloor): the latest time at
   * which an operation found an entry expired, the wheel removed one, or a cleanUp() ran. So an entry seen
   * expired stays expired, whatever the ticker does, and after a cleanUp() the time never goes back. Every
   * operation reads the ticker once, outside every lock (a load once more, after its loader, for the value's
   * deadline); a read does so before its lookup (readTime), because the system ticker's reading waits for the
   * loads issued before it: after the lookup it would wait for the lookup's cache misses, and hold back the
   * misses that follow. The floor moves only when something expires: while nothing does, no operation writes a
   * line that hits read (the wheel's own time, which every insert advances, is read under the eviction lock
   * only).
   *
   * Deadlines. Each node holds the time at which it expires (ExpiringNode.deadline); a read at or after it
   * misses. Expiry after write and after access are the fixed lifetimes writeNanos and accessNanos, after a write,
   * or after a write or read; with both, the node also holds its write time (the shape of RefreshingExpiringNode),
   * a write gives it the shorter lifetime and a read renews it to the earlier of the access deadline and the write
   * deadline, so that it expires at whichever comes first, as in Caffeine. Policy.FixedExpiration may change
   * either lifetime at any time; an entry keeps the deadline it has until its next write or renewing read.
   * expireAfter(Expiry) asks the user's Expiry, outside every lock. A hit compares the deadline
   * and, where reads renew it, writes the new one without a lock: so hits stay lock-free and allocation-free.
   * Under expiry after access a hit writes the deadline only when it moves by more than 1/64 of the lifetime
   * (RENEWAL_TOLERANCE_SHIFT): a popular entry's line then stays shared between the cores that read it, and a hit
   * costs a comparison rather than a write, at the price of an entry expiring up to 1/64 of its lifetime early. An
   * Expiry's answer is written whenever it differs: its lifetimes are the user's to round.
   */

  /**
   * Expiry after access renews a deadline only when a hit moves it by more than the lifetime shifted right by
   * this: 1/64 of the lifetime. The contract of {@code CacheBuilder.expireAfterAccess}.
   */
  static final int RENEWAL_TOLERANCE_SHIFT = 6;

  /** The longest lifetime kept, about 146 years; longer ones count as this. */
  static final long MAXIMUM_DURATION = Long.MAX_VALUE >> 1;

  private static final VarHandle TIME_FLOOR;
  private static final VarHandle WRITE_NANOS;
  private static final VarHandle ACCESS_NANOS;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      TIME_FLOOR = lookup.findVarHandle(ExpiringLifetimes.class, "timeFloor", long.class);
      WRITE_NANOS = lookup.findVarHandle(ExpiringLifetimes.class, "writeNanos", long.class);
      ACCESS_NANOS = lookup.findVarHandle(ExpiringLifetimes.class, "accessNanos", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  private final Ticker ticker;
  /**
   * The ticker's reading when the cache was made. The cache keeps its times as nanoseconds since then, so that its
   * wheel's ticks never wrap when the ticker's readings do (from {@code Long.MAX_VALUE} to {@code Long.MIN_VALUE}):
   * they would not for 292 years. User code is given the ticker's own times ({@link #tickerTime}).
   */
  private final long origin;
  /** The user's expiry, or {@code null} for a fixed lifetime. */
  private final Expiry<K, V> expiry;
  /**
   * The fixed lifetime after a write, or -1 without one. Written with opaque writes by
   * {@link #setFixedLifetime} (Policy.FixedExpiration), read with opaque reads: a write that races with the change
   * takes the old or the new lifetime, either of which the caller may see.
   */
  private long writeNanos;
  /** The fixed lifetime after an access, or -1 without one; written and read as {@link #writeNanos}. */
  private long accessNanos;
  /**
   * Whether both fixed lifetimes are set: nodes then keep their write time, and a read caps its renewal by the write
   * deadline. Tested only by hits that renew, so a cache with one fixed lifetime tests it only where it renews
   * anyway.
   */
  private final boolean writeCapped;
  /**
   * Whether the nodes record their write time on every write: with both fixed lifetimes, and in the shapes with
   * weak or soft values, which keep it, so that {@code ExpiringCache.ageOf} reads it exactly.
   */
  private final boolean keepsWriteTime;
  /** Whether a hit renews the deadline: expiry after access, or an {@link Expiry}. */
  private final boolean renewsOnRead;
  /**
   * The earliest time the cache's time can be (see the design overview), since the cache was made. Raised by
   * compare-and-set, by any thread that finds an entry expired, by the wheel's removals under the eviction lock,
   * and by cleanUp(); read with opaque reads by every operation.
   */
  private long timeFloor;
  /**
   * With an {@link Expiry}: the lifetime a {@code Policy.VarExpiration} put gives the very key and value it writes,
   * instead of the expiry's, on the writing thread for the duration of that put; {@code null} otherwise. Confined
   * to its thread, so plain.
   */
  private final ThreadLocal<LifetimeOverride> lifetimeOverride;

  /** A lifetime for one key and value instance, compared by identity; see {@link #lifetimeOverride}. */
  private record LifetimeOverride(Object key, Object value, long nanos) {}

  /**
   * @param expireAfterWriteNanos the lifetime after a write, at least 0; or -1
   * @param expireAfterAccessNanos the lifetime after an access, at least 0; or -1
   * @param expiry the lifetimes by entry, or {@code null}
   * @param values how the nodes hold their values: the shapes with weak or soft values keep the write time
   */
  ExpiringLifetimes(long expireAfterWriteNanos, long expireAfterAccessNanos, Expiry<K, V> expiry, Ticker ticker,
      ValueStrength values) {
    this.ticker = ticker;
    this.expiry = expiry;
    this.writeNanos = expireAfterWriteNanos; // plain: the cache is not yet published
    this.accessNanos = expireAfterAccessNanos;
    this.writeCapped = expireAfterWriteNanos >= 0 && expireAfterAccessNanos >= 0;
    this.keepsWriteTime = writeCapped || values != ValueStrength.STRONG;
    this.lifetimeOverride = expiry == null ? null : new ThreadLocal<>();
    this.renewsOnRead = expiry != null || expireAfterAccessNanos >= 0;
    this.origin = ticker.read();
  }

  /** Whether the nodes keep their write time: with both fixed lifetimes, weak or soft values, or refresh. */
  boolean keepsWriteTime() {
    return keepsWriteTime;
  }

  @Override
  final long readTime() {
    return now();
  }

  @Override
  final long writeTime() {
    return now();
  }

  /**
   * A placeholder is held by the wheel at the earliest time its entry could expire: now plus a fixed lifetime;
   * with an {@link Expiry}, now, and then a tick at a time until the load fills it.
   */
  @Override
  final long placeholderDeadline(long now) {
    return expiry == null ? now + lifetimeAfterWrite() : now;
  }

  @Override
  final V readLive(BoundedCache<K, V> cache, Node<K, V> node, long now) {
    ExpiringNode<K, V> entry = (ExpiringNode<K, V>) node;
    long deadline = entry.deadline();
    if (now - deadline >= 0) {
      raiseTimeFloor(now);
      cache.expireFound(node, now);
      return null;
    }
    return readUnexpired(cache, entry, deadline, now);
  }

  /**
   * The hit on an entry that has not expired at the cache's time {@code now}: renews its deadline where reads do,
   * and returns its value, counting a reference.
   */
  V readUnexpired(BoundedCache<K, V> cache, ExpiringNode<K, V> entry, long deadline, long now) {
    if (renewsOnRead) {
      if (expiry == null) {
        long lifetime = (long) ACCESS_NANOS.getOpaque(this);
        long renewed = now + lifetime;
        if (writeCapped) {
          long writeDeadline = ((RefreshingExpiringNode<K, V>) entry).writeTime() + (long) WRITE_NANOS.getOpaque(this);
          renewed = renewed - writeDeadline > 0 ? writeDeadline : renewed;
        }
        if (renewed - deadline > lifetime >> RENEWAL_TOLERANCE_SHIFT) {
          entry.setDeadline(renewed); // without a lock: see ExpiringNode
        }
      } else {
        long left = deadline - now;
        long renewed = now + bounded(expiry.expireAfterRead(entry.key, entry.value(), tickerTime(now), left));
        if (renewed != deadline) {
          entry.renewDeadline(deadline, renewed); // an update's deadline meanwhile stands: see ExpiringNode
        }
      }
    }
    return cache.read(entry);
  }

  @Override
  final boolean expiredAt(Node<K, V> node, long now) {
    if (now - ((ExpiringNode<K, V>) node).deadline() < 0) {
      return false;
    }
    raiseTimeFloor(now); // seen expired: stays expired
    return true;
  }

  @Override
  final long deadlineAfterCreate(K key, V value, long now) {
    if (expiry == null) {
      return now + lifetimeAfterWrite();
    }
    LifetimeOverride given = lifetimeOverride.get();
    if (given != null && given.key == key && given.value == value) {
      return now + given.nanos;
    }
    return now + bounded(expiry.expireAfterCreate(key, value, tickerTime(now)));
  }

  @Override
  final long deadlineAfterUpdate(Node<K, V> node, V value, long now) {
    if (expiry == null) {
      return now + lifetimeAfterWrite();
    }
    LifetimeOverride given = lifetimeOverride.get();
    if (given != null && given.key == node.key && given.value == value) {
      return now + given.nanos;
    }
    long current = ((ExpiringNode<K, V>) node).deadline() - now;
    return now + bounded(expiry.expireAfterUpdate(node.key, value, tickerTime(now), current));
  }

  /** Where the node keeps its write time, records it first, then the deadline. */
  @Override
  void writeDeadline(Node<K, V> node, long deadline) {
    if (keepsWriteTime) {
      ((RefreshingExpiringNode<K, V>) node).setWriteTime(now());
    }
    ((ExpiringNode<K, V>) node).setDeadline(deadline);
  }

  /* ---------------- For the expiring cache and the policy's views ---------------- */

  /**
   * Runs {@code write} on this thread with {@code nanos} as the lifetime a write of that very key and value gets,
   * instead of the {@link Expiry}'s; for {@code Policy.VarExpiration}.
   */
  <T> T withLifetime(K key, V value, long nanos, Supplier<T> write) {
    lifetimeOverride.set(new LifetimeOverride(key, value, bounded(nanos)));
    try {
      return write.get();
    } finally {
      lifetimeOverride.remove();
    }
  }

  /**
   * Changes a fixed lifetime, for Policy.FixedExpiration: applies to writes and renewing reads from now on.
   *
   * @param afterWrite whether the lifetime after a write changes, or the one after an access
   * @param nanos at least 0; the kind of lifetime was set when the cache was built
   */
  void setFixedLifetime(boolean afterWrite, long nanos) {
    (afterWrite ? WRITE_NANOS : ACCESS_NANOS).setOpaque(this, Math.min(MAXIMUM_DURATION, nanos));
  }

  /** A fixed lifetime, for Policy.FixedExpiration: after a write, or after an access; -1 if it was not set. */
  long fixedLifetime(boolean afterWrite) {
    return (long) (afterWrite ? WRITE_NANOS : ACCESS_NANOS).getOpaque(this);
  }

  /**
   * The cache's time: the ticker's reading since {@link #origin}, or its floor if that is later. Never earlier
   * than a time at which the cache found an entry expired, nor than the time of the last {@code cleanUp()}.
   */
  final long now() {
    long reading = ticker.read() - origin;
    long floor = (long) TIME_FLOOR.getOpaque(this);
    return reading - floor < 0 ? floor : reading;
  }

  /** Raises the cache's time floor to {@code time}, if it is lower; rare: only when something expires. */
  final void raiseTimeFloor(long time) {
    for (;;) {
      long floor = (long) TIME_FLOOR.getOpaque(this);
      if (time - floor <= 0 || TIME_FLOOR.compareAndSet(this, floor, time)) {
        return;
      }
    }
  }

  /** A lifetime an {@link Expiry} returned, or one given by the user, within [0, {@link #MAXIMUM_DURATION}]. */
  static long bounded(long nanos) {
    return Math.max(0, Math.min(MAXIMUM_DURATION, nanos));
  }

  /** The fixed lifetime a write gives: with both fixed lifetimes, the shorter. */
  private long lifetimeAfterWrite() {
    long afterWrite = (long) WRITE_NANOS.getOpaque(this);
    long afterAccess = (long) ACCESS_NANOS.getOpaque(this);
    return afterWrite < 0 ? afterAccess : afterAccess < 0 ? afterWrite : Math.min(afterWrite, afterAccess);
  }

  /** A time of the cache's as the ticker would read it. */
  private long tickerTime(long time) {
    return time + origin;
  }
}
