package io.github.clockpro.engine;

import io.github.clockpro.RemovalCause;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Scheduler;
import io.github.clockpro.Weigher;
import io.github.clockpro.engine.NodeShape.ExpiringNode;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The size-bounded cache whose entries expire: a {@link BoundedCache} over {@link ExpiringNode}s, with a
 * {@link TimerWheel} under the same eviction lock, which removes the entries whose deadline has come. The contract
 * is {@link io.github.clockpro.ClockProCache}'s; docs/design.md ("Expiry") explains the design and its bound. The
 * cache's time and its entries' deadlines are its {@link ExpiringLifetimes}' (with {@code refreshAfterWrite},
 * {@link RefreshingExpiringLifetimes}); this class overrides the base cache's hooks for removal
 * ("Hooks for the removal of expired entries"), nothing else of it.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
class ExpiringCache<K, V> extends BoundedCache<K, V> {

  /*
   * Design overview
   *
   * Time and deadlines are the lifetimes' (ExpiringLifetimes): this class removes what has expired.
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

  private static final VarHandle EXPIRATION_COUNT;
  private static final VarHandle EXPIRATION_WEIGHT;

  static {
    try {
      EXPIRATION_COUNT = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "expirationCount", long.class);
      EXPIRATION_WEIGHT = MethodHandles.lookup().findVarHandle(ExpiringCache.class, "expirationWeight", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** The cache's lifetimes, typed: its time, which the wheel's removals raise. */
  private final ExpiringLifetimes<K, V> clock;
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
  /** Entries removed as expired; written under the eviction lock with opaque writes, read by stats(). */
  private long expirationCount;
  /** The weight of those entries; written under the eviction lock with opaque writes, read by stats(). */
  private long expirationWeight;
  /**
   * @param expiration the kinds of expiry the cache was built with, for its policy view
   * @param shape an expiring shape, which keeps the write time where the lifetimes do
   *     ({@link ExpiringLifetimes#keepsWriteTime})
   * @param lifetimes its time and deadlines, made from the same options
   */
  ExpiringCache(long maximum, Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity, int seed,
      RemovalListener<? super K, ? super V> removalListener, PolicyView.Expiration expiration, NodeShape shape,
      ExpiringLifetimes<K, V> lifetimes, Scheduler scheduler) {
    super(maximum, weigher, scanLimit, initialCapacity, seed, removalListener, expiration, shape, lifetimes);
    this.clock = lifetimes;
    this.stepLimit = scanLimit;
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
   * of the {@link io.github.clockpro.Expiry}'s; for {@code Policy.VarExpiration}.
   */
  V storeWithLifetime(K key, V value, long nanos, boolean onlyIfAbsent) {
    return clock.withLifetime(key, value, nanos,
        () -> store(key, value, onlyIfAbsent ? Write.KEEP_PRESENT : Write.REPLACE_PRESENT));
  }

  /** The time a live entry has left, or -1 if the key has none; for {@code Policy.VarExpiration}. */
  long timeLeft(Object key) {
    long now = clock.now();
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
    long now = clock.now();
    ExpiringNode<K, V> node = liveNode(key, now);
    if (node == null) {
      return;
    }
    synchronized (node) {
      if (!node.retired && !node.loading && now - node.deadline() < 0) {
        node.setDeadline(now + ExpiringLifetimes.bounded(nanos));
      }
    }
  }

  /**
   * How long ago a live entry was written ({@code afterWrite}) or last written or read, or -1 if the key has none;
   * for {@code Policy.FixedExpiration}. Exact where the node keeps its write time (both fixed lifetimes, or
   * refresh) and for the write; otherwise read back from the deadline and the current lifetime.
   */
  long ageOf(Object key, boolean afterWrite) {
    long now = clock.now();
    ExpiringNode<K, V> node = liveNode(key, now);
    if (node == null) {
      return -1;
    }
    if (afterWrite && node instanceof NodeShape.WriteTimed written) {
      return Math.max(0, now - written.writeTime());
    }
    long lifetime = clock.fixedLifetime(afterWrite);
    return Math.max(0, lifetime - (node.deadline() - now));
  }

  /** Changes a fixed lifetime, for {@code Policy.FixedExpiration}; see {@link ExpiringLifetimes#setFixedLifetime}. */
  void setFixedLifetime(boolean afterWrite, long nanos) {
    clock.setFixedLifetime(afterWrite, nanos);
  }

  /** A fixed lifetime, for {@code Policy.FixedExpiration}; see {@link ExpiringLifetimes#fixedLifetime}. */
  long fixedLifetime(boolean afterWrite) {
    return clock.fixedLifetime(afterWrite);
  }

  /** The key's node if it holds a value live at {@code now}; else {@code null}. */
  private ExpiringNode<K, V> liveNode(Object key, long now) {
    @SuppressWarnings("unchecked")
    ExpiringNode<K, V> node = (ExpiringNode<K, V>) lookup((K) key, data.hash(key));
    return node == null || node.loading || now - node.deadline() >= 0 ? null : node;
  }

  /* ---------------- Internals ---------------- */

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
    clock.raiseTimeFloor(time);
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
      long now = clock.now();
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
            clock.raiseTimeFloor(now);
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
