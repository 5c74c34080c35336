package io.github.clockpro;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An {@code int} count on cache lines of its own: for a count that misses change while lock-free hits on other
 * cores read the object that would otherwise hold it.
 *
 * <p>Access modes: {@link #getVolatile()} is a volatile read; {@link #add(int)} is an atomic add with volatile
 * semantics, safe for any number of writers.
 *
 * <h2>Why</h2>
 * The cache's size was a field of {@link ClockProCache}. Each miss changes it (the insert adds one, the eviction
 * takes one away), and each hit reads other fields of that object ({@code data} and {@code counters}). With two
 * threads, every miss on one core therefore took away, from the other core's cache, the line that core's next
 * hit needed: false sharing. See docs/design.md, "Counts on their own cache lines".
 *
 * <h2>Layout</h2>
 * HotSpot places a superclass's fields before its subclass's, so the value, declared in the middle class of
 * three, lies between the padding of the first and of the last: 128 bytes each, enough to keep other objects
 * off both its cache line and the line paired with it by adjacent-line prefetch. The first class starts with an
 * {@code int}, which takes the gap after a 12-byte object header, where the value would otherwise go.
 * {@code PaddedCountLayoutTest} (property-tests) checks the offsets on the running JVM with JOL.
 */
final class PaddedCount extends PaddedCountValue {
  private static final VarHandle VALUE;

  static {
    try {
      VALUE = MethodHandles.lookup().findVarHandle(PaddedCountValue.class, "value", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
  long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

  /** Returns the count, with a volatile read. */
  int getVolatile() {
    return value;
  }

  /** Adds {@code delta} atomically, with volatile semantics. */
  void add(int delta) {
    VALUE.getAndAdd(this, delta);
  }
}

/** The padding before the value; see {@link PaddedCount}. */
abstract class PaddedCountLeading {
  int gap;
  long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
  long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
}

/** The value; see {@link PaddedCount}. */
abstract class PaddedCountValue extends PaddedCountLeading {
  /** Written only through {@link PaddedCount#add(int)}. */
  volatile int value;
}
