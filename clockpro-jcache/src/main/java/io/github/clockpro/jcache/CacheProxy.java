package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.Weigher;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.CacheEntryListenerConfiguration;
import javax.cache.configuration.Configuration;
import javax.cache.event.EventType;
import javax.cache.expiry.EternalExpiryPolicy;
import javax.cache.expiry.ExpiryPolicy;
import javax.cache.integration.CacheLoader;
import javax.cache.integration.CacheLoaderException;
import javax.cache.integration.CacheWriter;
import javax.cache.integration.CacheWriterException;
import javax.cache.integration.CompletionListener;
import javax.cache.processor.EntryProcessor;
import javax.cache.processor.EntryProcessorException;
import javax.cache.processor.EntryProcessorResult;

/**
 * A JSR-107 {@link Cache} on a {@link ClockProCache}: every operation of the standard, with read-through,
 * write-through, entry listeners, entry processors, expiry policies, statistics, management and store by value
 * or by reference. {@link #unwrap(Class) Unwraps} to the {@link ClockProCache} it runs on, whose values are the
 * cache's own values (copies, when the cache stores by value).
 *
 * <p>Contract, beyond JSR-107's: a read-through {@link #get} runs at most one load per key at a time, as the
 * core's {@link ClockProCache#get(Object, Function)} does; concurrent callers for the key wait for it and share
 * its value. Entries evicted to keep {@link ClockProConfiguration#getMaximumSize()} are counted as evictions and
 * produce no event (JSR-107 has no eviction event); entries that expire produce an {@link EventType#EXPIRED}
 * event when the core removes them (on the operation that finds them expired, or a clean-up), and count as
 * evictions too.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class CacheProxy<K, V> implements Cache<K, V> {

  /*
   * Design overview
   *
   * One core call per key. Every writing operation is one core call per key, mostly asMap().compute, whose
   * function sees the present value (or null) and decides atomically with every other write of the key: it calls
   * the writer (so a writer that throws leaves the cache as it was), asks the expiry policy, records the events
   * and returns the new value. The function runs under the core's node monitor, so it never calls a listener and
   * never touches this cache: events wait in a Batch until the core call returns. An absent key's put goes
   * through compute too, so that a creation whose duration is zero is simply not stored.
   *
   * Expiry. The ExpiryAdapter maps the policy onto the core's Expiry, and the core keeps the deadlines, removes
   * expired entries and reports them as RemovalCause.EXPIRED, from which onRemoval dispatches EXPIRED events.
   * Where the JCache operation differs from the core operation, the function leaves the duration it asked the
   * policy for as the thread's intent (see ExpiryAdapter), and every operation clears it in a finally block. A
   * cache whose policy is eternal builds its core without expiry, so its hits pay nothing for it.
   *
   * Hits. get is the core's getIfPresent (lock-free), two volatile reads (closed, statistics enabled) and, when
   * storing by value, a copy; with statistics enabled, also two clock readings and the counters.
   *
   * Fields: all final except closed, which is volatile and written once by close, under this proxy's monitor.
   * The configuration is a private copy; its listener list and enabled flags change under its own monitor
   * (register, deregister, enableStatistics, enableManagement), and the flags the
   * operations depend on (read-through, write-through, store by value) are read once, at construction.
   */

  private final String name;
  private final CacheManagerImpl cacheManager;
  private final ClockProConfiguration<K, V> configuration;
  private final ClockProCache<K, V> cache;
  /** {@code null} when the policy is eternal: the core then has no expiry. */
  private final ExpiryAdapter<K, V> expiry;
  private final ExpiryPolicy expiryPolicy;
  /** {@code null} without a configured loader. */
  private final CacheLoader<K, V> loader;
  /** {@code null} unless write-through. */
  private final CacheWriter<K, V> writer;
  /** Whether a miss loads: a loader is configured and read-through set, when the cache was created. */
  private final boolean readThrough;
  private final Copier copier;
  private final EventDispatcher<K, V> dispatcher;
  private final JCacheStatisticsMXBean statistics;
  private final JCacheMXBean mxBean;
  private final Executor executor;
  private volatile boolean closed;

  CacheProxy(String name, CacheManagerImpl cacheManager, ClockProConfiguration<K, V> configuration,
      Executor executor) {
    this.name = name;
    this.cacheManager = cacheManager;
    this.configuration = configuration;
    this.executor = executor;
    this.copier = configuration.isStoreByValue()
        ? Copier.serializing(cacheManager.getClassLoader()) : Copier.IDENTITY;
    this.expiryPolicy = configuration.getExpiryPolicyFactory().create();
    this.expiry = expiryPolicy instanceof EternalExpiryPolicy ? null : new ExpiryAdapter<>(expiryPolicy);
    this.loader = configuration.getCacheLoaderFactory() == null ? null
        : configuration.getCacheLoaderFactory().create();
    this.writer = !configuration.isWriteThrough() || configuration.getCacheWriterFactory() == null ? null
        : writerOf(configuration);
    this.readThrough = loader != null && configuration.isReadThrough();
    this.dispatcher = new EventDispatcher<>(executor);
    this.statistics = new JCacheStatisticsMXBean();
    this.mxBean = new JCacheMXBean(configuration);

    CacheBuilder<Object, Object> bounded = ClockProCache.builder()
        .scanLimit(configuration.getScanLimit())
        .executor(executor);
    CacheBuilder<K, V> builder;
    if (configuration.getWeigherFactory() != null) {
      Weigher<? super K, ? super V> weigher = configuration.getWeigherFactory().create();
      builder = bounded.maximumWeight(configuration.getMaximumWeight()).<K, V>weigher(weigher)
          .removalListener(this::onRemoval);
    } else {
      builder = bounded.maximumSize(configuration.getMaximumSize()).removalListener(this::onRemoval);
    }
    if (expiry != null) {
      builder = builder.expireAfter(expiry);
      if (configuration.getTickerFactory() != null) {
        builder.ticker(configuration.getTickerFactory().create());
      }
    }
    this.cache = builder.build();
    for (CacheEntryListenerConfiguration<K, V> listener : configuration.getCacheEntryListenerConfigurations()) {
      dispatcher.register(listener);
    }
  }

  /* ---------------- Reads ---------------- */

  @Override
  public V get(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    if (statistics.isEnabled()) {
      return getCounted(key);
    }
    V value = cache.getIfPresent(key);
    if (value == null && readThrough) {
      value = loadThrough(key);
    }
    return copier.copy(value);
  }

  /** {@link #get} with statistics: a hit or a miss, and the time taken. */
  private V getCounted(K key) {
    long start = statistics.start();
    V value = cache.getIfPresent(key);
    if (value == null) {
      statistics.recordMisses(1);
      if (readThrough) {
        value = loadThrough(key);
      }
    } else {
      statistics.recordHits(1);
    }
    statistics.recordGetTime(start);
    return copier.copy(value);
  }

  @Override
  public Map<K, V> getAll(Set<? extends K> keys) {
    requireNotClosed();
    requireKeys(keys);
    long start = statistics.start();
    Map<K, V> result = new LinkedHashMap<>();
    List<K> missing = new ArrayList<>();
    for (K key : keys) {
      V value = cache.getIfPresent(key);
      if (value == null) {
        missing.add(key);
      } else {
        result.put(key, copier.copy(value));
      }
    }
    statistics.recordHits(result.size());
    statistics.recordMisses(missing.size());
    if (!missing.isEmpty() && readThrough) {
      Map<K, V> loaded = loadAllFromLoader(missing);
      EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
      for (K key : missing) {
        V value = loaded.get(key);
        if (value != null) {
          putIfAbsentInternal(key, value, false, batch);
          result.put(key, copier.copy(value));
        }
      }
      dispatcher.dispatch(batch);
    }
    statistics.recordGetTime(start);
    return result;
  }

  @Override
  public boolean containsKey(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    if (expiry == null) {
      return cache.asMap().containsKey(key);
    }
    expiry.keepOnRead();
    try {
      return cache.asMap().containsKey(key);
    } finally {
      expiry.clear();
    }
  }

  /** Loads the key through the loader, once per key at a time, and stores the value unless it expires at once. */
  private V loadThrough(K key) {
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    Object[] loaded = new Object[1];
    try {
      V stored = cache.get(copier.copy(key), k -> {
        V value = loadValue(key);
        if (value == null) {
          return null;
        }
        loaded[0] = value;
        long nanos = creationNanos();
        if (nanos == 0) {
          return null;
        }
        precompute(nanos);
        publish(batch, EventType.CREATED, key, value, null);
        return copier.copy(value);
      });
      if (stored != null) {
        loaded[0] = stored;
      }
    } finally {
      clearIntent();
    }
    dispatcher.dispatch(batch);
    @SuppressWarnings("unchecked")
    V value = (V) loaded[0];
    return value;
  }

  /** Calls the loader; its failures reach the caller as {@link CacheLoaderException}. */
  private V loadValue(K key) {
    try {
      return loader.load(key);
    } catch (CacheLoaderException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CacheLoaderException(e);
    }
  }

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

  @Override
  public void loadAll(Set<? extends K> keys, boolean replaceExistingValues,
      CompletionListener completionListener) {
    requireNotClosed();
    requireKeys(keys);
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
          if (replaceExistingValues || !containsKey(key)) {
            toLoad.add(key);
          }
        }
        Map<K, V> loaded = toLoad.isEmpty() ? Map.of() : loadAllFromLoader(toLoad);
        EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
        for (Map.Entry<K, V> entry : loaded.entrySet()) {
          if (entry.getKey() == null || entry.getValue() == null) {
            continue;
          }
          if (replaceExistingValues) {
            putInternal(entry.getKey(), entry.getValue(), false, batch);
          } else {
            putIfAbsentInternal(entry.getKey(), entry.getValue(), false, batch);
          }
        }
        dispatcher.dispatch(batch);
        listener.onCompletion();
      } catch (CacheLoaderException e) {
        listener.onException(e);
      } catch (RuntimeException e) {
        listener.onException(new CacheLoaderException(e));
      }
    });
  }

  /* ---------------- Writes ---------------- */

  @Override
  public void put(K key, V value) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    long start = statistics.start();
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    putInternal(key, value, true, batch);
    dispatcher.dispatch(batch);
    statistics.recordPutTime(start);
  }

  @Override
  public V getAndPut(K key, V value) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    long start = statistics.start();
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    V previous = putInternal(key, value, true, batch);
    dispatcher.dispatch(batch);
    if (previous == null) {
      statistics.recordMisses(1);
    } else {
      statistics.recordHits(1);
    }
    statistics.recordPutTime(start);
    statistics.recordGetTime(start);
    return copier.copy(previous);
  }

  /**
   * Stores the value, through the writer if asked; counts the put if stored.
   *
   * @return the value replaced, or {@code null}
   */
  private V putInternal(K key, V value, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    V copy = copier.copy(value);
    Object[] previous = new Object[1];
    boolean[] stored = new boolean[1];
    try {
      cache.asMap().compute(copier.copy(key), (k, current) -> {
        long nanos = current == null ? creationNanos() : updateNanos();
        if (writeThrough) {
          write(key, value);
        }
        if (current == null && nanos == 0) {
          return null;
        }
        precompute(nanos);
        previous[0] = current;
        stored[0] = true;
        if (current == null) {
          publish(batch, EventType.CREATED, key, copy, null);
        } else {
          publish(batch, EventType.UPDATED, key, copy, current);
        }
        return copy;
      });
    } finally {
      clearIntent();
    }
    if (stored[0]) {
      statistics.recordPuts(1);
    }
    @SuppressWarnings("unchecked")
    V replaced = (V) previous[0];
    return replaced;
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    requireNotClosed();
    requireNonNull(map, "map");
    for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
      requireNonNull(entry.getKey(), "a key of map");
      requireNonNull(entry.getValue(), "a value of map");
    }
    long start = statistics.start();
    Set<K> failed = new HashSet<>();
    CacheWriterException failure = null;
    if (writer != null && !map.isEmpty()) {
      Collection<Cache.Entry<? extends K, ? extends V>> entries = new ArrayList<>(map.size());
      for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
        entries.add(new EntryProxy<>(entry.getKey(), entry.getValue()));
      }
      try {
        writer.writeAll(entries);
      } catch (RuntimeException e) {
        failure = asWriterException(e);
        for (Cache.Entry<? extends K, ? extends V> entry : entries) {
          failed.add(entry.getKey());
        }
      }
    }
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
      if (!failed.contains(entry.getKey())) {
        putInternal(entry.getKey(), entry.getValue(), false, batch);
      }
    }
    dispatcher.dispatch(batch);
    statistics.recordPutTime(start);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public boolean putIfAbsent(K key, V value) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    long start = statistics.start();
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    boolean added = putIfAbsentInternal(key, value, true, batch);
    dispatcher.dispatch(batch);
    if (added) {
      statistics.recordMisses(1);
    } else {
      statistics.recordHits(1);
    }
    statistics.recordPutTime(start);
    return added;
  }

  /**
   * Stores the value if the key is absent, through the writer if asked; counts the put if stored. Goes through
   * the core's load path, which calls the function only for an absent key and leaves a present one untouched.
   *
   * @return whether the key was absent
   */
  private boolean putIfAbsentInternal(K key, V value, boolean writeThrough, EventDispatcher.Batch<K, V> batch) {
    boolean[] absent = new boolean[1];
    boolean[] stored = new boolean[1];
    if (expiry != null) {
      expiry.keepOnRead();
    }
    try {
      cache.get(copier.copy(key), k -> {
        absent[0] = true;
        long nanos = creationNanos();
        if (writeThrough) {
          write(key, value);
        }
        if (nanos == 0) {
          return null;
        }
        precompute(nanos);
        V copy = copier.copy(value);
        publish(batch, EventType.CREATED, key, copy, null);
        stored[0] = true;
        return copy;
      });
    } finally {
      clearIntent();
    }
    if (stored[0]) {
      statistics.recordPuts(1);
    }
    return absent[0];
  }

  @Override
  public boolean remove(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    long start = statistics.start();
    delete(key);
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    V removed = removeInternal(key, batch);
    dispatcher.dispatch(batch);
    statistics.recordRemoveTime(start);
    return removed != null;
  }

  /** Removes the key's entry, without the writer; counts the removal. Returns the value removed, or null. */
  private V removeInternal(K key, EventDispatcher.Batch<K, V> batch) {
    Object[] removed = new Object[1];
    cache.asMap().computeIfPresent(key, (k, current) -> {
      removed[0] = current;
      publish(batch, EventType.REMOVED, k, current, current);
      return null;
    });
    if (removed[0] != null) {
      statistics.recordRemovals(1);
    }
    @SuppressWarnings("unchecked")
    V value = (V) removed[0];
    return value;
  }

  @Override
  public boolean remove(K key, V oldValue) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(oldValue, "oldValue");
    long start = statistics.start();
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    boolean[] found = new boolean[1];
    boolean[] removed = new boolean[1];
    try {
      cache.asMap().computeIfPresent(key, (k, current) -> {
        found[0] = true;
        if (!current.equals(oldValue)) {
          precompute(accessNanos());
          return current;
        }
        delete(key);
        removed[0] = true;
        publish(batch, EventType.REMOVED, k, current, current);
        return null;
      });
    } finally {
      clearIntent();
    }
    dispatcher.dispatch(batch);
    if (found[0]) {
      statistics.recordHits(1);
    } else {
      statistics.recordMisses(1);
    }
    if (removed[0]) {
      statistics.recordRemovals(1);
    }
    statistics.recordRemoveTime(start);
    return removed[0];
  }

  @Override
  public V getAndRemove(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    long start = statistics.start();
    delete(key);
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    V removed = removeInternal(key, batch);
    dispatcher.dispatch(batch);
    if (removed == null) {
      statistics.recordMisses(1);
    } else {
      statistics.recordHits(1);
    }
    statistics.recordRemoveTime(start);
    statistics.recordGetTime(start);
    return copier.copy(removed);
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(oldValue, "oldValue");
    requireNonNull(newValue, "newValue");
    long start = statistics.start();
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    boolean[] found = new boolean[1];
    boolean[] replaced = new boolean[1];
    V copy = copier.copy(newValue);
    try {
      cache.asMap().computeIfPresent(key, (k, current) -> {
        found[0] = true;
        if (!current.equals(oldValue)) {
          precompute(accessNanos());
          return current;
        }
        long nanos = updateNanos();
        write(key, newValue);
        precompute(nanos);
        replaced[0] = true;
        publish(batch, EventType.UPDATED, k, copy, current);
        return copy;
      });
    } finally {
      clearIntent();
    }
    dispatcher.dispatch(batch);
    if (found[0]) {
      statistics.recordHits(1);
    } else {
      statistics.recordMisses(1);
    }
    if (replaced[0]) {
      statistics.recordPuts(1);
      statistics.recordPutTime(start);
    }
    return replaced[0];
  }

  @Override
  public boolean replace(K key, V value) {
    return replaceInternal(key, value) != null;
  }

  @Override
  public V getAndReplace(K key, V value) {
    return copier.copy(replaceInternal(key, value));
  }

  /** Replaces a present value; counts a hit and a put, or a miss. Returns the value replaced, or null. */
  private V replaceInternal(K key, V value) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    long start = statistics.start();
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    Object[] previous = new Object[1];
    V copy = copier.copy(value);
    try {
      cache.asMap().computeIfPresent(key, (k, current) -> {
        long nanos = updateNanos();
        write(key, value);
        precompute(nanos);
        previous[0] = current;
        publish(batch, EventType.UPDATED, k, copy, current);
        return copy;
      });
    } finally {
      clearIntent();
    }
    dispatcher.dispatch(batch);
    if (previous[0] == null) {
      statistics.recordMisses(1);
    } else {
      statistics.recordHits(1);
      statistics.recordPuts(1);
      statistics.recordPutTime(start);
    }
    statistics.recordGetTime(start);
    @SuppressWarnings("unchecked")
    V replaced = (V) previous[0];
    return replaced;
  }

  @Override
  public void removeAll(Set<? extends K> keys) {
    requireNotClosed();
    requireKeys(keys);
    removeAllInternal(new ArrayList<>(keys));
  }

  @Override
  public void removeAll() {
    requireNotClosed();
    removeAllInternal(new ArrayList<>(cache.asMap().keySet()));
  }

  private void removeAllInternal(List<K> keys) {
    long start = statistics.start();
    Set<K> failed = new HashSet<>();
    CacheWriterException failure = null;
    if (writer != null && !keys.isEmpty()) {
      Collection<K> remaining = new ArrayList<>(keys);
      try {
        writer.deleteAll(remaining);
      } catch (RuntimeException e) {
        failure = asWriterException(e);
        failed.addAll(remaining);
      }
    }
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    for (K key : keys) {
      if (!failed.contains(key)) {
        removeInternal(key, batch);
      }
    }
    dispatcher.dispatch(batch);
    statistics.recordRemoveTime(start);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void clear() {
    requireNotClosed();
    cache.invalidateAll();
  }

  /* ---------------- Entry processors ---------------- */

  @Override
  public <T> T invoke(K key, EntryProcessor<K, V, T> entryProcessor, Object... arguments) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(entryProcessor, "entryProcessor");
    EventDispatcher.Batch<K, V> batch = dispatcher.newBatch();
    Object[] result = new Object[1];
    Object[] finished = new Object[1];
    Function<K, V> readThroughLoader = readThrough ? this::loadValue : null;
    long start = statistics.start();
    try {
      cache.asMap().compute(copier.copy(key), (k, current) -> {
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
    } finally {
      clearIntent();
    }
    dispatcher.dispatch(batch);
    @SuppressWarnings("unchecked")
    EntryProcessorEntry<K, V> entry = (EntryProcessorEntry<K, V>) finished[0];
    recordInvocation(entry, start);
    @SuppressWarnings("unchecked")
    T value = (T) result[0];
    return value;
  }

  /** Turns what an entry processor did into the key's new value, calling the writer and recording events. */
  private V apply(EntryProcessorEntry<K, V> entry, V current, EventDispatcher.Batch<K, V> batch) {
    K key = entry.getKey();
    switch (entry.action()) {
      case NONE:
        precompute(ExpiryAdapter.UNCHANGED);
        return current;
      case READ:
        precompute(accessNanos());
        return current;
      case LOADED:
      case CREATED: {
        long nanos = creationNanos();
        V value = entry.getValue();
        if (entry.action() == EntryProcessorEntry.Action.CREATED) {
          write(key, value);
        }
        if (nanos == 0) {
          return null;
        }
        precompute(nanos);
        V copy = copier.copy(value);
        publish(batch, EventType.CREATED, key, copy, null);
        return copy;
      }
      case UPDATED: {
        long nanos = updateNanos();
        V value = entry.getValue();
        write(key, value);
        precompute(nanos);
        V copy = copier.copy(value);
        publish(batch, EventType.UPDATED, key, copy, current);
        return copy;
      }
      case DELETED:
        delete(key);
        if (current != null) {
          publish(batch, EventType.REMOVED, key, current, current);
        }
        return null;
      default:
        throw new AssertionError(entry.action());
    }
  }

  private void recordInvocation(EntryProcessorEntry<K, V> entry, long start) {
    if (entry == null || !statistics.isEnabled()) {
      return;
    }
    // Looking the key up counts, whatever the processor then does.
    if (entry.existed()) {
      statistics.recordHits(1);
    } else {
      statistics.recordMisses(1);
    }
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

  @Override
  public <T> Map<K, EntryProcessorResult<T>> invokeAll(Set<? extends K> keys,
      EntryProcessor<K, V, T> entryProcessor, Object... arguments) {
    requireNotClosed();
    requireKeys(keys);
    requireNonNull(entryProcessor, "entryProcessor");
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

  /* ---------------- Iteration ---------------- */

  @Override
  public Iterator<Cache.Entry<K, V>> iterator() {
    requireNotClosed();
    Iterator<Map.Entry<K, V>> entries = cache.asMap().entrySet().iterator();
    return new Iterator<>() {
      private K lastKey;

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
        renewOnAccess(entry.getKey());
        return new EntryProxy<>(copier.copy(entry.getKey()), copier.copy(entry.getValue()));
      }

      @Override
      public void remove() {
        if (lastKey == null) {
          throw new IllegalStateException("next() was not called, or remove() was called already");
        }
        CacheProxy.this.remove(lastKey);
        lastKey = null;
      }
    };
  }

  /** Gives a present entry the policy's access duration, for reads that do not go through the core's hit. */
  private void renewOnAccess(K key) {
    if (expiry == null) {
      return;
    }
    long nanos = expiry.accessNanos();
    if (nanos == ExpiryAdapter.UNCHANGED) {
      return;
    }
    try {
      cache.asMap().computeIfPresent(key, (k, current) -> {
        precompute(nanos);
        return current;
      });
    } finally {
      expiry.clear();
    }
  }

  /* ---------------- Listeners, configuration, life cycle ---------------- */

  @Override
  public void registerCacheEntryListener(CacheEntryListenerConfiguration<K, V> listenerConfiguration) {
    requireNotClosed();
    requireNonNull(listenerConfiguration, "cacheEntryListenerConfiguration");
    synchronized (configuration) {
      dispatcher.register(listenerConfiguration);
      configuration.addCacheEntryListenerConfiguration(listenerConfiguration);
    }
  }

  @Override
  public void deregisterCacheEntryListener(CacheEntryListenerConfiguration<K, V> listenerConfiguration) {
    requireNotClosed();
    requireNonNull(listenerConfiguration, "cacheEntryListenerConfiguration");
    synchronized (configuration) {
      configuration.removeCacheEntryListenerConfiguration(listenerConfiguration);
      dispatcher.deregister(listenerConfiguration);
    }
  }

  @Override
  public <C extends Configuration<K, V>> C getConfiguration(Class<C> type) {
    requireNonNull(type, "type");
    if (type.isInstance(configuration)) {
      return type.cast(configuration);
    }
    throw new IllegalArgumentException("The configuration of this cache is a " + configuration.getClass().getName()
        + ", not a " + type.getName());
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public CacheManager getCacheManager() {
    return cacheManager;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    cacheManager.forget(this);
    enableManagement(false);
    enableStatistics(false);
    dispatcher.close();
    EventDispatcher.closeQuietly(loader);
    EventDispatcher.closeQuietly(writer);
    EventDispatcher.closeQuietly(expiryPolicy);
    cache.invalidateAll();
  }

  /**
   * Returns this cache or the {@link ClockProCache} it runs on.
   *
   * @throws IllegalArgumentException for any other type
   */
  @Override
  public <T> T unwrap(Class<T> type) {
    requireNonNull(type, "type");
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    if (type.isInstance(cache)) {
      return type.cast(cache);
    }
    throw new IllegalArgumentException("Unwrapping to " + type.getName() + " is not supported");
  }

  /** Turns statistics on or off, registering the statistics MXBean accordingly. */
  void enableStatistics(boolean enabled) {
    synchronized (configuration) {
      configuration.setStatisticsEnabled(enabled);
      statistics.enable(enabled);
      if (enabled) {
        JmxRegistration.register(this, statistics, JmxRegistration.MBeanType.STATISTICS);
      } else {
        JmxRegistration.unregister(this, JmxRegistration.MBeanType.STATISTICS);
      }
    }
  }

  /** Turns management on or off, registering the configuration MXBean accordingly. */
  void enableManagement(boolean enabled) {
    synchronized (configuration) {
      configuration.setManagementEnabled(enabled);
      if (enabled) {
        JmxRegistration.register(this, mxBean, JmxRegistration.MBeanType.CONFIGURATION);
      } else {
        JmxRegistration.unregister(this, JmxRegistration.MBeanType.CONFIGURATION);
      }
    }
  }

  /** The configuration of this cache, live: listener registrations and the enabled flags change it. */
  ClockProConfiguration<K, V> configuration() {
    return configuration;
  }

  /** The statistics of this cache. */
  JCacheStatisticsMXBean statistics() {
    return statistics;
  }

  /* ---------------- The core's removals ---------------- */

  /** The core's removal listener: expiry and size eviction; the proxy's own removals it reports itself. */
  private void onRemoval(K key, V value, RemovalCause cause) {
    if (cause == RemovalCause.EXPIRED) {
      statistics.recordEvictions(1);
      dispatcher.publishNow(this, EventType.EXPIRED, key, value, value);
    } else if (cause == RemovalCause.SIZE) {
      statistics.recordEvictions(1);
    }
  }

  /* ---------------- Helpers ---------------- */

  private long creationNanos() {
    return expiry == null ? ExpiryAdapter.ETERNAL_NANOS : expiry.creationNanos();
  }

  private long updateNanos() {
    return expiry == null ? ExpiryAdapter.UNCHANGED : expiry.updateNanos();
  }

  private long accessNanos() {
    return expiry == null ? ExpiryAdapter.UNCHANGED : expiry.accessNanos();
  }

  private void precompute(long nanos) {
    if (expiry != null) {
      expiry.precompute(nanos);
    }
  }

  private void clearIntent() {
    if (expiry != null) {
      expiry.clear();
    }
  }

  private void publish(EventDispatcher.Batch<K, V> batch, EventType type, K key, V value, V oldValue) {
    if (batch != null) {
      batch.add(this, type, key, value, oldValue);
    }
  }

  private void write(K key, V value) {
    if (writer == null) {
      return;
    }
    try {
      writer.write(new EntryProxy<>(key, value));
    } catch (RuntimeException e) {
      throw asWriterException(e);
    }
  }

  private void delete(K key) {
    if (writer == null) {
      return;
    }
    try {
      writer.delete(key);
    } catch (RuntimeException e) {
      throw asWriterException(e);
    }
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

  private static void requireKeys(Set<?> keys) {
    requireNonNull(keys, "keys");
    for (Object key : keys) {
      requireNonNull(key, "a key of keys");
    }
  }

  private void requireNotClosed() {
    if (closed) {
      throw new IllegalStateException("The cache " + name + " is closed");
    }
  }

  /** The completion listener of a {@link #loadAll} called without one. */
  private enum NoCompletionListener implements CompletionListener {
    INSTANCE;

    @Override
    public void onCompletion() {}

    @Override
    public void onException(Exception e) {}
  }
}
