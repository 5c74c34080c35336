package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.Weigher;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import javax.cache.integration.CacheWriterException;
import javax.cache.integration.CompletionListener;
import javax.cache.processor.EntryProcessor;
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
   * Where each part lives. This class checks the arguments, counts the statistics and owns the life cycle.
   * EntryWrites holds the writes of one key and the transitions (create, update, access, keep, delete) their
   * functions are made of; Loading the loader (read-through and loadAll); EntryProcessorInvoker the entry
   * processors, which apply the same transitions; WriteThrough the writer; EventDispatcher the listeners.
   *
   * Expiry. The ExpiryAdapter maps the policy onto the core's Expiry, and the core keeps the deadlines, removes
   * expired entries and reports them as RemovalCause.EXPIRED, from which onRemoval dispatches EXPIRED events.
   * Where the JCache operation differs from the core operation, the function leaves the duration it asked the
   * policy for as the thread's intent (see ExpiryAdapter), and every core call clears it in a finally block
   * (see EntryWrites). A cache whose policy is eternal builds its core without expiry, so its hits pay nothing
   * for it.
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
  private final ExpiryPolicy expiryPolicy;
  private final WriteThrough<K, V> writeThrough;
  private final Copier copier;
  private final EventDispatcher<K, V> dispatcher;
  private final JCacheStatisticsMXBean statistics;
  private final JCacheMXBean mxBean;
  private final EntryWrites<K, V> writes;
  private final Loading<K, V> loading;
  private final EntryProcessorInvoker<K, V> invoker;
  private volatile boolean closed;

  CacheProxy(String name, CacheManagerImpl cacheManager, ClockProConfiguration<K, V> configuration,
      Executor executor) {
    this.name = name;
    this.cacheManager = cacheManager;
    this.configuration = configuration;
    this.copier = configuration.isStoreByValue()
        ? Copier.serializing(cacheManager.getClassLoader()) : Copier.IDENTITY;
    this.expiryPolicy = configuration.effectiveExpiryPolicy();
    ExpiryAdapter<K, V> expiry =
        expiryPolicy instanceof EternalExpiryPolicy ? null : new ExpiryAdapter<>(expiryPolicy);
    CacheLoader<K, V> loader = configuration.getCacheLoaderFactory() == null ? null
        : configuration.getCacheLoaderFactory().create();
    this.writeThrough = new WriteThrough<>(configuration);
    this.dispatcher = new EventDispatcher<>(executor);
    this.statistics = new JCacheStatisticsMXBean();
    this.mxBean = new JCacheMXBean(configuration);
    this.cache = buildCore(configuration, expiry, executor);
    this.writes = new EntryWrites<>(this, cache, expiry, writeThrough, copier, dispatcher, statistics);
    this.loading = new Loading<>(this, loader, configuration.isReadThrough(), writes, copier, executor);
    this.invoker = new EntryProcessorInvoker<>(writes, loading.isReadThrough() ? loading::loadValue : null,
        copier, statistics);
    for (CacheEntryListenerConfiguration<K, V> listener : configuration.getCacheEntryListenerConfigurations()) {
      dispatcher.register(listener);
    }
  }

  /** The core cache: bounded by size or weight, with expiry unless the policy is eternal. */
  private ClockProCache<K, V> buildCore(ClockProConfiguration<K, V> configuration, ExpiryAdapter<K, V> expiry,
      Executor executor) {
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
    return builder.build();
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
    if (value == null && loading.isReadThrough()) {
      value = loading.loadThrough(key);
    }
    return copier.copy(value);
  }

  /** {@link #get} with statistics: a hit or a miss, and the time taken. */
  private V getCounted(K key) {
    long start = statistics.start();
    V value = cache.getIfPresent(key);
    statistics.recordLookup(value != null);
    if (value == null && loading.isReadThrough()) {
      value = loading.loadThrough(key);
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
    if (!missing.isEmpty() && loading.isReadThrough()) {
      loading.loadMissing(missing, result);
    }
    statistics.recordGetTime(start);
    return result;
  }

  @Override
  public boolean containsKey(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    return writes.containsKey(key);
  }

  @Override
  public void loadAll(Set<? extends K> keys, boolean replaceExistingValues,
      CompletionListener completionListener) {
    requireNotClosed();
    requireKeys(keys);
    loading.loadAll(keys, replaceExistingValues, completionListener);
  }

  /* ---------------- Writes ---------------- */

  @Override
  public void put(K key, V value) {
    requireEntry(key, value, "value");
    long start = statistics.start();
    writes.withEvents(batch -> writes.put(key, value, true, batch));
    statistics.recordPutTime(start);
  }

  @Override
  public V getAndPut(K key, V value) {
    requireEntry(key, value, "value");
    long start = statistics.start();
    V previous = writes.withEvents(batch -> writes.put(key, value, true, batch));
    statistics.recordLookup(previous != null);
    statistics.recordPutTime(start);
    statistics.recordGetTime(start);
    return copier.copy(previous);
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
    CacheWriterException failure = writes.putAll(map);
    statistics.recordPutTime(start);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public boolean putIfAbsent(K key, V value) {
    requireEntry(key, value, "value");
    long start = statistics.start();
    boolean added = writes.withEvents(batch -> writes.putIfAbsent(key, value, true, batch));
    statistics.recordLookup(!added);
    statistics.recordPutTime(start);
    return added;
  }

  @Override
  public boolean remove(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    long start = statistics.start();
    writeThrough.delete(key);
    V removed = writes.withEvents(batch -> writes.remove(key, batch));
    statistics.recordRemoveTime(start);
    return removed != null;
  }

  @Override
  public boolean remove(K key, V oldValue) {
    requireEntry(key, oldValue, "oldValue");
    long start = statistics.start();
    EntryWrites.Outcome<V> outcome = writes.withEvents(batch -> writes.remove(key, oldValue, batch));
    statistics.recordLookup(outcome.found());
    if (outcome.changed) {
      statistics.recordRemovals(1);
    }
    statistics.recordRemoveTime(start);
    return outcome.changed;
  }

  @Override
  public V getAndRemove(K key) {
    requireNotClosed();
    requireNonNull(key, "key");
    long start = statistics.start();
    writeThrough.delete(key);
    V removed = writes.withEvents(batch -> writes.remove(key, batch));
    statistics.recordLookup(removed != null);
    statistics.recordRemoveTime(start);
    statistics.recordGetTime(start);
    return copier.copy(removed);
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    requireEntry(key, oldValue, "oldValue");
    requireNonNull(newValue, "newValue");
    long start = statistics.start();
    EntryWrites.Outcome<V> outcome = writes.withEvents(batch -> writes.replace(key, oldValue, newValue, batch));
    statistics.recordLookup(outcome.found());
    if (outcome.changed) {
      statistics.recordPuts(1);
      statistics.recordPutTime(start);
    }
    return outcome.changed;
  }

  @Override
  public boolean replace(K key, V value) {
    return replaceAny(key, value) != null;
  }

  @Override
  public V getAndReplace(K key, V value) {
    return copier.copy(replaceAny(key, value));
  }

  /** Replaces a present value, whatever it is; counts a hit and a put, or a miss. Returns the value replaced. */
  private V replaceAny(K key, V value) {
    requireEntry(key, value, "value");
    long start = statistics.start();
    EntryWrites.Outcome<V> outcome = writes.withEvents(batch -> writes.replace(key, null, value, batch));
    statistics.recordLookup(outcome.found());
    if (outcome.found()) {
      statistics.recordPuts(1);
      statistics.recordPutTime(start);
    }
    statistics.recordGetTime(start);
    return outcome.previous;
  }

  @Override
  public void removeAll(Set<? extends K> keys) {
    requireNotClosed();
    requireKeys(keys);
    removeKeys(new ArrayList<>(keys));
  }

  @Override
  public void removeAll() {
    requireNotClosed();
    removeKeys(new ArrayList<>(cache.asMap().keySet()));
  }

  private void removeKeys(List<K> keys) {
    long start = statistics.start();
    CacheWriterException failure = writes.removeAll(keys);
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
    return invoker.invoke(key, entryProcessor, arguments);
  }

  @Override
  public <T> Map<K, EntryProcessorResult<T>> invokeAll(Set<? extends K> keys,
      EntryProcessor<K, V, T> entryProcessor, Object... arguments) {
    requireNotClosed();
    requireKeys(keys);
    requireNonNull(entryProcessor, "entryProcessor");
    return invoker.invokeAll(keys, entryProcessor, arguments);
  }

  /* ---------------- Iteration ---------------- */

  @Override
  public Iterator<Cache.Entry<K, V>> iterator() {
    requireNotClosed();
    return new EntryIterator<>(this, cache.asMap().entrySet().iterator(), writes, copier, statistics);
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
    loading.close();
    writeThrough.close();
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

  /** The core's removal listener: expiry and size eviction; the proxy's own removals it reports itself. */
  private void onRemoval(K key, V value, RemovalCause cause) {
    if (cause == RemovalCause.EXPIRED) {
      statistics.recordEvictions(1);
      dispatcher.publishNow(this, EventType.EXPIRED, key, value, value);
    } else if (cause == RemovalCause.SIZE) {
      statistics.recordEvictions(1);
    }
  }

  /* ---------------- Argument checks ---------------- */

  /** Checks that the cache is open and that neither the key nor the value, named {@code valueName}, is null. */
  private void requireEntry(K key, V value, String valueName) {
    requireNotClosed();
    requireNonNull(key, "key");
    requireNonNull(value, valueName);
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
}
