package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spinning eviction lock keeps the mutual exclusion and reentrancy of the lock it extends. */
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
          lock.lock();
          try {
            counter++;
          } finally {
            lock.unlock();
          }
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals((long) THREADS * INCREMENTS, counter);
    assertFalse(lock.isLocked());
  }

  @Test
  void shouldBeReentrant() {
    Counters counters = new Counters();
    EvictionLock lock = new EvictionLock(counters);
    lock.lock();
    lock.lock();
    assertEquals(2, lock.getHoldCount());
    lock.unlock();
    assertTrue(lock.isHeldByCurrentThread());
    lock.unlock();
    assertFalse(lock.isLocked());
    assertEquals(0, counters.sums()[Counters.LOCK_WAITS], "a free lock is taken without a wait");
  }

  @Test
  void shouldWaitForAHolderThatKeepsTheLockLongerThanTheSpin() throws InterruptedException {
    Counters counters = new Counters();
    EvictionLock lock = new EvictionLock(counters);
    lock.lock();
    Thread waiter = new Thread(() -> {
      lock.lock();
      lock.unlock();
    });
    waiter.start();
    Thread.sleep(50);
    assertTrue(waiter.isAlive(), "the waiter must not get a held lock");
    lock.unlock();
    waiter.join(10_000);
    assertFalse(waiter.isAlive());
    long[] sums = counters.sums();
    assertEquals(1, sums[Counters.LOCK_WAITS], "the waiter's one acquisition waited");
    assertTrue(sums[Counters.LOCK_WAIT_TIME] > 0, "and its wait took time");
  }
}
