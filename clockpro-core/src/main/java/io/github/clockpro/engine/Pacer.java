package io.github.clockpro.engine;

import io.github.clockpro.Scheduler;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Decides when an expiring cache asks its {@link Scheduler} to run {@code cleanUp()}, so that expired entries
 * leave while the cache is idle; as Caffeine's {@code Pacer}, it keeps one run in view.
 *
 * <h2>Design</h2>
 * Under the eviction lock, {@link #request} is asked about each time at which the wheel will have work (a node
 * scheduled, work left pending by a step, the earliest bucket after a {@code cleanUp()}): it answers with a new
 * number if no run is expected, or if this time is earlier than the expected run by more than
 * {@link #TOLERANCE}; otherwise with 0. The scheduler is user code, so the thread calls it with that number after
 * releasing the lock ({@link #schedule}). A later request is for an earlier time, or follows a run: the run
 * kept is always the highest-numbered, and the others are cancelled, so at most one run waits at a time.
 * A run marks itself {@link #fired()} under the lock, so that the next request is answered.
 *
 * <p>Fields: {@link #expected}, {@link #expectedAt} and {@link #sequence} are guarded by the eviction lock;
 * {@link #kept} and {@link #keptSequence} by this object's monitor, which is held only to swap them and never
 * while user code runs; {@link #lost} is volatile, set by a thread whose scheduler call threw.
 */
final class Pacer {

  /** How much earlier than the expected run a new time must be to ask for another: one tick of the wheel. */
  static final long TOLERANCE = TimerWheel.TICK;

  private static final System.Logger LOGGER = System.getLogger(Pacer.class.getName());

  private final Scheduler scheduler;

  /** Guarded by the eviction lock: whether a run is expected. */
  private boolean expected;
  /** Guarded by the eviction lock: the time of the expected run. */
  private long expectedAt;
  /** Guarded by the eviction lock: the number of the latest request answered. */
  private long sequence;

  /** Set when the scheduler threw, so that the next request does not count on a run that was never arranged. */
  private volatile boolean lost;

  /** Guarded by this: the future of the run kept, and its number. */
  private Future<?> kept;
  private long keptSequence;

  Pacer(Scheduler scheduler) {
    this.scheduler = scheduler;
  }

  /**
   * Under the eviction lock: returns the number of a run to ask for at time {@code at}, or 0 if the run already
   * expected will do.
   */
  long request(long at) {
    if (lost) {
      lost = false;
      expected = false;
    }
    if (expected && at - expectedAt >= -TOLERANCE) {
      return 0;
    }
    expected = true;
    expectedAt = at;
    return ++sequence;
  }

  /** Under the eviction lock: the expected run has started. */
  void fired() {
    expected = false;
  }

  /**
   * Outside every lock: asks the scheduler for the run numbered {@code runSequence}, {@code delay} nanoseconds
   * from now, and keeps it if it is the latest; cancels the run it replaces, or itself if a later one is kept.
   * An exception from the scheduler is logged, and the next request asks again.
   */
  void schedule(long runSequence, long delay, Runnable task) {
    Future<?> future;
    try {
      future = scheduler.schedule(Runnable::run, task, Math.max(0, delay), TimeUnit.NANOSECONDS);
    } catch (RuntimeException failure) {
      LOGGER.log(System.Logger.Level.WARNING, "Exception thrown by scheduler", failure);
      lost = true;
      return;
    }
    Future<?> cancelled;
    synchronized (this) {
      if (runSequence > keptSequence) {
        cancelled = kept;
        kept = future;
        keptSequence = runSequence;
      } else {
        cancelled = future;
      }
    }
    if (cancelled != null) {
      cancelled.cancel(false);
    }
  }
}
