package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * Checks, on the running JVM, the layout {@link PaddedCount} relies on: its value has at least {@link #PADDING}
 * bytes of the object itself on either side, so no other object's field shares its cache line or the line
 * adjacent-line prefetch pairs with it.
 */
class PaddedCountLayoutTest {

  /** Two 64-byte cache lines. */
  private static final long PADDING = 128;

  @Test
  void shouldKeepOtherObjectsAtLeastTwoCacheLinesFromTheValue() {
    ClassLayout layout = ClassLayout.parseClass(PaddedCount.class);
    FieldLayout value = layout.fields().stream()
        .filter(candidate -> candidate.name().equals("value"))
        .findFirst()
        .orElseThrow();

    long before = value.offset();
    long after = layout.instanceSize() - value.offset() - value.size();

    assertTrue(before >= PADDING, "bytes before the value: " + before + "\n" + layout.toPrintable());
    assertTrue(after >= PADDING, "bytes after the value: " + after + "\n" + layout.toPrintable());
  }

  @Test
  void shouldCountEveryAddOfWritersTakingTurnsUnderALock() throws InterruptedException {
    PaddedCount count = new PaddedCount();
    ReentrantLock lock = new ReentrantLock();
    AtomicBoolean decreased = new AtomicBoolean();
    Thread reader = new Thread(() -> {
      int last = 0;
      while (last < 400_000) {
        int seen = count.get();
        if (seen < last) {
          decreased.set(true);
        }
        last = seen;
      }
    });
    reader.start();
    Thread[] writers = new Thread[4];
    for (int index = 0; index < writers.length; index++) {
      writers[index] = new Thread(() -> {
        for (int step = 0; step < 100_000; step++) {
          lock.lock();
          try {
            count.addUnderLock(1);
          } finally {
            lock.unlock();
          }
        }
      });
      writers[index].start();
    }
    for (Thread writer : writers) {
      writer.join();
    }
    reader.join();
    assertEquals(400_000, count.get());
    assertFalse(decreased.get(), "a reader saw the count go down");
  }
}
