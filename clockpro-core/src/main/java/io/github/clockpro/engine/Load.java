package io.github.clockpro.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** A load in flight: the future its waiters join, and the thread running it. */
final class Load<V> extends CompletableFuture<V> {
  private final Thread owner = Thread.currentThread();

  V await() {
    if (owner == Thread.currentThread()) {
      throw new IllegalStateException("Recursive load: the loader tried to load its own key");
    }
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
}
