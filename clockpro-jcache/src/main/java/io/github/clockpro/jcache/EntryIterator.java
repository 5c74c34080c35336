package io.github.clockpro.jcache;

import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import javax.cache.Cache;

/**
 * The iterator of a {@link CacheProxy}: weakly consistent, as the core's map view it walks. Each entry it returns
 * counts as a hit and an access (the policy's access duration), and is a copy when the cache stores by value;
 * {@link #remove()} removes the last entry returned as {@code Cache.remove} does, through the writer. Used by one
 * thread.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class EntryIterator<K, V> implements Iterator<Cache.Entry<K, V>> {

  private final Cache<K, V> source;
  private final Iterator<Map.Entry<K, V>> entries;
  private final EntryWrites<K, V> writes;
  private final Copier copier;
  private final JCacheStatisticsMXBean statistics;
  /** The key of the entry {@link #next()} returned last, or {@code null} after {@link #remove()}. */
  private K lastKey;

  EntryIterator(Cache<K, V> source, Iterator<Map.Entry<K, V>> entries, EntryWrites<K, V> writes, Copier copier,
      JCacheStatisticsMXBean statistics) {
    this.source = source;
    this.entries = entries;
    this.writes = writes;
    this.copier = copier;
    this.statistics = statistics;
  }

  @Override
  public boolean hasNext() {
    return entries.hasNext();
  }

  @Override
  public Cache.Entry<K, V> next() {
    if (!entries.hasNext()) {
      throw new NoSuchElementException();
    }
    Map.Entry<K, V> entry = entries.next();
    lastKey = entry.getKey();
    statistics.recordHits(1);
    writes.renewOnAccess(entry.getKey());
    return new EntryProxy<>(copier.copy(entry.getKey()), copier.copy(entry.getValue()));
  }

  @Override
  public void remove() {
    if (lastKey == null) {
      throw new IllegalStateException("next() was not called, or remove() was called already");
    }
    source.remove(lastKey);
    lastKey = null;
  }
}
