package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The refresh period of a cache built with {@code refreshAfterWrite}: how old a value may grow before a hit on it
 * asks for a refresh. Held by the cache's {@link Refreshes}; changed by {@code Policy.FixedRefresh}
 * ({@link FixedRefreshView}).
 *
 * <p>Fields: {@link #nanos} is written with opaque writes by {@link #setNanos}, read with opaque reads by hits: a hit
 * that races with the change compares with the old or the new period.
 */
final class RefreshPeriod {

  private static final VarHandle NANOS;

  static {
    try {
      NANOS = MethodHandles.lookup().findVarHandle(RefreshPeriod.class, "nanos", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** The period; see the class comment. */
  private long nanos;

  /** @param nanos at least 1 */
  RefreshPeriod(long nanos) {
    this.nanos = nanos; // plain: not yet published
  }

  /** The period, in nanoseconds. */
  long nanos() {
    return (long) NANOS.getOpaque(this);
  }

  /** Changes the period, more than 0 nanoseconds, for every read from now on. */
  void setNanos(long nanos) {
    NANOS.setOpaque(this, nanos);
  }

  /** Whether a value written at {@code writeTime} is due for a refresh at {@code now}, both by the same clock. */
  boolean isDue(long writeTime, long now) {
    return now - writeTime >= nanos();
  }
}
