package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.held;
import static io.github.clockpro.engine.KeyReferences.heldUntilDone;
import static io.github.clockpro.engine.KeyReferences.lookup;
import static java.util.Objects.requireNonNull;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The map view of a cache built with {@code weakKeys}: the engine's map, keyed by {@link KeyReferences}' objects,
 * seen with the program's keys. Reads and removals look keys up by identity, through every view ({@link #keySet},
 * {@link #entrySet}, their iterators and {@code values()}'s); writes that may store a key store a new weak
 * reference to it; iteration gives the program's keys and skips entries whose key was collected. Each operation
 * keeps its key strongly reachable until the engine returns ({@link KeyReferences#held}), and in the map of an
 * asynchronous cache a future it stores keeps its key until it completes ({@link KeyReferences#heldUntilDone}),
 * as the cache's own writes do. Its entries write
 * through, and its iterators are as weakly consistent as the engine's. As in Caffeine, what compares by
 * {@code equals} is what the program passes in: {@code keySet().removeAll} and {@code retainAll} ask the given
 * collection whether it contains each key, and {@link #equals}, {@link #hashCode} and the entries' are
 * {@link AbstractMap}'s.
 *
 * @param <K> the program's type of keys
 * @param <E> the type of the map's values: the cache's values, or for an asynchronous cache their futures
 */
final class WeakKeysMap<K, E> extends AbstractMap<K, E> implements ConcurrentMap<K, E> {

  private final ConcurrentMap<Object, E> engine;
  private final KeyReferences keys;
  /** Whether the values are an asynchronous cache's futures. */
  private final boolean futures;

  WeakKeysMap(ConcurrentMap<Object, E> engine, KeyReferences keys, boolean futures) {
    this.engine = engine;
    this.keys = keys;
    this.futures = futures;
  }

  @Override
  public int size() {
    return engine.size();
  }

  @Override
  public boolean isEmpty() {
    return engine.isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return held(key, engine.containsKey(lookup(key)));
  }

  @Override
  public boolean containsValue(Object value) {
    return engine.containsValue(value);
  }

  @Override
  public E get(Object key) {
    return held(key, engine.get(lookup(key)));
  }

  @Override
  public E put(K key, E value) {
    return held(key, engine.put(keys.reference(key), pending(key, value)));
  }

  @Override
  public E putIfAbsent(K key, E value) {
    return held(key, engine.putIfAbsent(keys.reference(key), pending(key, value)));
  }

  @Override
  public E remove(Object key) {
    return held(key, engine.remove(lookup(key)));
  }

  @Override
  public boolean remove(Object key, Object value) {
    return held(key, engine.remove(lookup(key), value));
  }

  @Override
  public E replace(K key, E value) {
    return held(key, engine.replace(lookup(key), pending(key, value)));
  }

  @Override
  public boolean replace(K key, E oldValue, E newValue) {
    return held(key, engine.replace(lookup(key), oldValue, pending(key, newValue)));
  }

  @Override
  public E computeIfAbsent(K key, Function<? super K, ? extends E> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return held(key, engine.computeIfAbsent(keys.reference(key),
        engineKey -> pending(key, mappingFunction.apply(key))));
  }

  @Override
  public E computeIfPresent(K key, BiFunction<? super K, ? super E, ? extends E> remappingFunction) {
    requireNonNull(remappingFunction, "remappingFunction");
    return held(key, engine.computeIfPresent(lookup(key),
        (engineKey, value) -> pending(key, remappingFunction.apply(key, value))));
  }

  @Override
  public E compute(K key, BiFunction<? super K, ? super E, ? extends E> remappingFunction) {
    requireNonNull(remappingFunction, "remappingFunction");
    return held(key, engine.compute(keys.reference(key),
        (engineKey, value) -> pending(key, remappingFunction.apply(key, value))));
  }

  @Override
  public E merge(K key, E value, BiFunction<? super E, ? super E, ? extends E> remappingFunction) {
    requireNonNull(remappingFunction, "remappingFunction");
    return held(key, engine.merge(keys.reference(key), pending(key, value),
        (present, given) -> pending(key, remappingFunction.apply(present, given))));
  }

  @Override
  public void clear() {
    engine.clear();
  }

  @Override
  public void forEach(BiConsumer<? super K, ? super E> action) {
    requireNonNull(action, "action");
    engine.forEach((engineKey, value) -> {
      K key = KeyReferences.key(engineKey);
      if (key != null) {
        action.accept(key, value);
      }
    });
  }

  @Override
  public void replaceAll(BiFunction<? super K, ? super E, ? extends E> function) {
    requireNonNull(function, "function");
    engine.replaceAll((engineKey, value) -> {
      K key = KeyReferences.key(engineKey);
      return key == null ? value : function.apply(key, value);
    });
  }

  @Override
  public Set<K> keySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<K> iterator() {
        Iterator<Entry<K, E>> entries = new LiveEntries();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return entries.hasNext();
          }

          @Override
          public K next() {
            return entries.next().getKey();
          }

          @Override
          public void remove() {
            entries.remove();
          }
        };
      }

      @Override
      public int size() {
        return engine.size();
      }

      @Override
      public boolean contains(Object key) {
        return containsKey(key);
      }

      @Override
      public boolean remove(Object key) {
        return WeakKeysMap.this.remove(key) != null;
      }

      /** As Caffeine's with weak keys: the collection decides which keys it contains, by its own equality. */
      @Override
      public boolean removeAll(Collection<?> collection) {
        requireNonNull(collection, "collection");
        return removeIf(collection::contains);
      }

      @Override
      public void clear() {
        engine.clear();
      }
    };
  }

  @Override
  public Set<Entry<K, E>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<K, E>> iterator() {
        return new LiveEntries();
      }

      @Override
      public int size() {
        return engine.size();
      }

      @Override
      public boolean contains(Object entry) {
        return entry instanceof Entry<?, ?> candidate && candidate.getKey() != null
            && candidate.getValue() != null && candidate.getValue().equals(get(candidate.getKey()));
      }

      @Override
      public boolean remove(Object entry) {
        return entry instanceof Entry<?, ?> candidate && candidate.getKey() != null
            && candidate.getValue() != null && WeakKeysMap.this.remove(candidate.getKey(), candidate.getValue());
      }

      @Override
      public void clear() {
        engine.clear();
      }
    };
  }

  /** {@code value}; a future of an asynchronous cache that keeps {@code key} until it completes. */
  private E pending(Object key, E value) {
    if (futures && value instanceof CompletableFuture<?> future) {
      heldUntilDone(key, future);
    }
    return value;
  }

  /** The engine's entries whose key is held, with the program's keys; removal and setValue write through. */
  private final class LiveEntries implements Iterator<Entry<K, E>> {
    private final Iterator<Entry<Object, E>> engineEntries = engine.entrySet().iterator();
    private Entry<K, E> next;
    private Object nextEngineKey;
    private Object removable;

    @Override
    public boolean hasNext() {
      while (next == null && engineEntries.hasNext()) {
        Entry<Object, E> entry = engineEntries.next();
        K key = KeyReferences.key(entry.getKey());
        if (key != null) {
          nextEngineKey = entry.getKey();
          next = new WriteThroughEntry(key, entry.getValue());
        }
      }
      return next != null;
    }

    @Override
    public Entry<K, E> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Entry<K, E> entry = next;
      removable = nextEngineKey;
      next = null;
      return entry;
    }

    @Override
    public void remove() {
      if (removable == null) {
        throw new IllegalStateException("remove() needs a call of next() first");
      }
      engine.remove(removable);
      removable = null;
    }
  }

  /** An entry whose setValue writes to the map, as the engine's do. */
  private final class WriteThroughEntry extends SimpleEntry<K, E> {
    private static final long serialVersionUID = 1L;

    WriteThroughEntry(K key, E value) {
      super(key, value);
    }

    @Override
    public E setValue(E value) {
      put(getKey(), requireNonNull(value, "value"));
      return super.setValue(value);
    }
  }
}
