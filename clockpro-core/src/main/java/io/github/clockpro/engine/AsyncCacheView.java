package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
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
 * <p>{@code getAll} maps a placeholder for each missing key (as {@code get} does, one insert each), calls the
 * function once with the keys whose placeholder it mapped, and settles each of them when the function's future
 * completes; the result combines every key's future. {@link AsyncMapView} is {@code asMap()}.
 *
 * <p>Fields: none change; the cache is thread-safe on its own.
 */
final class AsyncCacheView<K, V> implements ClockProAsyncCache<K, V> {

  /** The engine's cache, which {@link #synchronous()} returns. */
  private final ClockProCache<K, V> cache;
  private final EntryStore<K, V> store;
  private final Loading<K, V> loading;
  private final Counters counters;
  private final Executor executor;
  private final AsyncMapView<K, V> mapView;

  AsyncCacheView(BoundedCache<K, V> engine, Executor executor) {
    this.cache = engine;
    this.store = engine;
    this.loading = engine.loading();
    this.counters = engine.counters();
    this.executor = executor;
    this.mapView = new AsyncMapView<>(this, store, engine.asMap());
  }

  @Override
  public CompletableFuture<V> getIfPresent(K key) {
    int hash = store.hash(requireNonNull(key, "key"));
    Node<K, V> node = store.lookup(key, hash);
    if (node != null && node.value instanceof Load<?> inFlight) {
      @SuppressWarnings("unchecked")
      Load<V> load = (Load<V>) inFlight;
      counters.recordHit();
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
    int hash = store.hash(key);
    for (;;) {
      Node<K, V> node = store.lookup(key, hash);
      if (node != null) {
        CompletableFuture<V> found = found(node);
        if (found != null) {
          return found;
        }
        continue; // its load had failed, or it had expired: look again
      }
      Load<V> load = Load.asynchronous();
      Node<K, V> placeholder = reserve(key, hash, load);
      if (placeholder == null) {
        continue; // mapped since the lookup: look again
      }
      CompletableFuture<? extends V> future;
      try {
        future = requireNonNull(mappingFunction.apply(key, executor), "mappingFunction returned null");
      } catch (Throwable failure) {
        counters.recordLoadFailure(0);
        loading.fail(placeholder, load, failure);
        throw failure;
      }
      long start = System.nanoTime();
      future.whenComplete((value, failure) -> settle(placeholder, load, value, failure, start));
      return load.copy();
    }
  }

  /**
   * A future of a mapped node's value, counting a hit: a copy of its load in flight, or its live value, completed;
   * or {@code null} if its load had failed or it had expired, either of which has then left the map.
   */
  private CompletableFuture<V> found(Node<K, V> node) {
    if (node.value instanceof Load<?> inFlight) {
      @SuppressWarnings("unchecked")
      Load<V> load = (Load<V>) inFlight;
      if (loading.removeIfFailed(node, load)) {
        return null;
      }
      counters.recordHit();
      return load.copy();
    }
    V live = store.readLive(node);
    if (live == null) {
      return null;
    }
    counters.recordHit();
    return CompletableFuture.completedFuture(live);
  }

  /** Maps a placeholder holding {@code load} and counts a miss; or returns {@code null} if the key has a node. */
  private Node<K, V> reserve(K key, int hash, Load<V> load) {
    Node<K, V> placeholder = store.reserve(key, hash, load, store.writeTime());
    if (placeholder != null) {
      counters.recordMiss();
    }
    return placeholder;
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return getAll(keys, (missing, runner) ->
        CompletableFuture.supplyAsync(() -> mappingFunction.apply(missing), runner));
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      BiFunction<? super Set<? extends K>, ? super Executor,
          ? extends CompletableFuture<? extends Map<? extends K, ? extends V>>> mappingFunction) {
    Set<K> distinct = distinctKeys(keys);
    requireNonNull(mappingFunction, "mappingFunction");
    Map<K, CompletableFuture<V>> futures = new LinkedHashMap<>();
    Map<K, Node<K, V>> reserved = new LinkedHashMap<>();
    for (K key : distinct) {
      futures.put(key, getOrReserve(key, reserved));
    }
    if (!reserved.isEmpty()) {
      CompletableFuture<? extends Map<? extends K, ? extends V>> future;
      try {
        future = requireNonNull(mappingFunction.apply(Collections.unmodifiableSet(reserved.keySet()), executor),
            "mappingFunction returned null");
      } catch (Throwable failure) {
        counters.recordLoadFailure(0);
        failAll(reserved, failure);
        throw failure;
      }
      long start = System.nanoTime();
      future.whenComplete((values, failure) -> settleAll(reserved, values, failure, start));
    }
    return collect(futures);
  }

  /**
   * Checks every key before anything changes and returns them once each, in order.
   *
   * @throws NullPointerException naming {@code keys} or {@code key}
   */
  static <K> Set<K> distinctKeys(Iterable<? extends K> keys) {
    requireNonNull(keys, "keys");
    Set<K> distinct = new LinkedHashSet<>();
    for (K key : keys) {
      distinct.add(requireNonNull(key, "key"));
    }
    return distinct;
  }

  /**
   * A future for each key's value, combined: completes when all have, with the keys whose value is not {@code null}
   * in the order of {@code futures}, or fails as the first of them to fail.
   */
  static <K, V> CompletableFuture<Map<K, V>> collect(Map<K, CompletableFuture<V>> futures) {
    return CompletableFuture.allOf(futures.values().toArray(CompletableFuture<?>[]::new)).thenApply(done -> {
      Map<K, V> values = new LinkedHashMap<>();
      futures.forEach((key, future) -> {
        V value = future.join();
        if (value != null) {
          values.put(key, value);
        }
      });
      return Collections.unmodifiableMap(values);
    });
  }

  /**
   * Returns a future of the key's value, present or in flight, counting a hit; or maps a placeholder for it, counts a
   * miss, adds it to {@code reserved} and returns its load's future.
   */
  private CompletableFuture<V> getOrReserve(K key, Map<K, Node<K, V>> reserved) {
    int hash = store.hash(key);
    for (;;) {
      Node<K, V> node = store.lookup(key, hash);
      CompletableFuture<V> found = node == null ? null : found(node);
      if (found != null) {
        return found;
      }
      if (node == null) {
        Load<V> load = Load.asynchronous();
        Node<K, V> placeholder = reserve(key, hash, load);
        if (placeholder != null) {
          reserved.put(key, placeholder);
          return load.copy();
        }
      }
    }
  }

  /**
   * Settles the placeholders of a bulk load when its future completes, on the completing thread, counting one load:
   * each key with its value, a key left out as a load of {@code null}; keys beyond them are put. A failed future, or
   * a map that is {@code null} or holds a {@code null}, fails every placeholder and stores nothing.
   */
  private void settleAll(Map<K, Node<K, V>> reserved, Map<? extends K, ? extends V> values, Throwable failure,
      long start) {
    long nanos = System.nanoTime() - start;
    Throwable problem = failure != null ? failure : nullIn(values);
    if (problem != null) {
      counters.recordLoadFailure(nanos);
      failAll(reserved, problem);
      return;
    }
    counters.recordLoadSuccess(nanos);
    reserved.forEach((key, placeholder) -> {
      @SuppressWarnings("unchecked")
      Load<V> load = (Load<V>) placeholder.value;
      V value = values.get(key);
      if (value == null) {
        loading.fail(placeholder, load, null);
        return;
      }
      try {
        loading.finish(placeholder, load, value);
      } catch (RuntimeException | Error rejected) {
        // an expiry or a weigher failed the load with it, which its callers see; the other keys settle on
      }
    });
    values.forEach((key, value) -> {
      if (!reserved.containsKey(key)) {
        cache.put(key, value);
      }
    });
  }

  /** The problem with a bulk load's map: {@code null}, or holding a {@code null} key or value; or {@code null}. */
  private static NullPointerException nullIn(Map<?, ?> values) {
    if (values == null) {
      return new NullPointerException("mappingFunction's future completed with null");
    }
    for (Map.Entry<?, ?> entry : values.entrySet()) {
      if (entry.getKey() == null || entry.getValue() == null) {
        return new NullPointerException("mappingFunction's map holds a null key or value");
      }
    }
    return null;
  }

  private void failAll(Map<K, Node<K, V>> reserved, Throwable failure) {
    reserved.forEach((key, placeholder) -> {
      @SuppressWarnings("unchecked")
      Load<V> load = (Load<V>) placeholder.value;
      loading.fail(placeholder, load, failure);
    });
  }

  @Override
  public ConcurrentMap<K, CompletableFuture<V>> asMap() {
    return mapView;
  }

  @Override
  public void put(K key, CompletableFuture<? extends V> valueFuture) {
    requireNonNull(key, "key");
    requireNonNull(valueFuture, "valueFuture");
    if (!valueFuture.isDone()) {
      Load<V> load = Load.asynchronous();
      Node<K, V> placeholder = store.reserve(key, store.hash(key), load, store.writeTime());
      if (placeholder != null) {
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

  /** Settles a placeholder when its future completes, on the completing thread. */
  private void settle(Node<K, V> placeholder, Load<V> load, V value, Throwable failure, long start) {
    long nanos = System.nanoTime() - start;
    if (failure != null || value == null) {
      counters.recordLoadFailure(nanos);
      loading.fail(placeholder, load, failure);
      return;
    }
    try {
      loading.finish(placeholder, load, value);
    } catch (RuntimeException | Error rejected) {
      counters.recordLoadFailure(nanos); // an expiry or a weigher failed the load with it, which its callers see
      return;
    }
    counters.recordLoadSuccess(nanos);
  }
}
