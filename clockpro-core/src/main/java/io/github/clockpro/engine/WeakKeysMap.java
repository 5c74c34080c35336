package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The map view of a cache built with {@code weakKeys}: the engine's map, keyed by {@link KeyReferences}' objects,
 * seen with the program's keys. Reads and removals look keys up by identity; writes that may store a key store a
 * new weak reference to it; iteration gives the program's keys and skips entries whose key was collected. Its
 * entries write through, and its iterators are as weakly consistent as the engine's.
 *
 * @param <K> the program's type of keys
 * @param <E> the type of the map's values: the cache's values, or for an asynchronous cache their futures
 */
final class WeakKeysMap<K, E> extends AbstractMap<K, E> implements ConcurrentMap<K, E> {

  private final ConcurrentMap<Object, E> engine;
  private final KeyReferences keys;

  WeakKeysMap(ConcurrentMap<Object, E> engine, KeyReferences keys) {
    this.engine = engine;
    this.keys = keys;
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
    return engine.containsKey(lookup(key));
  }

  @Override
  public boolean containsValue(Object value) {
    return engine.containsValue(value);
  }

  @Override
  public E get(Object key) {
    return engine.get(lookup(key));
  }

  @Override
  public E put(K key, E value) {
    return engine.put(reference(key), value);
  }

  @Override
  public E putIfAbsent(K key, E value) {
    return engine.putIfAbsent(reference(key), value);
  }

  @Override
  public E remove(Object key) {
    return engine.remove(lookup(key));
  }

  @Override
  public boolean remove(Object key, Object value) {
    return engine.remove(lookup(key), value);
  }

  @Override
  public E replace(K key, E value) {
    return engine.replace(lookup(key), value);
  }

  @Override
  public boolean replace(K key, E oldValue, E newValue) {
    return engine.replace(lookup(key), oldValue, newValue);
  }

  @Override
  public E computeIfAbsent(K key, Function<? super K, ? extends E> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return engine.computeIfAbsent(reference(key), engineKey -> mappingFunction.apply(key));
  }

  @Override
  public E computeIfPresent(K key, BiFunction<? super K, ? super E, ? extends E> remappingFunction) {
    requireNonNull(remappingFunction, "remappingFunction");
    return engine.computeIfPresent(lookup(key), (engineKey, value) -> remappingFunction.apply(key, value));
  }

  @Override
  public E compute(K key, BiFunction<? super K, ? super E, ? extends E> remappingFunction) {
    requireNonNull(remappingFunction, "remappingFunction");
    return engine.compute(reference(key), (engineKey, value) -> remappingFunction.apply(key, value));
  }

  @Override
  public E merge(K key, E value, BiFunction<? super E, ? super E, ? extends E> remappingFunction) {
    return engine.merge(reference(key), value, remappingFunction);
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

  private Object lookup(Object key) {
    return KeyReferences.lookup(requireNonNull(key, "key"));
  }

  private Object reference(K key) {
    return keys.reference(requireNonNull(key, "key"));
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
