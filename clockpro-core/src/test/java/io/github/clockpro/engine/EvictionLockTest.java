package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The eviction lock excludes concurrent holders, counts waits only, and is released whatever its holder throws. */
class EvictionLockTest {

  private static final int THREADS = 4;
  private static final int INCREMENTS = 200_000;

  private long counter;

  @Test
  void shouldExcludeConcurrentHolders() throws InterruptedException {
    EvictionLock lock = new EvictionLock(new Counters());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      threads.add(new Thread(() -> {
        for (int i = 0; i < INCREMENTS; i++) {
          long waitStart = lock.awaitFree();
          synchronized (lock) {
            lock.acquired(waitStart);
            try {
              counter++;
            } finally {
              lock.releasing();
            }
          }
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals((long) THREADS * INCREMENTS, counter);
    assertFalse(lock.isHeld());
  }

  @Test
  void shouldCountNoWaitForAFreeLock() {
    Counters counters = new Counters();
    EvictionLock lock = new EvictionLock(counters);
    long waitStart = lock.awaitFree();
    synchronized (lock) {
      lock.acquired(waitStart);
      assertTrue(lock.isHeld());
      lock.releasing();
    }
    assertFalse(lock.isHeld());
    assertEquals(0, counters.sums()[Counters.LOCK_WAITS], "a free lock is taken without a wait");
  }

  @Test
  void shouldWaitForAHolderThatKeepsTheLockLongerThanTheSpin() throws InterruptedException {
    Counters counters = new Counters();
    EvictionLock lock = new EvictionLock(counters);
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread holder = new Thread(() -> {
      synchronized (lock) {
        lock.acquired(lock.awaitFree());
        try {
          held.countDown();
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          lock.releasing();
        }
      }
    });
    holder.start();
    assertTrue(held.await(10, TimeUnit.SECONDS));
    Thread waiter = new Thread(() -> {
      long waitStart = lock.awaitFree();
      synchronized (lock) {
        lock.acquired(waitStart);
        lock.releasing();
      }
    });
    waiter.start();
    Thread.sleep(50);
    assertTrue(waiter.isAlive(), "the waiter must not get a held lock");
    release.countDown();
    waiter.join(10_000);
    holder.join(10_000);
    assertFalse(waiter.isAlive());
    long[] sums = counters.sums();
    assertEquals(1, sums[Counters.LOCK_WAITS], "the waiter's one acquisition waited");
    assertTrue(sums[Counters.LOCK_WAIT_TIME] > 0, "and its wait took time");
  }

  @Test
  void shouldReleaseTheLockWhenTheCriticalSectionThrowsAnError() throws Exception {
    EvictionLock lock = new EvictionLock(new Counters());
    try {
      synchronized (lock) {
        lock.acquired(lock.awaitFree());
        throw new StackOverflowError("in the critical section");
      }
    } catch (StackOverflowError expected) {
      // the monitor is released by the JVM
    }
    Thread other = new Thread(() -> {
      synchronized (lock) {
        lock.acquired(lock.awaitFree());
        lock.releasing();
      }
    });
    other.start();
    other.join(10_000);
    assertFalse(other.isAlive(), "another thread takes the lock");
    assertFalse(lock.isHeld(), "and its release clears a flag the error left set");
  }
}
