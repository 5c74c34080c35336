package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProCache;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The {@link ConcurrentMap} view returned by {@link ClockProCache#asMap()}.
 *
 * <p>Every write goes through the cache, so it is linked into the policy, may evict, and is reported to the
 * removal listener. {@code compute}, {@code computeIfPresent} and {@code merge} call their function once per
 * call, atomically with respect to every other write of the key ({@link Computing}); {@code computeIfAbsent} uses
 * the cache's load path, so it runs the function at most once per key at a time. Iterators and views are weakly consistent, and skip entries that have expired.
 */
final class CacheMapView<K, V> extends AbstractMap<K, V> implements ConcurrentMap<K, V> {

  private final EntryStore<K, V> cache;
  /** The cache's size and its {@code invalidateAll}. */
  private final ClockProCache<K, V> whole;
  private final Computing<K, V> computing;
  /** Read only: the entries the views iterate and the lookups of {@code containsKey}. */
  private final NodeTable<K, V> data;
  private Set<K> keySet;
  private Collection<V> values;
  private Set<Map.Entry<K, V>> entrySet;

  CacheMapView(EntryStore<K, V> cache, ClockProCache<K, V> whole, Computing<K, V> computing,
      NodeTable<K, V> data) {
    this.cache = cache;
    this.whole = whole;
    this.computing = computing;
    this.data = data;
  }

  @Override
  public int size() {
    return whole.size();
  }

  @Override
  public boolean isEmpty() {
    return whole.size() == 0;
  }

  @Override
  public boolean containsKey(Object key) {
    Node<K, V> node = data.get(requireNonNull(key, "key"));
    return node != null && cache.isLive(node);
  }

  @Override
  public boolean containsValue(Object value) {
    requireNonNull(value, "value");
    for (Node<K, V> node : data) {
      if (cache.isLive(node) && cache.valueMatches(node.value(), value)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public V get(Object key) {
    return cache.getQuietly(key);
  }

  @Override
  public V put(K key, V value) {
    return cache.store(key, value, EntryStore.Write.REPLACE_PRESENT);
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return cache.store(key, value, EntryStore.Write.KEEP_PRESENT);
  }

  @Override
  public V remove(Object key) {
    return cache.remove(key);
  }

  @Override
  public boolean remove(Object key, Object value) {
    return cache.remove(key, value);
  }

  @Override
  public V replace(K key, V value) {
    return cache.replace(key, null, value);
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    requireNonNull(oldValue, "oldValue");
    return cache.replace(key, oldValue, newValue) != null;
  }

  @Override
  public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
    return cache.computeIfAbsentQuietly(key, mappingFunction);
  }

  @Override
  public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    return computing.compute(key, remappingFunction);
  }

  @Override
  public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    return computing.computeIfPresent(key, remappingFunction);
  }

  @Override
  public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
    return computing.merge(key, value, remappingFunction);
  }

  @Override
  public void clear() {
    whole.invalidateAll();
  }

  @Override
  public Set<K> keySet() {
    Set<K> view = keySet;
    return view == null ? (keySet = new KeySetView()) : view;
  }

  @Override
  public Collection<V> values() {
    Collection<V> view = values;
    return view == null ? (values = new ValuesView()) : view;
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    Set<Map.Entry<K, V>> view = entrySet;
    return view == null ? (entrySet = new EntrySetView()) : view;
  }

  /**
   * Iterates over the map's entries, skipping the placeholders of loads in flight; {@code remove} removes the
   * node last returned if it is still mapped.
   */
  private abstract class NodeIterator<T> implements Iterator<T> {
    private final Iterator<Node<K, V>> nodes = data.iterator();
    /** The next entry to return, found ahead so that {@code hasNext} can skip placeholders; or {@code null}. */
    private Node<K, V> upcoming;
    /** What {@link #next} returns for {@link #upcoming}, projected ahead so that a value collected is skipped. */
    private T upcomingProjection;
    private Node<K, V> last;

    NodeIterator() {
      advance();
    }

    @Override
    public boolean hasNext() {
      return upcoming != null;
    }

    @Override
    public T next() {
      if (upcoming == null) {
        throw new NoSuchElementException();
      }
      last = upcoming;
      T projection = upcomingProjection;
      advance();
      return projection;
    }

    /**
     * A node seen with its flag clear holds a real value from then on, so it is safe to project later; one that
     * has expired, or whose value was collected (its projection {@code null}), is skipped.
     */
    private void advance() {
      while (nodes.hasNext()) {
        Node<K, V> node = nodes.next();
        if (cache.isLive(node)) {
          T projection = project(node);
          if (projection != null) {
            upcoming = node;
            upcomingProjection = projection;
            return;
          }
        }
      }
      upcoming = null;
      upcomingProjection = null;
    }

    @Override
    public void remove() {
      if (last == null) {
        throw new IllegalStateException("next() was not called, or remove() was already called");
      }
      cache.remove(last.key); // by key, as ConcurrentHashMap does: a node replaced since is removed too
      last = null;
    }

    /** What the iterator returns for a live node; {@code null} if its value was collected, to skip it. */
    abstract T project(Node<K, V> node);
  }

  private final class KeySetView extends AbstractSet<K> {
    @Override
    public int size() {
      return CacheMapView.this.size();
    }

    @Override
    public boolean contains(Object key) {
      return containsKey(key);
    }

    @Override
    public boolean remove(Object key) {
      return cache.remove(key) != null;
    }

    @Override
    public void clear() {
      whole.invalidateAll();
    }

    @Override
    public Iterator<K> iterator() {
      return new NodeIterator<>() {
        @Override
        K project(Node<K, V> node) {
          return node.key;
        }
      };
    }
  }

  private final class ValuesView extends AbstractCollection<V> {
    @Override
    public int size() {
      return CacheMapView.this.size();
    }

    @Override
    public boolean contains(Object value) {
      return containsValue(value);
    }

    @Override
    public void clear() {
      whole.invalidateAll();
    }

    @Override
    public Iterator<V> iterator() {
      return new NodeIterator<>() {
        @Override
        V project(Node<K, V> node) {
          return node.value();
        }
      };
    }
  }

  private final class EntrySetView extends AbstractSet<Map.Entry<K, V>> {
    @Override
    public int size() {
      return CacheMapView.this.size();
    }

    @Override
    public boolean contains(Object object) {
      if (!(object instanceof Map.Entry)) {
        return false;
      }
      Map.Entry<?, ?> entry = (Map.Entry<?, ?>) object;
      Object key = entry.getKey();
      Object value = entry.getValue();
      if (key == null || value == null) {
        return false;
      }
      Node<K, V> node = data.get(key);
      return node != null && cache.isLive(node) && cache.valueMatches(node.value(), value);
    }

    @Override
    public boolean remove(Object object) {
      if (!(object instanceof Map.Entry)) {
        return false;
      }
      Map.Entry<?, ?> entry = (Map.Entry<?, ?>) object;
      Object key = entry.getKey();
      return key != null && cache.remove(key, entry.getValue());
    }

    @Override
    public void clear() {
      whole.invalidateAll();
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
      return new NodeIterator<>() {
        @Override
        Map.Entry<K, V> project(Node<K, V> node) {
          V value = node.value();
          return value == null ? null : new WriteThroughEntry(node.key, value);
        }
      };
    }
  }

  /** An entry whose {@code setValue} writes through to the cache. */
  private final class WriteThroughEntry extends SimpleEntry<K, V> {
    private static final long serialVersionUID = 1L;

    WriteThroughEntry(K key, V value) {
      super(key, value);
    }

    @Override
    public V setValue(V value) {
      requireNonNull(value, "value");
      put(getKey(), value);
      return super.setValue(value);
    }
  }
}
