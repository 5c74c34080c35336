package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CountersTest {

  @Test
  void shouldCountEveryUpdateOfConcurrentThreads() throws InterruptedException {
    Counters counters = new Counters();
    Thread[] threads = new Thread[4];
    for (int index = 0; index < threads.length; index++) {
      threads[index] = new Thread(() -> {
        for (int step = 0; step < 250_000; step++) {
          counters.recordHit();
          counters.recordMiss();
          counters.recordLoadSuccess(3);
        }
        counters.recordPut();
        counters.recordLoadFailure(5);
        counters.recordFill();
        counters.recordLockWait(7);
      });
      threads[index].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertArrayEquals(new long[] {1_000_000, 1_000_000, 4, 1_000_000, 4, 3_000_020, 4, 4, 28, 0, 0, 0, 0},
        counters.sums());
    assertEquals(4, counters.fills());
    assertEquals(4, counters.registeredCells());
  }

  @Test
  void shouldKeepTheCountsOfEndedThreadsAndDropTheirRegistrations() throws InterruptedException {
    Counters counters = new Counters();
    counters.recordHit();
    for (int batch = 0; batch < 6; batch++) {
      for (int index = 0; index < 500; index++) {
        Thread thread = new Thread(() -> {
          counters.recordHit();
          counters.recordMiss();
        });
        thread.start();
        thread.join();
      }
      System.gc(); // clears the registrations of the ended threads' cells, for the next sweep to drop
    }
    long[] sums = counters.sums();
    assertEquals(3_001, sums[Counters.HITS]);
    assertEquals(3_000, sums[Counters.MISSES]);
    assertTrue(counters.registeredCells() < 1_500, () -> counters.registeredCells() + " cells registered");
  }

  @Test
  void shouldCountEachThreadInOneCell() {
    Counters counters = new Counters();
    for (int step = 0; step < 10; step++) {
      counters.recordHit();
      counters.recordPut();
    }
    assertEquals(10, counters.sums()[Counters.PUTS]);
    assertEquals(1, counters.registeredCells());
  }

  @Test
  void shouldPadTheCountsWithTwoCacheLinesOnEachSide() {
    assertEquals(128, Counters.PADDING * Long.BYTES);
  }
}
