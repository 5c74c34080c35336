package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An {@code int} count on cache lines of its own, with one writer at a time: for a count that misses change under
 * a lock while lock-free hits on other cores read the object that would otherwise hold it.
 *
 * <p>Access modes: {@link #get()} is an acquire read, from any thread; {@link #addUnderLock(int)} is a plain read
 * and a release write, and only the holder of the lock that guards every change of the count may call it. No
 * atomic instruction: on x86 one is a full fence, and every miss changes this count.
 *
 * <h2>Why</h2>
 * Each miss changes the cache's size (the insert adds one, the eviction takes one away), and each hit reads other
 * fields of the cache object ({@code data} and {@code counters}). Kept in that object, every miss on one core
 * would take away, from another core's cache, the line that core's next hit needs: false sharing.
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

  /** Returns the count, with an acquire read. */
  int get() {
    return (int) VALUE.getAcquire(this);
  }

  /** Adds {@code delta}; the caller holds the lock that guards every change of this count. */
  void addUnderLock(int delta) {
    VALUE.setRelease(this, value + delta);
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
  /** Written only through {@link PaddedCount#addUnderLock(int)}, by the holder of the owner's lock. */
  int value;
}
