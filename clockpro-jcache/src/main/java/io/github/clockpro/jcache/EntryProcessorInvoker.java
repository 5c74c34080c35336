package io.github.clockpro.jcache;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.cache.processor.EntryProcessor;
import javax.cache.processor.EntryProcessorException;
import javax.cache.processor.EntryProcessorResult;

/**
 * {@code Cache.invoke} and {@code invokeAll}: runs an {@link EntryProcessor} inside the core's {@code compute} on
 * the key, on an {@link EntryProcessorEntry} that records what the processor did, then applies that as one of the
 * transitions of {@link EntryWrites}. A processor's failure leaves the entry as it was and reaches the caller as
 * an {@link EntryProcessorException}; {@code invokeAll} hands it out in the key's result instead.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class EntryProcessorInvoker<K, V> {

  private final EntryWrites<K, V> writes;
  /** Loads an absent key the processor reads; {@code null} unless the cache is read-through. */
  private final Function<K, V> readThroughLoader;
  private final Copier copier;
  private final JCacheStatisticsMXBean statistics;

  EntryProcessorInvoker(EntryWrites<K, V> writes, Function<K, V> readThroughLoader, Copier copier,
      JCacheStatisticsMXBean statistics) {
    this.writes = writes;
    this.readThroughLoader = readThroughLoader;
    this.copier = copier;
    this.statistics = statistics;
  }

  /** {@code Cache.invoke}, once its arguments are checked. */
  <T> T invoke(K key, EntryProcessor<K, V, T> entryProcessor, Object... arguments) {
    Object[] result = new Object[1];
    Object[] finished = new Object[1];
    long start = statistics.start();
    writes.withEvents(batch -> {
      try {
        return writes.compute(copier.copy(key), (k, current) -> {
          EntryProcessorEntry<K, V> entry = new EntryProcessorEntry<>(key, copier.copy(current), readThroughLoader);
          try {
            result[0] = entryProcessor.process(entry, arguments);
          } catch (EntryProcessorException e) {
            throw e;
          } catch (RuntimeException e) {
            throw new EntryProcessorException(e);
          }
          finished[0] = entry;
          return apply(entry, current, batch);
        });
      } catch (EntryProcessorException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new EntryProcessorException(e);
      }
    });
    @SuppressWarnings("unchecked")
    EntryProcessorEntry<K, V> entry = (EntryProcessorEntry<K, V>) finished[0];
    recordInvocation(entry, start);
    @SuppressWarnings("unchecked")
    T value = (T) result[0];
    return value;
  }

  /** {@code Cache.invokeAll}, once its arguments are checked. */
  <T> Map<K, EntryProcessorResult<T>> invokeAll(Set<? extends K> keys, EntryProcessor<K, V, T> entryProcessor,
      Object... arguments) {
    Map<K, EntryProcessorResult<T>> results = new HashMap<>();
    for (K key : keys) {
      try {
        T result = invoke(key, entryProcessor, arguments);
        if (result != null) {
          results.put(key, () -> result);
        }
      } catch (EntryProcessorException e) {
        results.put(key, () -> {
          throw e;
        });
      }
    }
    return results;
  }

  /** Turns what an entry processor did into the key's new value, calling the writer and recording events. */
  private V apply(EntryProcessorEntry<K, V> entry, V current, EventDispatcher.Batch<K, V> batch) {
    K key = entry.getKey();
    switch (entry.action()) {
      case NONE:
        return writes.keep(current);
      case READ:
        return writes.access(current);
      case LOADED:
      case CREATED: {
        V value = entry.getValue();
        boolean writeThrough = entry.action() == EntryProcessorEntry.Action.CREATED;
        return writes.create(key, value, copier.copy(value), writeThrough, batch);
      }
      case UPDATED: {
        V value = entry.getValue();
        return writes.update(key, value, copier.copy(value), current, true, batch);
      }
      case DELETED:
        return writes.delete(key, current, true, batch);
      default:
        throw new AssertionError(entry.action());
    }
  }

  private void recordInvocation(EntryProcessorEntry<K, V> entry, long start) {
    if (entry == null || !statistics.isEnabled()) {
      return;
    }
    // Looking the key up counts, whatever the processor then does.
    statistics.recordLookup(entry.existed());
    statistics.recordGetTime(start);
    switch (entry.action()) {
      case LOADED:
      case CREATED:
      case UPDATED:
        statistics.recordPuts(1);
        statistics.recordPutTime(start);
        break;
      case DELETED:
        if (entry.existed()) {
          statistics.recordRemovals(1);
          statistics.recordRemoveTime(start);
        }
        break;
      default:
        break;
    }
  }
}
