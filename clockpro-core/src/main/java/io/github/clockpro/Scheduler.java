package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task after a delay, as Caffeine's {@code Scheduler}: an expiring cache given one with
 * {@link CacheBuilder#scheduler(Scheduler)} asks it to run {@link ClockProCache#cleanUp()} when the next entries
 * fall due, so that expired entries leave, and their listener is called, even while no operation uses the cache.
 * Without one, expired entries leave during later operations and {@link ClockProCache#cleanUp()}.
 *
 * <p>The cache calls {@link #schedule} outside every lock, holds at most one task it has not yet seen run, and
 * logs and otherwise ignores an exception the scheduler throws. The cache's task is short: it runs
 * {@link ClockProCache#cleanUp()}, whose steps each examine at most {@link Policy#scanLimit()} entries.
 */
@FunctionalInterface
public interface Scheduler {

  /**
   * Arranges for {@code command} to be submitted to {@code executor} after the delay.
   *
   * @param executor the executor to run the command on; the cache passes one that runs it at once, on the
   *     thread that submits it
   * @param command the task
   * @param delay how long to wait, in {@code unit}s
   * @param unit the unit of {@code delay}
   * @return a future for the task, which the cache may ignore
   */
  Future<?> schedule(Executor executor, Runnable command, long delay, TimeUnit unit);

  /**
   * Returns a scheduler that never runs anything: expired entries then leave only during operations and
   * {@link ClockProCache#cleanUp()}, as with no scheduler.
   *
   * @return the disabled scheduler
   */
  static Scheduler disabledScheduler() {
    return (executor, command, delay, unit) -> CompletableFuture.completedFuture(null);
  }

  /**
   * Returns a scheduler on the JDK's shared delayer thread ({@link CompletableFuture#delayedExecutor}), which
   * hands the task to the given executor when the delay has passed.
   *
   * @return the system scheduler
   */
  static Scheduler systemScheduler() {
    return (executor, command, delay, unit) ->
        CompletableFuture.runAsync(command, CompletableFuture.delayedExecutor(delay, unit, executor));
  }

  /**
   * Returns a scheduler that delegates to a {@link ScheduledExecutorService}.
   *
   * @param scheduledExecutorService the service that waits out the delays
   * @return a scheduler on that service
   * @throws NullPointerException if {@code scheduledExecutorService} is null
   */
  static Scheduler forScheduledExecutorService(ScheduledExecutorService scheduledExecutorService) {
    requireNonNull(scheduledExecutorService, "scheduledExecutorService");
    return (executor, command, delay, unit) ->
        scheduledExecutorService.schedule(() -> executor.execute(command), delay, unit);
  }

  /**
   * Returns a scheduler that passes each task to the given one and, if that throws or returns {@code null}, logs the
   * failure and returns a completed future, as Caffeine's. The cache already ignores a scheduler's exceptions; this
   * guards other callers of the same scheduler.
   *
   * @param scheduler the scheduler to guard
   * @return the guarded scheduler
   * @throws NullPointerException if {@code scheduler} is null
   */
  static Scheduler guardedScheduler(Scheduler scheduler) {
    requireNonNull(scheduler, "scheduler");
    return (executor, command, delay, unit) -> {
      try {
        Future<?> future = scheduler.schedule(executor, command, delay, unit);
        return future == null ? CompletableFuture.completedFuture(null) : future;
      } catch (RuntimeException failure) {
        System.getLogger(Scheduler.class.getName())
            .log(System.Logger.Level.WARNING, "Exception thrown by scheduler; the task was not scheduled", failure);
        return CompletableFuture.completedFuture(null);
      }
    };
  }
}
