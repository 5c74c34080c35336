package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.heldUntilDone;

import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Scheduler;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The settings of a cache built with {@code weakKeys}, as the engine takes them: keyed by the objects
 * {@link KeyReferences} makes, with every user callback (weigher, expiry, listeners, loader) given the program's
 * key instead. A listener hears of an entry whose key was collected with a {@code null} key and
 * {@link RemovalCause#COLLECTED}, whatever removed it, as in Caffeine. No other callback is ever given a
 * {@code null} key: a loader's future keeps its key strongly reachable until it completes
 * ({@link KeyReferences#heldUntilDone}), and should the collector take a key between an edge's call and the
 * engine's next callback for it (a {@code replaceAll} of the map, say), the weigher and the expiry are not asked:
 * the entry weighs 0 and expires at once, on its way out as collected.
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
final class WeakKeysSettings<K, V> implements CacheSettings<Object, V> {

  private final CacheSettings<K, V> settings;
  private final KeyReferences keys;

  WeakKeysSettings(CacheSettings<K, V> settings, KeyReferences keys) {
    this.settings = settings;
    this.keys = keys;
  }

  @Override
  public long maximum() {
    return settings.maximum();
  }

  @Override
  public Weigher<Object, V> weigher() {
    Weigher<? super K, ? super V> weigher = settings.weigher();
    if (weigher == null) {
      return null;
    }
    return (engineKey, value) -> {
      K key = KeyReferences.key(engineKey);
      return key == null ? 0 : weigher.weigh(key, value);
    };
  }

  @Override
  public int scanLimit() {
    return settings.scanLimit();
  }

  @Override
  public int initialCapacity() {
    return settings.initialCapacity();
  }

  @Override
  public RemovalListener<Object, V> removalListener() {
    RemovalListener<? super K, ? super V> listener = settings.removalListener();
    if (listener == null) {
      return null;
    }
    return (key, value, cause) -> {
      K programKey = KeyReferences.key(key);
      listener.onRemoval(programKey, value, programKey == null ? RemovalCause.COLLECTED : cause);
    };
  }

  @Override
  public long expireAfterWriteNanos() {
    return settings.expireAfterWriteNanos();
  }

  @Override
  public long expireAfterAccessNanos() {
    return settings.expireAfterAccessNanos();
  }

  @Override
  public Expiry<Object, V> expiry() {
    Expiry<K, V> expiry = settings.expiry();
    if (expiry == null) {
      return null;
    }
    return new Expiry<>() {
      @Override
      public long expireAfterCreate(Object engineKey, V value, long currentTime) {
        K key = KeyReferences.key(engineKey);
        return key == null ? 0 : expiry.expireAfterCreate(key, value, currentTime);
      }

      @Override
      public long expireAfterUpdate(Object engineKey, V value, long currentTime, long currentDuration) {
        K key = KeyReferences.key(engineKey);
        return key == null ? 0 : expiry.expireAfterUpdate(key, value, currentTime, currentDuration);
      }

      @Override
      public long expireAfterRead(Object engineKey, V value, long currentTime, long currentDuration) {
        K key = KeyReferences.key(engineKey);
        return key == null ? 0 : expiry.expireAfterRead(key, value, currentTime, currentDuration);
      }
    };
  }

  @Override
  public Ticker ticker() {
    return settings.ticker();
  }

  @Override
  public Scheduler scheduler() {
    return settings.scheduler();
  }

  @Override
  public Executor executor() {
    return settings.executor();
  }

  @Override
  public long refreshAfterWriteNanos() {
    return settings.refreshAfterWriteNanos();
  }

  @Override
  public ValueStrength valueStrength() {
    return settings.valueStrength();
  }

  @Override
  public boolean weakKeys() {
    return false; // these settings are the engine's, which holds its own keys strongly
  }

  /**
   * The loader the engine calls: {@code loader}, given the program's keys, its results keyed for the engine. It
   * implements {@code loadAll} if and only if {@code loader} does, which decides whether the cache loads in bulk.
   */
  CacheLoader<Object, V> loader(CacheLoader<? super K, V> loader) {
    return LoadingCacheView.overridesLoadAll(loader) ? new BulkKeyLoader(loader) : new KeyLoader(loader);
  }

  /** As {@link #loader}, for an asynchronous loader; it implements {@code asyncLoadAll} if {@code loader} does. */
  @SuppressWarnings("unchecked")
  AsyncCacheLoader<Object, V> asyncLoader(AsyncCacheLoader<? super K, V> loader) {
    if (loader instanceof CacheLoader<?, ?>) {
      return loader((CacheLoader<? super K, V>) loader);
    }
    return AsyncLoadingCacheView.loadsInBulk(loader) ? new AsyncBulkKeyLoader(loader) : new AsyncKeyLoader(loader);
  }

  private class KeyLoader implements CacheLoader<Object, V> {
    final CacheLoader<? super K, V> loader;

    KeyLoader(CacheLoader<? super K, V> loader) {
      this.loader = loader;
    }

    @Override
    public V load(Object key) throws Exception {
      return loader.load(KeyReferences.key(key));
    }

    @Override
    public V reload(Object key, V oldValue) throws Exception {
      return loader.reload(KeyReferences.key(key), oldValue);
    }

    @Override
    public CompletableFuture<? extends V> asyncLoad(Object engineKey, Executor executor) {
      K key = KeyReferences.key(engineKey);
      return heldUntilDone(key, loader.asyncLoad(key, executor));
    }

    @Override
    public CompletableFuture<? extends V> asyncReload(Object engineKey, V oldValue, Executor executor) {
      K key = KeyReferences.key(engineKey);
      return heldUntilDone(key, loader.asyncReload(key, oldValue, executor));
    }
  }

  private final class BulkKeyLoader extends KeyLoader {
    BulkKeyLoader(CacheLoader<? super K, V> loader) {
      super(loader);
    }

    @Override
    public Map<Object, V> loadAll(Set<?> engineKeys) throws Exception {
      return keys.referencesOf(loader.loadAll(KeyReferences.programKeys(engineKeys)));
    }

    @Override
    public CompletableFuture<Map<Object, V>> asyncLoadAll(Set<?> engineKeys, Executor executor) {
      Set<K> programKeys = KeyReferences.programKeys(engineKeys);
      return heldUntilDone(programKeys, loader.asyncLoadAll(programKeys, executor)).thenApply(keys::referencesOf);
    }
  }

  private class AsyncKeyLoader implements AsyncCacheLoader<Object, V> {
    final AsyncCacheLoader<? super K, V> loader;

    AsyncKeyLoader(AsyncCacheLoader<? super K, V> loader) {
      this.loader = loader;
    }

    @Override
    public CompletableFuture<? extends V> asyncLoad(Object engineKey, Executor executor) throws Exception {
      K key = KeyReferences.key(engineKey);
      return heldUntilDone(key, loader.asyncLoad(key, executor));
    }

    @Override
    public CompletableFuture<? extends V> asyncReload(Object engineKey, V oldValue, Executor executor)
        throws Exception {
      K key = KeyReferences.key(engineKey);
      return heldUntilDone(key, loader.asyncReload(key, oldValue, executor));
    }
  }

  private final class AsyncBulkKeyLoader extends AsyncKeyLoader {
    AsyncBulkKeyLoader(AsyncCacheLoader<? super K, V> loader) {
      super(loader);
    }

    @Override
    public CompletableFuture<Map<Object, V>> asyncLoadAll(Set<?> engineKeys, Executor executor) throws Exception {
      Set<K> programKeys = KeyReferences.programKeys(engineKeys);
      return heldUntilDone(programKeys, loader.asyncLoadAll(programKeys, executor)).thenApply(keys::referencesOf);
    }
  }
}
