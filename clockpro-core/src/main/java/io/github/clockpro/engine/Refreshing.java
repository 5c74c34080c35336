package io.github.clockpro.engine;

import io.github.clockpro.CacheLoader;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * The refreshes of a loading cache: reloads that run on the builder's executor while the old value stays readable,
 * started by {@code refresh(key)} or, under {@code refreshAfterWrite}, by a read of a stale entry
 * ({@link RefreshingCache}).
 *
 * <h2>Design</h2>
 * At most one refresh per key is in flight: {@link #inFlight} maps the key to its future, and a refresh of a key
 * that has one returns it (so many stale reads start one reload). The reload ({@link CacheLoader#reload} with the
 * value read, or {@link CacheLoader#load} for an absent key) runs on the executor, outside every lock.
 *
 * <p>Every write of the key (a put, a replace, a compute or merge, an insert, an invalidation or removal) first
 * discards the key's refresh in flight ({@link #discard}): it leaves {@link #inFlight}, so the next stale read or
 * {@code refresh} starts a new reload even if the discarded one never ends, and its outcome is dropped. The
 * reload's value is stored only if its refresh is still the key's one in flight and the key still holds the value
 * the refresh started from, both checked under the node's monitor, where writes happen
 * ({@link Computing#refreshed}): so a write made meanwhile wins, whatever its value (an equal, even identical,
 * shared instance included), as in Caffeine. The stored value is a write like any other: it renews the write time
 * and, under {@code expireAfterWrite}, the lifetime, also when the reload returns the very instance it was given
 * (the usual "not modified" answer). A reload that returns {@code null} removes the entry, under the same
 * condition. A reload that throws keeps the old value; it is counted, logged, and its future completed with the
 * exception. Either way the key leaves {@link #inFlight} after the outcome is stored, so a later stale read starts
 * a new refresh.
 *
 * <p>Fields: {@link #inFlight} is a {@link ConcurrentHashMap}, written by the callers that start a refresh, by the
 * reload that ends it and by the writes that discard it; the rest never change.
 */
final class Refreshing<K, V> {

  private static final System.Logger LOGGER = System.getLogger(Refreshing.class.getName());

  private final BoundedCache<K, V> cache;
  private final CacheLoader<? super K, V> loader;
  private final Executor executor;
  /** The refreshes in flight, one per key at most. */
  private final ConcurrentHashMap<K, CompletableFuture<V>> inFlight = new ConcurrentHashMap<>();

  Refreshing(BoundedCache<K, V> cache, CacheLoader<? super K, V> loader, Executor executor) {
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
   * returns the refresh's future.
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
    try {
      executor.execute(() -> reload(key, oldValue, started));
    } catch (RuntimeException | Error rejected) {
      failed(key, started, rejected, 0);
    }
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

  private void reload(K key, V oldValue, CompletableFuture<V> future) {
    long start = System.nanoTime();
    V reloaded;
    try {
      reloaded = oldValue == null ? loader.load(key) : loader.reload(key, oldValue);
    } catch (Throwable failure) {
      if (failure instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      failed(key, future, failure, System.nanoTime() - start);
      return;
    }
    cache.counters().recordRefresh(true, reloaded != null, System.nanoTime() - start);
    try {
      if (oldValue != null) {
        cache.computing().refreshed(key, oldValue, reloaded, () -> inFlight.get(key) == future);
      } else if (reloaded != null) {
        cache.store(key, reloaded, BoundedCache.Write.KEEP_PRESENT); // a value written meanwhile wins
      }
    } catch (RuntimeException | Error failure) { // an Expiry or the stack: the outcome cannot be stored
      inFlight.remove(key, future);
      future.completeExceptionally(failure);
      throw failure;
    }
    inFlight.remove(key, future);
    future.complete(reloaded);
  }

  private void failed(K key, CompletableFuture<V> future, Throwable failure, long nanos) {
    cache.counters().recordRefresh(false, false, nanos);
    LOGGER.log(System.Logger.Level.WARNING, "Exception thrown when refreshing key " + key, failure);
    inFlight.remove(key, future);
    future.completeExceptionally(failure);
  }
}
