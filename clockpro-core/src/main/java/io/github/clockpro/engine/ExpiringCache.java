package io.github.clockpro.engine;

import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Scheduler;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import io.github.clockpro.engine.NodeShape.ExpiringNode;
import io.github.clockpro.engine.NodeShape.RefreshingExpiringNode;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The size-bounded cache whose entries expire: a {@link BoundedCache} over {@link ExpiringNode}s, with a
 * {@link TimerWheel} under the same eviction lock. The contract is {@link io.github.clockpro.ClockProCache}'s;
 * docs/design.md ("Expiry") explains the design and its bound. Its one subclass,
 * {@link RefreshingExpiringCache}, adds {@code refreshAfterWrite}; it overrides the node shape and
 * {@link #readUnexpired}, nothing else.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
class ExpiringCache<K, V> extends BoundedCache<K, V> {

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
   * (RENEWAL_TOLERANCE_SHIFT): a popular entry's line then stays shared between the cores that read it, and a hit costs
   * a comparison rather than a write, at the price of an entry expiring up to 1/64 of its lifetime early. An
   * Expiry's answer is written whenever it differs: its lifetimes are the user's to round.
   *
   * Removal. The wheel holds every mapped node, placeholders included, in one of its lists, and every critical
   * section under the eviction lock (an insert, a removal, a read that found its entry expired, a cleanUp step)
   * advances it to the operation's time and then takes up to scanLimit nodes from it (expireUnderLock): each
   * node whose deadline has come is removed (unmapped, retired, unlinked from its ring; no history record, see
   * below), and each other node, whose deadline moved later since it was scheduled, is scheduled again. A node a
   * read found expired is removed too and counts as one of the scanLimit. In an insert this runs before the
   * eviction, so room made by expired entries spares a live one. The listener hears of each removed entry after
   * the lock, on the thread that removed it, with RemovalCause.EXPIRED.
   *
   * Expired entries leave no history record: they left because of their lifetime, not for want of room, so
   * their return says nothing about reuse distance, and a record would make it a false history hit.
   *
   * Decisions under the monitor. Value writers (put, replace, a load's fill) change a present node's value and
   * deadline under the node's monitor, and refuse a node that has expired; the removal re-reads the deadline
   * under the same monitor before it retires the node. So a write and an expiry never both succeed, and an entry
   * renewed after the wheel found it due is scheduled again instead of removed.
   *
   * Scheduler. With one (Pacer), the wheel's next work time is requested from it after the lock; its run is a
   * cleanUp().
   */

  /**
   * Expiry after access renews a deadline only when a hit moves it by more than the lifetime shifted right by
   * this: 1/64 of the lifetime. The contract of {@code CacheBuilder.expireAfterAccess}.
   */
  static final int RENEWAL_TOLERANCE_SHIFT = 6;

  /** The longest lifetime kept, about 146 years; longer ones count as this. */
  static final long MAXIMUM_DURATION = Long.MAX_VALUE >> 1;

  private static final VarHandle EXPIRATION_COUNT;
  private static final VarHandle EXPIRATION_WEIGHT;
  private static final VarHandle TIME_FLOOR;
  private static final VarHandle WRITE_NANOS;
  private static final VarHandle ACCESS_NANOS;

  static {
    try {
      EXPIRATION_COUNT = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "expirationCount", long.class);
      EXPIRATION_WEIGHT = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "expirationWeight", long.class);
      TIME_FLOOR = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "timeFloor", long.class);
      WRITE_NANOS = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "writeNanos", long.class);
      ACCESS_NANOS = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "accessNanos", long.class);
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
   * weak or soft values, which are refreshing shapes, so that {@link #ageOf} reads it exactly.
   */
  private final boolean keepsWriteTime;
  /** Whether a hit renews the deadline: expiry after access, or an {@link Expiry}. */
  private final boolean renewsOnRead;
  /** The most nodes one critical section takes from the wheel: the scan limit. */
  private final int stepLimit;
  /** Guarded by the eviction lock. */
  private final TimerWheel<K, V> wheel;
  /** {@code null} without a scheduler. */
  private final Pacer pacer;
  /** The task a scheduler runs. */
  private final Runnable scheduledCleanUp = () -> cleanUp(true);
  /**
   * Guarded by the eviction lock: what the current critical section leaves for after it, or {@code null}. Written
   * only when there is something to leave, so that inserts that expire nothing do not write this object, whose
   * other fields every hit reads.
   */
  private Expirations<K, V> pending;
  /**
   * The earliest time the cache's time can be (see the design overview), since the cache was made. Raised by
   * compare-and-set, by any thread that finds an entry expired, by the wheel's removals under the eviction lock,
   * and by cleanUp(); read with opaque reads by every operation.
   */
  private long timeFloor;
  /** Entries removed as expired; written under the eviction lock with opaque writes, read by stats(). */
  private long expirationCount;
  /** The weight of those entries; written under the eviction lock with opaque writes, read by stats(). */
  private long expirationWeight;
  /**
   * With an {@link Expiry}: the lifetime a {@code Policy.VarExpiration} put gives the very key and value it writes,
   * instead of the expiry's, on the writing thread for the duration of that put; {@code null} otherwise. Confined
   * to its thread, so plain.
   */
  private final ThreadLocal<LifetimeOverride> lifetimeOverride;

  /** A lifetime for one key and value instance, compared by identity; see {@link #lifetimeOverride}. */
  private record LifetimeOverride(Object key, Object value, long nanos) {}

  ExpiringCache(long maximum, Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity, int seed,
      RemovalListener<? super K, ? super V> removalListener, long expireAfterWriteNanos,
      long expireAfterAccessNanos, Expiry<K, V> expiry, Ticker ticker, Scheduler scheduler, boolean refreshing,
      ValueStrength values) {
    super(maximum, weigher, scanLimit, initialCapacity, seed, removalListener, new PolicyView.Expiration(
        expireAfterWriteNanos < 0 ? OptionalLong.empty() : OptionalLong.of(expireAfterWriteNanos),
        expireAfterAccessNanos < 0 ? OptionalLong.empty() : OptionalLong.of(expireAfterAccessNanos),
        expiry != null), NodeShape.of(weigher != null, true,
        refreshing || (expireAfterWriteNanos >= 0 && expireAfterAccessNanos >= 0), values));
    this.ticker = ticker;
    this.expiry = expiry;
    this.writeNanos = expireAfterWriteNanos; // plain: the cache is not yet published
    this.accessNanos = expireAfterAccessNanos;
    this.writeCapped = expireAfterWriteNanos >= 0 && expireAfterAccessNanos >= 0;
    this.keepsWriteTime = writeCapped || values != ValueStrength.STRONG;
    this.lifetimeOverride = expiry == null ? null : new ThreadLocal<>();
    this.renewsOnRead = expiry != null || expireAfterAccessNanos >= 0;
    this.stepLimit = scanLimit;
    this.origin = ticker.read();
    this.wheel = new TimerWheel<>(0);
    this.pacer = scheduler == null ? null : new Pacer(scheduler);
  }

  /**
   * Runs steps of expiry work, each under the eviction lock and bounded by the scan limit, until none is
   * pending; the first also takes the current tick's bucket, so that every entry whose deadline has come by now
   * is found, not only those a tick old. Then evicts for size as {@link BoundedCache#cleanUp()} does, until the cache is
   * within its maximum.
   */
  @Override
  public void cleanUp() {
    clearCollected();
    cleanUp(false);
  }

  /* ---------------- The hooks: see BoundedCache ---------------- */

  @Override
  public long writeTime() {
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

  /** The fixed lifetime a write gives: with both fixed lifetimes, the shorter. */
  private long lifetimeAfterWrite() {
    long afterWrite = (long) WRITE_NANOS.getOpaque(this);
    long afterAccess = (long) ACCESS_NANOS.getOpaque(this);
    return afterWrite < 0 ? afterAccess : afterAccess < 0 ? afterWrite : Math.min(afterWrite, afterAccess);
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

  @Override
  final long readTime() {
    return now();
  }

  @Override
  final V readLive(Node<K, V> node, long now) {
    ExpiringNode<K, V> entry = (ExpiringNode<K, V>) node;
    long deadline = entry.deadline();
    if (now - deadline >= 0) {
      raiseTimeFloor(now);
      expireFound(node, now);
      return null;
    }
    return readUnexpired(entry, deadline, now);
  }

  /**
   * The hit on an entry that has not expired at the cache's time {@code now}: renews its deadline where reads do,
   * and returns its value, counting a reference.
   */
  V readUnexpired(ExpiringNode<K, V> entry, long deadline, long now) {
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
    return read(entry);
  }

  @Override
  public boolean isLive(Node<K, V> node) {
    return super.isLive(node) && !expiredAt(node, now());
  }

  @Override
  public boolean expiredAt(Node<K, V> node, long now) {
    if (now - ((ExpiringNode<K, V>) node).deadline() < 0) {
      return false;
    }
    raiseTimeFloor(now); // seen expired: stays expired
    return true;
  }

  @Override
  long deadlineAfterCreate(K key, V value, long now) {
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
  public long deadlineAfterUpdate(Node<K, V> node, V value, long now) {
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

  /** With both fixed lifetimes, records the write time first, as {@link RefreshingExpiringCache} does. */
  @Override
  public void writeDeadline(Node<K, V> node, long deadline) {
    if (keepsWriteTime) {
      ((RefreshingExpiringNode<K, V>) node).setWriteTime(now());
    }
    ((ExpiringNode<K, V>) node).setDeadline(deadline);
  }

  @Override
  boolean removeIfExpired(Node<K, V> node, long now) {
    wheel.advance(now);
    ExpiringNode<K, V> entry = (ExpiringNode<K, V>) node;
    if (!removeIfDue(entry)) {
      return false;
    }
    wheel.deschedule(entry);
    return true;
  }

  @Override
  void expireUnderLock(long now, Node<K, V> removed) {
    wheel.advance(now);
    int budget = stepLimit;
    if (removed != null) {
      budget--;
      expirations().removed.add(removed);
    }
    for (; budget > 0; budget--) {
      ExpiringNode<K, V> node = wheel.next();
      if (node == null) {
        break;
      }
      if (removeIfDue(node)) {
        expirations().removed.add(node);
      } else {
        schedule(node);
      }
    }
    if (pacer != null && wheel.hasPending()) {
      pace(wheel.time()); // work left over: a run now finishes it even if no operation comes
    }
  }

  @Override
  Expirations<K, V> takeExpirations() {
    Expirations<K, V> taken = pending;
    if (taken != null) {
      pending = null; // see the field
    }
    return taken;
  }

  @Override
  void scheduled(Node<K, V> node) {
    schedule((ExpiringNode<K, V>) node);
  }

  @Override
  void unscheduled(Node<K, V> node) {
    wheel.deschedule((ExpiringNode<K, V>) node);
  }

  @Override
  void afterLock(Expirations<K, V> expired) {
    if (expired == null) {
      return;
    }
    if (expired.runSequence != 0) {
      pacer.schedule(expired.runSequence, expired.runDelay, scheduledCleanUp);
    }
    for (Node<K, V> node : expired.removed) {
      notifyRemoval(node.key, node.value(), RemovalCause.EXPIRED);
    }
  }

  @Override
  void checkExpiryInvariants(List<String> violations) {
    Map<ExpiringNode<K, V>, Integer> inWheel = wheel.checkStructure(violations);
    Invariants.checkWheel(data, inWheel, violations);
  }

  @Override
  long expirationCount() {
    return (long) EXPIRATION_COUNT.getOpaque(this);
  }

  @Override
  long expirationWeight() {
    return (long) EXPIRATION_WEIGHT.getOpaque(this);
  }

  /* ---------------- The policy's views: see PolicyView ---------------- */

  /**
   * Stores the value as {@code put} ({@code onlyIfAbsent}: {@code putIfAbsent}) does, with the given lifetime instead
   * of the {@link Expiry}'s; for {@code Policy.VarExpiration}.
   */
  V storeWithLifetime(K key, V value, long nanos, boolean onlyIfAbsent) {
    lifetimeOverride.set(new LifetimeOverride(key, value, bounded(nanos)));
    try {
      return store(key, value, onlyIfAbsent ? Write.KEEP_PRESENT : Write.REPLACE_PRESENT);
    } finally {
      lifetimeOverride.remove();
    }
  }

  /** The time a live entry has left, or -1 if the key has none; for {@code Policy.VarExpiration}. */
  long timeLeft(Object key) {
    long now = now();
    ExpiringNode<K, V> node = liveNode(key, now);
    return node == null ? -1 : Math.max(0, node.deadline() - now);
  }

  /**
   * Gives a live entry a new deadline, {@code nanos} from now, under its monitor where value writers decide; for
   * {@code Policy.VarExpiration}. A later deadline is found by the wheel, which schedules the entry again; an earlier
   * one takes effect at once for reads, and the wheel removes the entry by its earlier deadline (see
   * docs/design.md, "Expiry").
   */
  void setTimeLeft(Object key, long nanos) {
    long now = now();
    ExpiringNode<K, V> node = liveNode(key, now);
    if (node == null) {
      return;
    }
    synchronized (node) {
      if (!node.retired && !node.loading && now - node.deadline() < 0) {
        node.setDeadline(now + bounded(nanos));
      }
    }
  }

  /**
   * How long ago a live entry was written ({@code afterWrite}) or last written or read, or -1 if the key has none;
   * for {@code Policy.FixedExpiration}. Exact where the node keeps its write time (both fixed lifetimes, or
   * refresh) and for the write; otherwise read back from the deadline and the current lifetime.
   */
  long ageOf(Object key, boolean afterWrite) {
    long now = now();
    ExpiringNode<K, V> node = liveNode(key, now);
    if (node == null) {
      return -1;
    }
    if (afterWrite && node instanceof RefreshingExpiringNode<K, V> written) {
      return Math.max(0, now - written.writeTime());
    }
    long lifetime = fixedLifetime(afterWrite);
    return Math.max(0, lifetime - (node.deadline() - now));
  }

  /** The key's node if it holds a value live at {@code now}; else {@code null}. */
  private ExpiringNode<K, V> liveNode(Object key, long now) {
    @SuppressWarnings("unchecked")
    ExpiringNode<K, V> node = (ExpiringNode<K, V>) lookup((K) key, data.hash(key));
    return node == null || node.loading || now - node.deadline() >= 0 ? null : node;
  }

  /* ---------------- Internals ---------------- */

  /** A time of the cache's as the ticker would read it. */
  private long tickerTime(long time) {
    return time + origin;
  }

  /**
   * The cache's time: the ticker's reading since {@link #origin}, or its floor if that is later. Never earlier
   * than a time at which the cache found an entry expired, nor than the time of the last {@code cleanUp()}.
   */
  long now() {
    long reading = ticker.read() - origin;
    long floor = (long) TIME_FLOOR.getOpaque(this);
    return reading - floor < 0 ? floor : reading;
  }

  /** Raises the cache's time floor to {@code time}, if it is lower; rare: only when something expires. */
  private void raiseTimeFloor(long time) {
    for (;;) {
      long floor = (long) TIME_FLOOR.getOpaque(this);
      if (time - floor <= 0 || TIME_FLOOR.compareAndSet(this, floor, time)) {
        return;
      }
    }
  }

  /** A lifetime an {@link Expiry} returned, within [0, {@link #MAXIMUM_DURATION}]. */
  private static long bounded(long nanos) {
    return Math.max(0, Math.min(MAXIMUM_DURATION, nanos));
  }

  /**
   * Under the eviction lock: removes a mapped node, already out of the wheel or about to leave it, if its
   * deadline has come by the wheel's time; decided under the node's monitor, where value writers change the
   * deadline. No history record (see the design overview). A node whose monitor a compute holds is not removed
   * now (see {@link ComputesInFlight}): the wheel schedules it again.
   */
  private boolean removeIfDue(ExpiringNode<K, V> node) {
    long time = wheel.time();
    if (isComputing(node)) {
      return false; // its monitor is a compute's, not to be waited for here: looked at again later
    }
    synchronized (node) {
      if (node.loading || node.retired || time - node.deadline() < 0) {
        return false;
      }
      data.remove(node);
      node.retire();
    }
    raiseTimeFloor(time);
    policy.remove(node);
    lockedEntries.addUnderLock(-1);
    EXPIRATION_WEIGHT.setOpaque(this, expirationWeight + node.weight());
    EXPIRATION_COUNT.setOpaque(this, expirationCount + 1);
    return true;
  }

  /**
   * Under the eviction lock: schedules a node that is in no list, by its deadline read now. A placeholder whose
   * deadline has come goes to the current tick's bucket, not to the draining list (which would hand it out again
   * at once, and a cleanUp() would loop until its load ends): it is looked at again when the time leaves the tick,
   * or by the next cleanUp(), which also drains the current tick, so that an entry whose load gives it a deadline
   * within the tick is found then. (Scheduling it a whole tick later instead left such an entry, expired, past
   * every cleanUp() of the next second.)
   */
  private void schedule(ExpiringNode<K, V> node) {
    long at = node.deadline();
    if (node.loading && at - wheel.time() <= 0) {
      at = wheel.time() + 1;
    }
    wheel.schedule(node, at);
    if (pacer != null) {
      pace(at + TimerWheel.TICK); // on level 0, the wheel finds a node once the time has left its tick
    }
  }

  /** Under the eviction lock: asks the pacer about a run at {@code at}, and leaves its answer for after the lock. */
  private void pace(long at) {
    long runSequence = pacer.request(at);
    if (runSequence != 0) {
      Expirations<K, V> expirations = expirations();
      expirations.runSequence = runSequence;
      expirations.runDelay = at - wheel.time();
    }
  }

  private Expirations<K, V> expirations() {
    Expirations<K, V> expirations = pending;
    if (expirations == null) {
      expirations = new Expirations<>();
      pending = expirations;
    }
    return expirations;
  }

  private void cleanUp(boolean scheduled) {
    boolean first = true;
    boolean more;
    do {
      long now = now();
      Expirations<K, V> expired;
      Headroom.check();
      long waitStart = evictionLock.awaitFree();
      synchronized (evictionLock) {
        evictionLock.acquired(waitStart);
        try {
          if (first) {
            if (scheduled) {
              pacer.fired();
            }
            raiseTimeFloor(now);
            wheel.advance(now);
            wheel.drainCurrentTick();
          }
          expireUnderLock(now, null);
          more = wheel.hasPending();
          if (!more && pacer != null) {
            OptionalLong next = wheel.nextWorkTime();
            if (next.isPresent()) {
              pace(next.getAsLong());
            }
          }
          expired = takeExpirations();
        } finally {
          evictionLock.releasing();
        }
      }
      afterLock(expired);
      first = false;
    } while (more);
    evictToMaximum();
  }
}
