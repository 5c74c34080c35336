package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HitCounterTest {

  @Test
  void shouldCountEveryHitOfConcurrentThreads() throws InterruptedException {
    HitCounter counter = new HitCounter();
    Thread[] threads = new Thread[4];
    for (int index = 0; index < threads.length; index++) {
      threads[index] = new Thread(() -> {
        for (int step = 0; step < 250_000; step++) {
          counter.increment();
        }
      });
      threads[index].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(1_000_000, counter.sum());
    assertEquals(4, counter.registeredCells());
  }

  @Test
  void shouldKeepTheHitsOfEndedThreadsAndDropTheirCells() throws InterruptedException {
    HitCounter counter = new HitCounter();
    counter.increment();
    for (int index = 0; index < 1_000; index++) {
      Thread thread = new Thread(() -> {
        counter.increment();
        counter.increment();
      });
      thread.start();
      thread.join();
    }
    assertEquals(2_001, counter.sum());
    // One live thread (this one): a sweep leaves one cell and the next runs at 16, so at most 16 stay.
    assertTrue(counter.registeredCells() <= 16, () -> counter.registeredCells() + " cells registered");
  }

  @Test
  void shouldCountEachThreadInItsOwnCell() {
    HitCounter counter = new HitCounter();
    for (int step = 0; step < 10; step++) {
      counter.increment();
    }
    assertEquals(10, counter.sum());
    assertEquals(1, counter.registeredCells());
  }
}
