package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.RemovalCause;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;

/**
 * The refreshes of a loading cache: reloads that the loader runs asynchronously while the old value stays readable,
 * started by {@code refresh(key)} or, under {@code refreshAfterWrite}, by a read of a stale entry
 * ({@link Refreshes}).
 *
 * <h2>Design</h2>
 * At most one refresh per key is in flight: {@link #inFlight} maps the key to its future, and a refresh of a key
 * that has one returns it (so many stale reads start one reload). A refresh calls the loader's
 * {@link AsyncCacheLoader#asyncReload} with the value read, or {@link AsyncCacheLoader#asyncLoad} for an absent key,
 * on the thread that asked, as Caffeine does; a {@link CacheLoader}'s run its synchronous method on the executor,
 * and an asynchronous loader's return their own future, so no thread waits for a reload. When that future
 * completes, on whichever thread completes it, {@link #completed} stores its outcome and then completes the
 * refresh's own future: a caller that joins the refresh finds the value stored.
 *
 * <p>Every write of the key (a put, a replace, a compute or merge, an insert, an invalidation or removal) first
 * discards the key's refresh in flight ({@link #discard}): it leaves {@link #inFlight}, so the next stale read or
 * {@code refresh} starts a new reload even if the discarded one never completes, and its outcome is dropped. The
 * reload's value is stored only if its refresh is still the key's one in flight and the key still holds the value
 * the refresh started from, both checked under the node's monitor, where writes happen
 * ({@link Computing#refreshed}): so a write made meanwhile wins, whatever its value (an equal, even identical,
 * shared instance included), as in Caffeine. A dropped value is reported to the removal listener as Caffeine
 * reports it: {@code REPLACED} if the key holds another value, {@code EXPLICIT} if it holds none. The stored value
 * is a write like any other: it renews the write time and, under {@code expireAfterWrite}, the lifetime, also when
 * the reload returns the very instance it was given (the usual "not modified" answer). A reload of {@code null}
 * removes the entry, under the same condition. A reload that fails (its future completes exceptionally, or the
 * loader throws instead of returning one) keeps the old value; it is counted, logged (unless it was cancelled or
 * timed out, as in Caffeine), and the refresh's future fails with its exception. Either way the key leaves
 * {@link #inFlight} once the outcome is stored, so a later stale read starts a new refresh. A reload whose future
 * never completes stays in flight, visible in {@code Policy.refreshes()}, until a write of the key discards it.
 *
 * <p>The statistics count a refresh as Caffeine does: a reload of a value is a load success, a reload of
 * {@code null}, a failed reload and a value that could not be stored are load failures; a refresh counts no hit or
 * miss. The refresh counts ({@code refreshSuccessCount}, {@code refreshFailureCount}) are clockpro's breakdown.
 *
 * <p>Fields: {@link #inFlight} is a {@link ConcurrentHashMap}, written by the callers that start a refresh, by the
 * completion that ends it and by the writes that discard it; the rest never change.
 */
final class Refreshing<K, V> {

  private static final System.Logger LOGGER = System.getLogger(Refreshing.class.getName());

  private final BoundedCache<K, V> cache;
  private final AsyncCacheLoader<? super K, V> loader;
  private final Executor executor;
  /** The refreshes in flight, one per key at most. */
  private final ConcurrentHashMap<K, CompletableFuture<V>> inFlight = new ConcurrentHashMap<>();

  Refreshing(BoundedCache<K, V> cache, AsyncCacheLoader<? super K, V> loader, Executor executor) {
    this.cache = cache;
    this.loader = loader;
    this.executor = executor;
    cache.attach(this);
  }

  /**
   * Discards the key's refresh in flight, if it has one: a write of the key is about to happen. Its reload's
   * outcome will not be stored, and the next refresh of the key starts a new reload.
   */
  void discard(Object key) {
    if (!inFlight.isEmpty()) {
      inFlight.remove(key);
    }
  }

