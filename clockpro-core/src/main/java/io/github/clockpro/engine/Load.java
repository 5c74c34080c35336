package io.github.clockpro.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A load in flight: the future its waiters join, the thread running it, and whether it is exclusive.
 *
 * <p>A load started by {@code get(key, loader)} or a bulk load is <em>shared</em>: a put of its key meanwhile fills
 * its placeholder, and its waiters take its outcome. A load started by {@code asMap().compute} is
 * <em>exclusive</em>: its function's result must be the next value of the key, so a write of the key waits for it
 * and then looks again, and a waiter looks again rather than taking its outcome. An asynchronous load has no owner
 * thread: it runs wherever its future completes, so waiting on it from any thread is no recursion.
 */
final class Load<V> extends CompletableFuture<V> {

  /** The thread running the loader, or {@code null} for an asynchronous load. */
  private final Thread owner;
  private final boolean exclusive;
  /**
   * Whether an invalidation unmapped this load's placeholder while it ran: its value is then returned to its
   * callers and reported as explicitly removed, but not cached. Written once, by the invalidation under
   * the eviction lock, before it retires the placeholder; read by the load's end after its fill failed.
   */
  private volatile boolean discarded;

  private Load(Thread owner, boolean exclusive) {
    this.owner = owner;
    this.exclusive = exclusive;
  }

  /** A shared load run by the calling thread. */
  Load() {
    this(Thread.currentThread(), false);
  }

  /** An exclusive load run by the calling thread: a compute of an absent key. */
  static <V> Load<V> exclusive() {
    return new Load<>(Thread.currentThread(), true);
  }

  /** A shared load completed by a future, on whichever thread completes it. */
  static <V> Load<V> asynchronous() {
    return new Load<>(null, false);
  }

  boolean isExclusive() {
    return exclusive;
  }

  /** Marks the load as discarded by an invalidation; see {@link #discarded}. */
  void discard() {
    discarded = true;
  }

  boolean isDiscarded() {
    return discarded;
  }

  /** Waits for the outcome and returns it, rethrowing the loader's unchecked exception or error. */
  V await() {
    checkNotRecursive();
    try {
      return join();
    } catch (CompletionException wrapped) {
      Throwable cause = wrapped.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw wrapped;
    }
  }

  /** Waits for the load to finish, whatever its outcome, so that the caller can look its key up again. */
  void awaitQuietly() {
    checkNotRecursive();
    try {
      join();
    } catch (RuntimeException outcomeOfAnotherCaller) {
      // the caller looks again and sees what the load left, if anything
    }
  }

  /**
   * Refuses a wait by the thread that runs this load while it runs: that thread is inside its own loader. Once
   * the load has completed its placeholder may still be mapped for a moment (an invalidation or a failed fill
   * retires it), and the same thread meeting it then is no recursion: it takes the outcome or looks again.
   */
  private void checkNotRecursive() {
    if (owner == Thread.currentThread() && !isDone()) {
      throw new IllegalStateException("Recursive load: the loader tried to load or write its own key");
    }
  }

  /**
   * Dependent stages are plain futures, not loads: a {@code Load} stands for a placeholder, and a stage made from
   * one ({@code thenApply}, {@code copy}) does not.
   */
  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }
}
