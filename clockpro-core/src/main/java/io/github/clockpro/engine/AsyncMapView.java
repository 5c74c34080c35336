package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;

/**
 * The {@code asMap()} of an asynchronous cache ({@link AsyncCacheView}): a {@link ConcurrentMap} of futures over the
 * engine's map of values. The contract, and where it differs from Caffeine's, is
 * {@link io.github.clockpro.ClockProAsyncCache#asMap()}'s.
 *
 * <h2>Design</h2>
 * The engine stores values, not futures, so each read makes a future: a completed one of the value, or a copy of
 * a load in flight. Writes of a completed future write its value through the engine's map view, whose operations
 * are atomic; a write of a future not yet complete goes through the cache's {@code put}, a placeholder while the key
 * is absent. Conditional writes compare values, so they are atomic only between completed futures.
 *
 * <p>Fields: none change; the cache is thread-safe on its own.
 */
final class AsyncMapView<K, V> extends AbstractMap<K, CompletableFuture<V>>
    implements ConcurrentMap<K, CompletableFuture<V>> {

  private final AsyncCacheView<K, V> async;
  private final EntryStore<K, V> store;
  /** The engine's map view, through which values are read and written. */
  private final ConcurrentMap<K, V> values;
  private final EntrySetView entrySet = new EntrySetView();

  AsyncMapView(AsyncCacheView<K, V> async, EntryStore<K, V> store, ConcurrentMap<K, V> values) {
    this.async = async;
    this.store = store;
    this.values = values;
  }

  @Override
  @SuppressWarnings("unchecked")
  public CompletableFuture<V> get(Object key) {
    requireNonNull(key, "key");
    Node<K, V> node = store.lookup(key, store.hash(key));
    if (node != null && node.value instanceof Load<?> inFlight) {
      @SuppressWarnings("unchecked")
      Load<V> load = (Load<V>) inFlight;
      return load.copy();
    }
    return completed(values.get(key));
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public CompletableFuture<V> put(K key, CompletableFuture<V> valueFuture) {
    return write(key, valueFuture, false);
  }

  @Override
  public CompletableFuture<V> putIfAbsent(K key, CompletableFuture<V> valueFuture) {
    return write(key, valueFuture, true);
  }

  /**
   * {@link #put}, or with {@code onlyIfAbsent} {@link #putIfAbsent}: a completed future's value is written through
   * the map of values; a future still running is put into the asynchronous cache, as a load. A present value or
   * load of the key stops a write {@code onlyIfAbsent}, and is returned.
   */
  private CompletableFuture<V> write(K key, CompletableFuture<V> valueFuture, boolean onlyIfAbsent) {
    requireNonNull(key, "key");
    requireNonNull(valueFuture, "value");
    V value = valueOf(valueFuture);
    if (value != null && !onlyIfAbsent) {
      return completed(values.put(key, value));
    }
    CompletableFuture<V> previous = get(key);
    if (previous != null && onlyIfAbsent) {
      return previous;
    }
    if (value != null) {
      return completed(values.putIfAbsent(key, value));
    }
    async.put(key, valueFuture);
    return previous;
  }

  /**
   * Removes the key's value, or discards its load in flight (as an invalidation does) and returns a copy of that
   * load's future, as Caffeine returns the future it removed.
   */
  @Override
  public CompletableFuture<V> remove(Object key) {
    CompletableFuture<V> inFlight = get(requireNonNull(key, "key"));
    CompletableFuture<V> removed = completed(values.remove(key));
    return removed != null || inFlight == null || inFlight.isDone() ? removed : inFlight;
  }

  @Override
  public boolean remove(Object key, Object valueFuture) {
    requireNonNull(key, "key");
    V value = valueFuture instanceof CompletableFuture<?> future ? valueOfAny(future) : null;
    return value != null && values.remove(key, value);
  }

  @Override
  public CompletableFuture<V> replace(K key, CompletableFuture<V> valueFuture) {
    requireNonNull(key, "key");
    requireNonNull(valueFuture, "value");
    V value = valueOf(valueFuture);
    return value == null ? null : completed(values.replace(key, value));
  }

  @Override
  public boolean replace(K key, CompletableFuture<V> oldFuture, CompletableFuture<V> newFuture) {
    requireNonNull(key, "key");
    requireNonNull(oldFuture, "oldValue");
    requireNonNull(newFuture, "newValue");
    V oldValue = valueOf(oldFuture);
    V newValue = valueOf(newFuture);
    return oldValue != null && newValue != null && values.replace(key, oldValue, newValue);
  }

  /**
   * As {@link ConcurrentMap#compute}, but ends when the old or the new future has not completed: such a future
   * cannot be compared, so the result is written as {@link #put} or {@link #remove} would (last writer wins) rather
   * than retried for ever.
   */
  @Override
  public CompletableFuture<V> compute(K key,
      BiFunction<? super K, ? super CompletableFuture<V>, ? extends CompletableFuture<V>> remappingFunction) {
    return remap(key, remappingFunction, true);
  }

  /** As {@link #compute}, for a present key only. */
  @Override
  public CompletableFuture<V> computeIfPresent(K key,
      BiFunction<? super K, ? super CompletableFuture<V>, ? extends CompletableFuture<V>> remappingFunction) {
    return remap(key, remappingFunction, false);
  }

  /** The loop of {@link #compute}, and of {@link #computeIfPresent} where not {@code ifAbsent}. */
  private CompletableFuture<V> remap(K key,
      BiFunction<? super K, ? super CompletableFuture<V>, ? extends CompletableFuture<V>> remappingFunction,
      boolean ifAbsent) {
    requireNonNull(key, "key");
    requireNonNull(remappingFunction, "remappingFunction");
    for (;;) {
      CompletableFuture<V> oldFuture = get(key);
      if (oldFuture == null && !ifAbsent) {
        return null;
      }
      CompletableFuture<V> newFuture = remappingFunction.apply(key, oldFuture);
      if (settle(key, oldFuture, newFuture)) {
        return newFuture;
      }
    }
  }

  /** As {@link ConcurrentMap#merge}, ending as {@link #compute} does. */
  @Override
  public CompletableFuture<V> merge(K key, CompletableFuture<V> valueFuture,
      BiFunction<? super CompletableFuture<V>, ? super CompletableFuture<V>, ? extends CompletableFuture<V>>
          remappingFunction) {
    requireNonNull(key, "key");
    requireNonNull(valueFuture, "value");
    requireNonNull(remappingFunction, "remappingFunction");
    for (;;) {
      CompletableFuture<V> oldFuture = get(key);
      CompletableFuture<V> newFuture = oldFuture == null ? valueFuture : remappingFunction.apply(oldFuture, valueFuture);
      if (settle(key, oldFuture, newFuture)) {
        return newFuture;
      }
    }
  }

  /**
   * Replaces the mapping read as {@code oldFuture} by {@code newFuture} (none for {@code null}); returns whether it
   * did, or {@code false} if the mapping changed meanwhile. Completed futures are compared by value; when either
   * has not completed the write is unconditional.
   */
  private boolean settle(K key, CompletableFuture<V> oldFuture, CompletableFuture<V> newFuture) {
    if (oldFuture == null) {
      return newFuture == null || putIfAbsent(key, newFuture) == null;
    }
    V oldValue = valueOf(oldFuture);
    V newValue = newFuture == null ? null : valueOf(newFuture);
    if (oldValue == null || (newFuture != null && newValue == null)) {
      if (newFuture == null) {
        remove(key);
      } else {
        put(key, newFuture);
      }
      return true;
    }
    return newFuture == null ? values.remove(key, oldValue) : values.replace(key, oldValue, newValue);
  }

  @Override
  public void clear() {
    values.clear();
  }

  @Override
  public int size() {
    return values.size();
  }

  @Override
  public Set<Map.Entry<K, CompletableFuture<V>>> entrySet() {
    return entrySet;
  }

  /** A completed future of the value, or {@code null} for none. */
  private static <V> CompletableFuture<V> completed(V value) {
    return value == null ? null : CompletableFuture.completedFuture(value);
  }

  /** The value of a future that has completed with one; {@code null} if it has not, failed, or holds none. */
  private static <V> V valueOf(CompletableFuture<V> future) {
    return future.isDone() && !future.isCompletedExceptionally() ? future.getNow(null) : null;
  }

  @SuppressWarnings("unchecked")
  private static <V> V valueOfAny(CompletableFuture<?> future) {
    return valueOf((CompletableFuture<V>) future);
  }

  /** The entries: the engine map's, each value a completed future; removal through the engine map. */
  private final class EntrySetView extends AbstractSet<Map.Entry<K, CompletableFuture<V>>> {
    @Override
    public Iterator<Map.Entry<K, CompletableFuture<V>>> iterator() {
      Iterator<Map.Entry<K, V>> entries = values.entrySet().iterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return entries.hasNext();
        }

        @Override
        public Map.Entry<K, CompletableFuture<V>> next() {
          Map.Entry<K, V> entry = entries.next();
          return new SimpleImmutableEntry<>(entry.getKey(), CompletableFuture.completedFuture(entry.getValue()));
        }

        @Override
        public void remove() {
          entries.remove();
        }
      };
    }

    @Override
    public int size() {
      return values.size();
    }

    @Override
    public void clear() {
      values.clear();
    }
  }
}
