package io.github.clockpro;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The cache's eviction lock: a non-fair {@link ReentrantLock} that spins briefly before it parks.
 *
 * <p>Every critical section under this lock is short and bounded by a constant (link one node, examine at most
 * {@code maximumScanPerEviction} entries, one history insertion), so a waiter usually gets the lock within
 * a microsecond. Parking costs far more than that: the waiter gives up its core, and the releasing thread
 * must wake it through the operating system; profiles of the read-through benchmark with two threads showed
 * the threads parked here for a large share of their time. So {@link #lock()} first retries
 * {@link #tryLock()} for up to {@link #SPINS} rounds of {@link Thread#onSpinWait()}, reading the lock state
 * before each attempt so that waiters do not bounce its cache line, and parks only after that.
 */
final class EvictionLock extends ReentrantLock {

  private static final long serialVersionUID = 1L;

  /**
   * Spin rounds before parking. One round is a pause instruction and a read: a few dozen nanoseconds on
   * current x86 and ARM cores, so the spin lasts a few microseconds at most, longer than any critical
   * section under this lock and shorter than a park and wake-up.
   */
  static final int SPINS = 128;

  @Override
  public void lock() {
    if (tryLock()) {
      return;
    }
    for (int round = 0; round < SPINS; round++) {
      Thread.onSpinWait();
      if (!isLocked() && tryLock()) {
        return;
      }
    }
    super.lock();
  }
}