  /**
   * Starts a refresh of the key, which holds {@code oldValue} ({@code null}: absent), unless one is in flight;
   * returns the refresh's future. Never throws for the loader: its failure fails the future.
   */
  CompletableFuture<V> refresh(K key, V oldValue) {
    CompletableFuture<V> running = inFlight.get(key);
    if (running != null) {
      return running; // the common case of a stale entry read again: no allocation
    }
    CompletableFuture<V> started = new CompletableFuture<>();
    running = inFlight.putIfAbsent(key, started);
    if (running != null) {
      return running;
    }
    long start = System.nanoTime();
    CompletableFuture<? extends V> reloading;
    try {
      reloading = oldValue == null ? loader.asyncLoad(key, executor) : loader.asyncReload(key, oldValue, executor);
      requireNonNull(reloading, "the loader returned null instead of a future");
    } catch (Throwable failure) { // the loader, or an executor that rejected the reload
      if (failure instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      failed(key, started, failure, System.nanoTime() - start);
      return started;
    }
    reloading.whenComplete((reloaded, failure) -> completed(key, oldValue, started, reloaded, failure, start));
    return started;
  }

  /** A snapshot of the refreshes in flight, for {@code Policy.refreshes()}. */
  Map<K, CompletableFuture<V>> inFlight() {
    return Map.copyOf(inFlight);
  }

  /** Whether a refresh of the key is in flight; for tests. */
  boolean isRefreshing(K key) {
    return inFlight.containsKey(key);
  }

  /**
   * Stores the outcome of a reload whose future completed, with {@code reloaded} or with {@code failure}, and
   * completes the refresh's {@code future}. Runs on the thread that completed the reload's future, so it throws
   * nothing: a value that cannot be stored (a failing {@code Expiry} or weigher, the stack) fails the refresh.
   */
  private void completed(K key, V oldValue, CompletableFuture<V> future, V reloaded, Throwable failure, long start) {
    long nanos = System.nanoTime() - start;
    if (failure != null) {
      failed(key, future, failure, nanos);
      return;
    }
    try {
      if (oldValue != null) {
        cache.computing().refreshed(key, oldValue, reloaded, () -> inFlight.get(key) == future);
      } else if (reloaded != null) {
        storeLoaded(key, reloaded, future);
      }
    } catch (Throwable storing) {
      failed(key, future, storing, nanos);
      return;
    }
    inFlight.remove(key, future);
    try {
      cache.counters().recordRefresh(true, reloaded != null, nanos);
    } finally {
      future.complete(reloaded);
    }
  }

  /**
   * Stores the value loaded for a key that was absent when its refresh started, unless a write of the key
   * discarded the refresh or a value was written meanwhile: either wins, and the loaded value is reported as
   * dropped. The check that the refresh is current runs before the store, not under a monitor: an invalidation
   * in between lets the loaded value in, as if the refresh had completed just before it.
   */
  private void storeLoaded(K key, V loaded, CompletableFuture<V> future) {
    boolean current = inFlight.get(key) == future;
    V present = current ? cache.store(key, loaded, BoundedCache.Write.KEEP_PRESENT) : cache.peek(key);
    if (present != loaded && (present != null || !current)) {
      cache.notifyRemoval(key, loaded, present == null ? RemovalCause.EXPLICIT : RemovalCause.REPLACED);
    }
  }

  /**
   * Ends a refresh that failed: the key leaves {@link #inFlight} first and the future is completed whatever the
   * counting and the logging throw (the stack may be nearly full), so no failure keeps the key from its next
   * refresh or leaves a caller waiting.
   */
  private void failed(K key, CompletableFuture<V> future, Throwable failure, long nanos) {
    inFlight.remove(key, future);
    try {
      cache.counters().recordRefresh(false, false, nanos);
      Throwable cause = failure instanceof CompletionException && failure.getCause() != null
          ? failure.getCause() : failure;
      if (!(cause instanceof CancellationException) && !(cause instanceof TimeoutException)) {
        LOGGER.log(System.Logger.Level.WARNING, "Exception thrown when refreshing key " + key, failure);
      }
    } finally {
      future.completeExceptionally(failure);
    }
  }
}
