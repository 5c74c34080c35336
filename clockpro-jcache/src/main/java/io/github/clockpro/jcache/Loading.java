package io.github.clockpro.jcache;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import javax.cache.Cache;
import javax.cache.integration.CacheLoader;
import javax.cache.integration.CacheLoaderException;
import javax.cache.integration.CompletionListener;

/**
 * The cache's {@link CacheLoader}: read-through on a miss of {@code get}, {@code getAll} and an entry processor's
 * read, and {@code loadAll}, which uses the loader whether or not the cache is read-through. A loader's failure
 * reaches the caller as a {@link CacheLoaderException}. A loaded value is stored as a creation, without the
 * writer, unless its creation duration is zero.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class Loading<K, V> {

  /** The cache, whose {@code containsKey} decides what {@code loadAll} loads. */
  private final Cache<K, V> source;
  /** {@code null} without a configured loader. */
  private final CacheLoader<K, V> loader;
  /** Whether a miss loads: a loader is configured and read-through set, when the cache was created. */
  private final boolean readThrough;
  private final EntryWrites<K, V> writes;
  private final Copier copier;
  /** Runs {@code loadAll}. */
  private final Executor executor;

  /** Takes the configured loader, or {@code null}, and whether the configuration asks for read-through. */
  Loading(Cache<K, V> source, CacheLoader<K, V> loader, boolean readThroughConfigured, EntryWrites<K, V> writes,
      Copier copier, Executor executor) {
    this.source = source;
    this.loader = loader;
    this.readThrough = loader != null && readThroughConfigured;
    this.writes = writes;
    this.copier = copier;
    this.executor = executor;
  }

  /** Whether a miss loads. */
  boolean isReadThrough() {
    return readThrough;
  }

  /** Loads the key through the loader, once per key at a time, and stores the value unless it expires at once. */
  V loadThrough(K key) {
    return writes.withEvents(batch -> {
      Object[] loaded = new Object[1];
      V stored = writes.load(copier.copy(key), k -> {
        V value = loadValue(key);
        if (value == null) {
          return null;
        }
        loaded[0] = value;
        return writes.create(key, value, copier.copy(value), false, batch);
      });
      if (stored != null) {
        return stored;
      }
      @SuppressWarnings("unchecked")
      V value = (V) loaded[0];
      return value;
    });
  }

  /**
   * Loads the missing keys in one call of the loader, stores each value loaded unless the key is present by
   * now, and adds copies of the values loaded to {@code result}.
   */
  void loadMissing(List<K> missing, Map<K, V> result) {
    Map<K, V> loaded = loadAllFromLoader(missing);
    writes.withEvents(batch -> {
      for (K key : missing) {
        V value = loaded.get(key);
        if (value != null) {
          writes.putIfAbsent(key, value, false, batch);
          result.put(key, copier.copy(value));
        }
      }
      return null;
    });
  }

  /** Calls the loader; its failures reach the caller as {@link CacheLoaderException}. */
  V loadValue(K key) {
    try {
      return loader.load(key);
    } catch (CacheLoaderException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CacheLoaderException(e);
    }
  }

  /** {@code Cache.loadAll}: loads on the executor and tells the completion listener, if any, how it went. */
  void loadAll(Set<? extends K> keys, boolean replaceExistingValues, CompletionListener completionListener) {
    CompletionListener listener = completionListener == null ? NoCompletionListener.INSTANCE : completionListener;
    if (loader == null) {
      listener.onCompletion();
      return;
    }
    List<K> requested = new ArrayList<>(keys);
    executor.execute(() -> {
      try {
        List<K> toLoad = new ArrayList<>();
        for (K key : requested) {
          if (replaceExistingValues || !source.containsKey(key)) {
            toLoad.add(key);
          }
        }
        Map<K, V> loaded = toLoad.isEmpty() ? Map.of() : loadAllFromLoader(toLoad);
        store(loaded, replaceExistingValues);
        listener.onCompletion();
      } catch (CacheLoaderException e) {
        listener.onException(e);
      } catch (RuntimeException e) {
        listener.onException(new CacheLoaderException(e));
      }
    });
  }

  /** Stores the values {@code loadAll} loaded, without the writer, replacing present ones if asked. */
  private void store(Map<K, V> loaded, boolean replaceExistingValues) {
    writes.withEvents(batch -> {
      for (Map.Entry<K, V> entry : loaded.entrySet()) {
        if (entry.getKey() == null || entry.getValue() == null) {
          continue;
        }
        if (replaceExistingValues) {
          writes.put(entry.getKey(), entry.getValue(), false, batch);
        } else {
          writes.putIfAbsent(entry.getKey(), entry.getValue(), false, batch);
        }
      }
      return null;
    });
  }

  /** Calls the loader's {@code loadAll}; its failures reach the caller as {@link CacheLoaderException}. */
  private Map<K, V> loadAllFromLoader(Collection<K> keys) {
    Map<K, V> loaded;
    try {
      loaded = loader.loadAll(keys);
    } catch (CacheLoaderException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CacheLoaderException(e);
    }
    return loaded == null ? Map.of() : loaded;
  }

  /** Closes the loader if it is {@link java.io.Closeable}. */
  void close() {
    EventDispatcher.closeQuietly(loader);
  }

  /** The completion listener of a {@code loadAll} called without one. */
  private enum NoCompletionListener implements CompletionListener {
    INSTANCE;

    @Override
    public void onCompletion() {}

    @Override
    public void onException(Exception e) {}
  }
}
