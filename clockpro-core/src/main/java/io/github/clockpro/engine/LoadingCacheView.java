package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Policy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The {@link ClockProLoadingCache} that {@code build(CacheLoader)} returns: the engine's cache, whatever its kind,
 * with a {@link CacheLoader}. A class apart, so that a cache built with {@code build()} has no loader field and no
 * extra call on its hit path; here every method of {@link ClockProCache} is one delegation.
 *
 * <p>The loader's checked exceptions reach callers wrapped in {@link CompletionException}, as in Caffeine
 * ({@link #call}); {@code getAll} calls {@link CacheLoader#loadAll} once if the loader's class overrides it, and
 * {@link CacheLoader#load} per missing key if not (whether it does is decided once, here), and when one of those
 * loads fails, counts the keys it had not reached as misses, as Caffeine does.
 *
 * <p>Fields: none change; the cache and the refreshes are thread-safe on their own.
 */
final class LoadingCacheView<K, V> implements ClockProLoadingCache<K, V> {

  private final BoundedCache<K, V> cache;
  private final Refreshing<K, V> refreshing;
  private final PolicyView<K, V> policy;
  private final Function<K, V> load;
  private final Function<Set<? extends K>, Map<? extends K, ? extends V>> loadAll;

  LoadingCacheView(BoundedCache<K, V> cache, CacheLoader<? super K, V> loader, Refreshing<K, V> refreshing) {
    this.cache = cache;
    this.refreshing = refreshing;
    this.policy = cache.policyView().withRefreshing(refreshing);
    this.load = key -> CacheFactory.call(() -> loader.load(key));
    // The loader's extra keys are the cache's keys in practice; the map is checked for nulls, not for types.
    @SuppressWarnings("unchecked")
    CacheLoader<K, V> typed = (CacheLoader<K, V>) loader;
    this.loadAll = overridesLoadAll(loader) ? keys -> CacheFactory.call(() -> typed.loadAll(keys)) : null;
  }

  /** The engine's cache; for tests. */
  BoundedCache<K, V> engine() {
    return cache;
  }

  @Override
  public V get(K key) {
    return cache.get(key, load);
  }

  @Override
  public Map<K, V> getAll(Iterable<? extends K> keys) {
    if (loadAll != null) {
      return cache.getAll(keys, loadAll);
    }
    requireNonNull(keys, "keys");
    Set<K> distinct = new LinkedHashSet<>(); // a key given twice is loaded once, as getAll(keys, function) does
    for (K key : keys) {
      distinct.add(requireNonNull(key, "key"));
    }
    Map<K, V> result = new LinkedHashMap<>();
    int reached = 0;
    try {
      for (K key : distinct) {
        reached++;
        V value = get(key);
        if (value != null) {
          result.put(key, value);
        }
      }
    } catch (RuntimeException | Error failure) {
      cache.counters().recordMisses(distinct.size() - reached); // the keys not reached, as Caffeine counts them
      throw failure;
    }
    return Collections.unmodifiableMap(result);
  }

  @Override
  public CompletableFuture<V> refresh(K key) {
    requireNonNull(key, "key");
    return refreshing.refresh(key, cache.peek(key));
  }

  @Override
  public CompletableFuture<Map<K, V>> refreshAll(Iterable<? extends K> keys) {
    Set<K> distinct = AsyncCacheView.distinctKeys(keys);
    Map<K, CompletableFuture<V>> futures = new LinkedHashMap<>();
    for (K key : distinct) {
      futures.put(key, refresh(key));
    }
    return AsyncCacheView.collect(futures);
  }

  @Override
  public V getIfPresent(K key) {
    return cache.getIfPresent(key);
  }

  @Override
  public Map<K, V> getAllPresent(Iterable<? extends K> keys) {
    return cache.getAllPresent(keys);
  }

  @Override
  public V get(K key, Function<? super K, ? extends V> loader) {
    return cache.get(key, loader);
  }

  @Override
  public Map<K, V> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    return cache.getAll(keys, mappingFunction);
  }

  @Override
  public void put(K key, V value) {
    cache.put(key, value);
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    cache.putAll(map);
  }

  @Override
  public void invalidate(K key) {
    cache.invalidate(key);
  }

  @Override
  public void invalidateAll(Iterable<? extends K> keys) {
    cache.invalidateAll(keys);
  }

  @Override
  public void invalidateAll() {
    cache.invalidateAll();
  }

  @Override
  public int size() {
    return cache.size();
  }

  @Override
  public void cleanUp() {
    cache.cleanUp();
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return cache.asMap();
  }

  @Override
  public CacheStats stats() {
    return cache.stats();
  }

  @Override
  public Policy<K, V> policy() {
    return policy;
  }

  @Override
  public String toString() {
    return cache.toString();
  }

  /** Whether the loader's class implements {@link CacheLoader#loadAll} rather than inheriting the default. */
  static boolean overridesLoadAll(CacheLoader<?, ?> loader) {
    for (Class<?> type = loader.getClass(); type != null; type = type.getSuperclass()) {
      try {
        type.getDeclaredMethod("loadAll", Set.class);
        return true;
      } catch (NoSuchMethodException notHere) {
        // look in the superclass; an interface's default does not count
      }
    }
    return false;
  }
}
