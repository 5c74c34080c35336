package io.github.clockpro.engine;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The cache's eviction lock: a non-fair {@link ReentrantLock} that spins, then yields its processor, before it
 * parks.
 *
 * <p>Every critical section under this lock is short and bounded by a constant (link one node, examine at most
 * {@code scanLimit} entries, one history insertion), so a waiter usually gets the lock within
 * a microsecond or two. Parking costs far more than that: the waiter gives up its core, and the releasing thread
 * must wake it through the operating system, after which a non-fair lock is often taken again before the woken
 * thread runs. So {@link #lock()} waits in three stages:
 * <ol>
 *   <li>up to {@link #SPINS} rounds of {@link Thread#onSpinWait()}, reading the lock state before each
 *       {@link #tryLock()} so that waiters do not bounce its cache line: this covers a holder that is running;
 *   <li>up to {@link #YIELDS} rounds of {@link Thread#yield()}, each followed by the same attempt: a holder that
 *       outlasts the spin has most likely lost its processor, and yielding lets a runnable holder (or other work)
 *       have this one, where spinning would only delay it;
 *   <li>then the parking {@link ReentrantLock#lock()}.
 * </ol>
 * With the spin alone, a {@code jdk.ThreadPark} recording of the read-through benchmark (two threads, on a
 * machine with two virtual processors and some steal time) still showed parks here, each far longer than a
 * critical section; see docs/decisions.md.
 *
 * <p>An acquisition that finds the lock held counts itself, and the time it waited, in the cache's
 * {@link Counters} ({@link Counters#LOCK_WAITS}, {@link Counters#LOCK_WAIT_TIME}), once it holds the lock. An
 * acquisition that gets the lock at once counts nothing and reads no clock.
 */
final class EvictionLock extends ReentrantLock {

  private static final long serialVersionUID = 1L;

  /**
   * Spin rounds before yielding. One round is a pause instruction and a read: a few to a few dozen nanoseconds on
   * current x86 and ARM cores, so the spin lasts a few microseconds at most, longer than a critical section
   * under this lock whose holder keeps running.
   */
  static final int SPINS = 128;

  /**
   * Yield rounds before parking. A yield with nothing else to run returns within a microsecond or so; with
   * something to run, it gives that thread the processor for a time slice.
   */
  static final int YIELDS = 64;

  /** Where waits are counted; only the thread that waited writes its own cell. */
  private final transient Counters counters;

  /** @param counters where acquisitions that had to wait are counted */
  EvictionLock(Counters counters) {
    this.counters = counters;
  }

  @Override
  public void lock() {
    if (tryLock()) {
      return;
    }
    long start = System.nanoTime();
    waitAndLock();
    counters.recordLockWait(System.nanoTime() - start);
  }

  private void waitAndLock() {
    for (int round = 0; round < SPINS; round++) {
      Thread.onSpinWait();
      if (!isLocked() && tryLock()) {
        return;
      }
    }
    for (int round = 0; round < YIELDS; round++) {
      Thread.yield();
      if (!isLocked() && tryLock()) {
        return;
      }
    }
    super.lock();
  }
}
