package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What {@link EvictionLock} counts, which {@code CacheStats.lockWaitCount()} and {@code totalLockWaitTime()}
 * report: an acquisition of a free lock counts nothing, one that finds the lock held counts one wait, and the time
 * it counts is no longer than it waited. {@code EvictionLockTest} in clockpro-core checks the exclusion itself.
 */
class EvictionLockWaitTest {

  private final Counters counters = new Counters();
  private final EvictionLock lock = new EvictionLock(counters);

  @Test
  void shouldCountNoWaitForAFreeLock() {
    assertFalse(lock.isHeld());
    long waitStart = lock.awaitFree();
    assertEquals(0, waitStart, "no wait started");
    synchronized (lock) {
      lock.acquired(waitStart);
      assertTrue(lock.isHeld());
      lock.releasing();
    }
    assertFalse(lock.isHeld());
    long[] sums = counters.sums();
    assertEquals(0, sums[Counters.LOCK_WAITS]);
    assertEquals(0, sums[Counters.LOCK_WAIT_TIME]);
  }

  @Test
  void shouldCountOneWaitNoLongerThanTheWaitForAHeldLock() throws InterruptedException {
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread holder = new Thread(() -> {
      long waitStart = lock.awaitFree();
      synchronized (lock) {
        lock.acquired(waitStart);
        try {
          held.countDown();
          release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          lock.releasing();
        }
      }
    }, "holder");
    holder.start();
    assertTrue(held.await(10, TimeUnit.SECONDS));
    assertTrue(lock.isHeld());
    long[] waited = new long[1];
    Thread waiter = new Thread(() -> {
      long start = System.nanoTime();
      long waitStart = lock.awaitFree();
      synchronized (lock) {
        lock.acquired(waitStart);
        lock.releasing();
      }
      waited[0] = System.nanoTime() - start;
    }, "waiter");
    waiter.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (waiter.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
      Thread.sleep(1); // past the spin and the yields, it blocks on the monitor
    }
    assertEquals(Thread.State.BLOCKED, waiter.getState());
    release.countDown();
    holder.join(10_000);
    waiter.join(10_000);
    assertFalse(waiter.isAlive());
    assertFalse(lock.isHeld());
    long[] sums = counters.sums();
    assertEquals(1, sums[Counters.LOCK_WAITS], "the holder did not wait; the waiter did, once");
    assertTrue(sums[Counters.LOCK_WAIT_TIME] > 0, "a wait takes time");
    assertTrue(sums[Counters.LOCK_WAIT_TIME] <= waited[0],
        sums[Counters.LOCK_WAIT_TIME] + " ns counted, " + waited[0] + " ns waited");
  }
}
