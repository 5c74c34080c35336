package io.github.clockpro.jcache;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.cache.Cache;
import javax.cache.integration.CacheWriter;
import javax.cache.integration.CacheWriterException;

/**
 * The cache's {@link CacheWriter} when it writes through, and nothing otherwise: every call returns at once for
 * a cache that is not write-through. A writer's failure reaches the caller as a {@link CacheWriterException}. The
 * single-key calls run inside the core's function, so that a writer that throws leaves the cache as it was; the
 * bulk calls run before the core calls, and say which keys failed, so that the cache stores only the others.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class WriteThrough<K, V> {

  /** {@code null} unless write-through. */
  private final CacheWriter<K, V> writer;

  WriteThrough(ClockProConfiguration<K, V> configuration) {
    this.writer = !configuration.isWriteThrough() || configuration.getCacheWriterFactory() == null ? null
        : writerOf(configuration);
  }

  /** Writes the entry through. */
  void write(K key, V value) {
    if (writer == null) {
      return;
    }
    try {
      writer.write(new EntryProxy<>(key, value));
    } catch (RuntimeException e) {
      throw asWriterException(e);
    }
  }

  /** Deletes the key through. */
  void delete(K key) {
    if (writer == null) {
      return;
    }
    try {
      writer.delete(key);
    } catch (RuntimeException e) {
      throw asWriterException(e);
    }
  }

  /**
   * Writes the entries through, adding to {@code failed} the keys the writer did not write.
   *
   * @return the writer's failure, or {@code null}
   */
  CacheWriterException writeAll(Map<? extends K, ? extends V> map, Set<K> failed) {
    if (writer == null || map.isEmpty()) {
      return null;
    }
    Collection<Cache.Entry<? extends K, ? extends V>> entries = new ArrayList<>(map.size());
    for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
      entries.add(new EntryProxy<>(entry.getKey(), entry.getValue()));
    }
    try {
      writer.writeAll(entries);
      return null;
    } catch (RuntimeException e) {
      for (Cache.Entry<? extends K, ? extends V> entry : entries) {
        failed.add(entry.getKey());
      }
      return asWriterException(e);
    }
  }

  /**
   * Deletes the keys through, adding to {@code failed} the keys the writer did not delete.
   *
   * @return the writer's failure, or {@code null}
   */
  CacheWriterException deleteAll(List<K> keys, Set<K> failed) {
    if (writer == null || keys.isEmpty()) {
      return null;
    }
    Collection<K> remaining = new ArrayList<>(keys);
    try {
      writer.deleteAll(remaining);
      return null;
    } catch (RuntimeException e) {
      failed.addAll(remaining);
      return asWriterException(e);
    }
  }

  /** Closes the writer if it is {@link java.io.Closeable}. */
  void close() {
    EventDispatcher.closeQuietly(writer);
  }

  /** The configured writer, typed for this cache: it accepts the cache's keys and values, or their supertypes. */
  @SuppressWarnings("unchecked")
  private static <K, V> CacheWriter<K, V> writerOf(ClockProConfiguration<K, V> configuration) {
    return (CacheWriter<K, V>) configuration.getCacheWriterFactory().create();
  }

  private static CacheWriterException asWriterException(RuntimeException e) {
    return e instanceof CacheWriterException ? (CacheWriterException) e
        : new CacheWriterException("The CacheWriter failed", e);
  }
}
