package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The {@link ClockProAsyncCache} that {@code buildAsync()} returns: the engine's cache of values, whose loads in
 * flight are placeholders holding an asynchronous {@link Load}.
 *
 * <h2>Design</h2>
 * Values are stored as values, not as futures, so the engine and {@link #synchronous()} are the same cache: a
 * miss maps a placeholder whose {@link Load} has no owner thread, calls the mapping function, and attaches a
 * completion to the future it returns. That completion, on whichever thread completes the future, settles the
 * placeholder as a synchronous load settles it ({@link Loading#finish} or {@link Loading#fail}): no thread blocks
 * for a load. Callers get {@link Load#copy()}, a future of their own. A hit allocates the completed future it
 * returns, where Caffeine, which stores futures, returns the stored one.
 *
 * <p>Fields: none change; the cache is thread-safe on its own.
 */
final class AsyncCacheView<K, V> implements ClockProAsyncCache<K, V> {

  private final BoundedCache<K, V> cache;
  private final Executor executor;

  AsyncCacheView(BoundedCache<K, V> cache, Executor executor) {
    this.cache = cache;
    this.executor = executor;
  }

  @Override
  public CompletableFuture<V> getIfPresent(K key) {
    int hash = cache.data.hash(requireNonNull(key, "key"));
    Node<K, V> node = cache.lookup(key, hash);
    if (node != null && node.value instanceof Load<?> inFlight) {
      @SuppressWarnings("unchecked")
      Load<V> load = (Load<V>) inFlight;
      cache.counters().recordHit();
      return load.copy();
    }
    V value = cache.getIfPresent(key);
    return value == null ? null : CompletableFuture.completedFuture(value);
  }

  @Override
  public CompletableFuture<V> get(K key, Function<? super K, ? extends V> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return get(key, (k, runner) -> CompletableFuture.supplyAsync(() -> mappingFunction.apply(k), runner));
  }

  @Override
  public CompletableFuture<V> get(K key,
      BiFunction<? super K, ? super Executor, ? extends CompletableFuture<? extends V>> mappingFunction) {
    requireNonNull(key, "key");
    requireNonNull(mappingFunction, "mappingFunction");
    int hash = cache.data.hash(key);
    for (;;) {
      Node<K, V> node = cache.lookup(key, hash);
      if (node == null) {
        Load<V> load = Load.asynchronous();
        long now = cache.writeTime();
        Node<K, V> placeholder = cache.newPlaceholder(key, hash, load, now);
        if (cache.insert(placeholder, now) != null) {
          continue; // mapped since the lookup: look again
        }
        cache.counters().recordMiss();
        CompletableFuture<? extends V> future;
        try {
          future = requireNonNull(mappingFunction.apply(key, executor), "mappingFunction returned null");
        } catch (Throwable failure) {
          cache.counters().recordLoadFailure(0);
          cache.loading().fail(placeholder, load, failure);
          throw failure;
        }
        long start = System.nanoTime();
        future.whenComplete((value, failure) -> settle(placeholder, load, value, failure, start));
        return load.copy();
      }
      V value = node.value;
      if (value instanceof Load<?> inFlight) {
        @SuppressWarnings("unchecked")
        Load<V> load = (Load<V>) inFlight;
        if (!cache.loading().removeIfFailed(node, load)) {
          cache.counters().recordHit();
          return load.copy();
        }
        continue; // the load had failed: start a new one
      }
      V live = cache.readLive(node);
      if (live != null) {
        cache.counters().recordHit();
        return CompletableFuture.completedFuture(live);
      }
    }
  }

  @Override
  public void put(K key, CompletableFuture<? extends V> valueFuture) {
    requireNonNull(key, "key");
    requireNonNull(valueFuture, "valueFuture");
    int hash = cache.data.hash(key);
    if (!valueFuture.isDone()) {
      Load<V> load = Load.asynchronous();
      long now = cache.writeTime();
      Node<K, V> placeholder = cache.newPlaceholder(key, hash, load, now);
      if (cache.insert(placeholder, now) == null) {
        valueFuture.whenComplete((value, failure) -> settle(placeholder, load, value, failure, System.nanoTime()));
        return;
      }
    }
    valueFuture.whenComplete((value, failure) -> {
      if (failure == null && value != null) {
        cache.put(key, value);
      }
    });
  }

  @Override
  public ClockProCache<K, V> synchronous() {
    return cache;
  }

  @Override
  public String toString() {
    return cache.toString();
  }

  /** The engine's cache; for tests. */
  BoundedCache<K, V> engine() {
    return cache;
  }

  /** Settles a placeholder when its future completes, on the completing thread. */
  private void settle(Node<K, V> placeholder, Load<V> load, V value, Throwable failure, long start) {
    long nanos = System.nanoTime() - start;
    if (failure != null || value == null) {
      cache.counters().recordLoadFailure(nanos);
      cache.loading().fail(placeholder, load, failure);
      return;
    }
    long deadline;
    try {
      deadline = cache.deadlineAfterCreate(placeholder.key, value, cache.writeTime());
    } catch (RuntimeException | Error expiryFailure) {
      cache.counters().recordLoadFailure(nanos);
      cache.loading().fail(placeholder, load, expiryFailure);
      return;
    }
    cache.counters().recordLoadSuccess(nanos);
    cache.loading().finish(placeholder, load, value, deadline);
  }
}
