package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The cache's eviction lock: the monitor of this object, entered with {@code synchronized}, and a flag that says
 * whether a thread holds it, so that a thread about to enter can wait in the stages below and count its wait.
 *
 * <p>Use, at every critical section:
 * <pre>{@code
 * long waitStart = evictionLock.awaitFree();
 * synchronized (evictionLock) {
 *   evictionLock.acquired(waitStart);
 *   try {
 *     ... // the critical section
 *   } finally {
 *     evictionLock.releasing();
 *   }
 * }
 * }</pre>
 *
 * <h2>Why a monitor</h2>
 * An error may strike any call, {@code unlock()} in a {@code finally} block included: a
 * {@link StackOverflowError} strikes whichever call first finds too little stack, and
 * {@code ReentrantLock.unlock()} is a call, with more calls inside it. Had it struck there, the lock would have
 * stayed held forever and every later write would have hung. The JVM releases a monitor on every exit from its
 * {@code synchronized} block, normal or by any throwable, with no call to fail, as
 * {@link java.util.concurrent.ConcurrentHashMap} relies on. What a monitor cannot do is tell a thread about to
 * enter that it is held; {@link #held} does that, as a hint (see "The held flag").
 *
 * <h2>Waiting</h2>
 * Every critical section under this lock is short and bounded by a constant (link one node, examine at most
 * {@code scanLimit} entries, one history insertion), so a waiter usually gets the lock within a microsecond or
 * two. Parking costs far more than that: the waiter gives up its core, and the releasing thread must wake it
 * through the operating system. So a thread that finds the lock held waits, in {@link #awaitFree()}, in stages
 * before it enters the monitor:
 * <ol>
 *   <li>up to {@link #SPINS} rounds of {@link Thread#onSpinWait()}, each reading the flag: this covers a holder
 *       that is running;
 *   <li>up to {@link #YIELDS} rounds of {@link Thread#yield()}: a holder that outlasts the spin has most likely
 *       lost its processor, and yielding lets a runnable holder (or other work) have this one;
 *   <li>then it enters the monitor, which spins a little more and parks.
 * </ol>
 * With the spin alone, a {@code jdk.ThreadPark} recording of the read-through benchmark (two threads, on a
 * machine with two virtual processors and some steal time) still showed parks, each far longer than a critical
 * section; see docs/decisions.md.
 *
 * <h2>The held flag</h2>
 * {@link #held} is set, with an opaque write, first thing inside the monitor and cleared last thing, in a
 * {@code finally}; only waiters read it, opaquely. A benign race: a thread may find it clear, lose the race for
 * the monitor and wait there uncounted; or find it set just as the holder leaves, and count a wait that took a few
 * nanoseconds. If an error left it set with the monitor free, the next holder's release clears it: one spurious
 * wait, never a hang, because the monitor alone decides who holds the lock.
 *
 * <p>An acquisition that found the flag set counts itself, and the time from then until it holds the monitor, in
 * the cache's {@link Counters} ({@link Counters#LOCK_WAITS}, {@link Counters#LOCK_WAIT_TIME}). An acquisition
 * that finds it clear counts nothing and reads no clock.
 */
final class EvictionLock {

  /**
   * Spin rounds before yielding. One round is a pause instruction and a read: a few to a few dozen nanoseconds on
   * current x86 and ARM cores, so the spin lasts a few microseconds at most, longer than a critical section
   * under this lock whose holder keeps running.
   */
  static final int SPINS = 128;

  /**
   * Yield rounds before entering the monitor. A yield with nothing else to run returns within a microsecond or so;
   * with something to run, it gives that thread the processor for a time slice.
   */
  static final int YIELDS = 64;

  private static final VarHandle HELD;

  static {
    try {
      HELD = MethodHandles.lookup().findVarHandle(EvictionLock.class, "held", boolean.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** Where waits are counted; only the thread that waited writes its own cell. */
  private final Counters counters;
  /** Whether a thread holds the monitor: a hint for waiters, see "The held flag". Opaque reads and writes. */
  private boolean held;

  /** @param counters where acquisitions that had to wait are counted */
  EvictionLock(Counters counters) {
    this.counters = counters;
  }

  /**
   * Called before entering the monitor: returns 0 at once if the lock is free; otherwise spins and yields while
   * it stays held, and returns the time the wait started, for {@link #acquired}.
   */
  long awaitFree() {
    if (!isHeld()) {
      return 0;
    }
    long start = System.nanoTime() | 1; // never 0, which means "no wait"
    for (int round = 0; round < SPINS; round++) {
      Thread.onSpinWait();
      if (!isHeld()) {
        return start;
      }
    }
    for (int round = 0; round < YIELDS; round++) {
      Thread.yield();
      if (!isHeld()) {
        return start;
      }
    }
    return start;
  }

  /** Called first inside the monitor, with what {@link #awaitFree} returned: marks the lock held, counts a wait. */
  void acquired(long waitStart) {
    HELD.setOpaque(this, true);
    if (waitStart != 0) {
      counters.recordLockWait(System.nanoTime() - waitStart);
    }
  }

  /** Called last inside the monitor, in a {@code finally}: marks the lock free for waiters. */
  void releasing() {
    HELD.setOpaque(this, false);
  }

  /** Whether a thread holds the lock, as far as the flag tells; a hint. */
  boolean isHeld() {
    return (boolean) HELD.getOpaque(this);
  }
}
