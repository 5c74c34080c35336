package io.github.clockpro.offheap;

import static java.util.Objects.requireNonNull;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;

/**
 * The {@link OffHeapCache#asMap()} view. Values are compared by their serialized bytes
 * ({@link #remove(Object, Object)}, {@link #replace(Object, Object, Object)}).
 *
 * <p>Iterators are weakly consistent, as those of {@link java.util.concurrent.ConcurrentHashMap}'s views: they
 * never throw {@link java.util.ConcurrentModificationException}, return every entry present for the whole iteration
 * exactly once, never return an entry twice, and may or may not return entries added or removed while they run.
 * They walk the segments one after the other, and each segment in its keys' hash order, copying the entries of one
 * range of that order at a time under the segment's shared lock ({@link Segment#copyInHashOrder}): a key's place in
 * that order does not change when removals shift index slots or growth migrates them, so no range of it is
 * visited twice or skipped.
 */
final class OffHeapMapView<K, V> extends AbstractMap<K, V> implements ConcurrentMap<K, V> {

  private final SegmentedCache<K, V> cache;
  private final EntrySet entrySet = new EntrySet();

  OffHeapMapView(SegmentedCache<K, V> cache) {
    this.cache = cache;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    requireNonNull(key, "key");
    try {
      return cache.lookup((K) key);
    } catch (ClassCastException e) {
      return null;
    }
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public V put(K key, V value) {
    return previous(cache.write(key, value, Segment.Mode.ALWAYS, null, true));
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return previous(cache.write(key, value, Segment.Mode.IF_ABSENT, null, true));
  }

  @Override
  public V replace(K key, V value) {
    return previous(cache.write(key, value, Segment.Mode.IF_PRESENT, null, true));
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    requireNonNull(oldValue, "oldValue");
    return cache.write(key, newValue, Segment.Mode.IF_EQUAL, cache.serializeValue(oldValue), true).applied();
  }

  @Override
  @SuppressWarnings("unchecked")
  public V remove(Object key) {
    requireNonNull(key, "key");
    try {
      byte[] removed = cache.remove((K) key, null);
      return removed == null ? null : cache.deserializeValue(removed);
    } catch (ClassCastException e) {
      return null;
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public boolean remove(Object key, Object value) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    try {
      return cache.remove((K) key, cache.serializeValue((V) value)) != null;
    } catch (ClassCastException e) {
      return false;
    }
  }

  private V previous(Segment.Outcome outcome) {
    return outcome.previous() == null ? null : cache.deserializeValue(outcome.previous());
  }

  @Override
  public int size() {
    return cache.size();
  }

  @Override
  public boolean isEmpty() {
    return cache.size() == 0;
  }

  @Override
  public void clear() {
    cache.invalidateAll();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return entrySet;
  }

  private final class EntrySet extends AbstractSet<Entry<K, V>> {
    @Override
    public Iterator<Entry<K, V>> iterator() {
      return new EntryIterator();
    }

    @Override
    public int size() {
      return cache.size();
    }

    @Override
    public void clear() {
      cache.invalidateAll();
    }
  }

  /** Walks each segment's entries in hash order, one range of it at a time. */
  private final class EntryIterator implements Iterator<Entry<K, V>> {
    /** The entries of the last range copied. */
    private final List<Segment.Removal> chunk = new ArrayList<>();
    private int chunkIndex;
    private int segment;
    /** Where the next range of the segment's hash order starts. */
    private int nextHashOrder;
    private K lastKey;

    @Override
    public boolean hasNext() {
      while (chunkIndex == chunk.size()) {
        if (segment == cache.segmentCount()) {
          return false;
        }
        chunk.clear();
        chunkIndex = 0;
        nextHashOrder = cache.copyInHashOrder(segment, nextHashOrder, chunk);
        if (nextHashOrder == IndexTable.HASH_ORDER_END) {
          segment++;
          nextHashOrder = 0;
        }
      }
      return true;
    }

    @Override
    public Entry<K, V> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Segment.Removal copy = chunk.get(chunkIndex++);
      lastKey = cache.deserializeKey(copy.key());
      return new MapEntry(lastKey, cache.deserializeValue(copy.value()));
    }

    @Override
    public void remove() {
      if (lastKey == null) {
        throw new IllegalStateException("next() was not called, or remove() was already called");
      }
      cache.invalidate(lastKey);
      lastKey = null;
    }
  }

  /** An entry of the view; {@link #setValue} writes through. */
  private final class MapEntry extends SimpleEntry<K, V> {
    private static final long serialVersionUID = 1L;

    MapEntry(K key, V value) {
      super(key, value);
    }

    @Override
    public V setValue(V value) {
      V previous = super.setValue(value);
      cache.put(getKey(), value);
      return previous;
    }
  }

  @Override
  public boolean equals(Object other) {
    return other == this || (other instanceof Map<?, ?> && super.equals(other));
  }

  @Override
  public int hashCode() {
    return super.hashCode();
  }
}
