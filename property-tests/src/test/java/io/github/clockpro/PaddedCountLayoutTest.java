package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertPadded(PaddedCount.class, "value");
  }

  private static void assertPadded(Class<?> type, String... names) {
    ClassLayout layout = ClassLayout.parseClass(type);
    long first = Long.MAX_VALUE;
    long end = 0;
    for (String name : names) {
      FieldLayout field = layout.fields().stream()
          .filter(candidate -> candidate.name().equals(name))
          .findFirst()
          .orElseThrow();
      first = Math.min(first, field.offset());
      end = Math.max(end, field.offset() + field.size());
    }

    long before = first;
    long after = layout.instanceSize() - end;

    assertTrue(before >= PADDING, "bytes before the fields: " + before + "\n" + layout.toPrintable());
    assertTrue(after >= PADDING, "bytes after the fields: " + after + "\n" + layout.toPrintable());
  }

  @Test
  void shouldAddAtomicallyAcrossThreads() throws InterruptedException {
    PaddedCount count = new PaddedCount();
    Thread[] threads = new Thread[4];
    for (int index = 0; index < threads.length; index++) {
      threads[index] = new Thread(() -> {
        for (int step = 0; step < 100_000; step++) {
          count.add(1);
          count.add(-1);
          count.add(1);
        }
      });
      threads[index].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(400_000, count.getVolatile());
  }
}
