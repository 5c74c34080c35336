package io.github.clockpro.engine;

import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProAsyncLoadingCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Weigher;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Creates the engine's caches for the API's builder: the one public class of this package, which the module does
 * not export.
 */
public final class CacheFactory {

  private CacheFactory() {}

  /**
   * Creates a cache without a loader, for {@code build()}: bounded by size or weight, expiring or not, as the
   * settings say. The builder has checked them, and that they do not ask for refresh.
   *
   * @param settings the builder's settings
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProCache<K, V> newCache(CacheSettings<K, V> settings) {
    if (settings.weakKeys()) {
      KeyReferences keys = new KeyReferences();
      BoundedCache<Object, V> engine = newEngine(new WeakKeysSettings<>(settings, keys));
      engine.collectKeys(keys);
      return new WeakKeysCache<>(engine, keys);
    }
    return newEngine(settings);
  }

  /**
   * Creates a cache that loads with {@code loader}, for {@code build(CacheLoader)}; with the settings' refresh, if
   * they ask for one.
   *
   * @param settings the builder's settings
   * @param loader the loader
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProLoadingCache<K, V> newLoadingCache(CacheSettings<K, V> settings,
      CacheLoader<? super K, V> loader) {
    if (settings.weakKeys()) {
      return newWeakKeysLoadingCache(settings, loader);
    }
    if (!settings.refreshes()) {
      BoundedCache<K, V> engine = newEngine(settings);
      return new LoadingCacheView<>(engine, loader, new Refreshing<>(engine, loader, settings.executor()));
    }
    BoundedCache<K, V> cache;
    if (settings.expires()) {
      cache = newExpiringCache(settings, new RefreshingExpiringLifetimes<>(settings.expireAfterWriteNanos(),
          settings.expireAfterAccessNanos(), settings.expiry(), settings.ticker(), settings.valueStrength(),
          settings.refreshAfterWriteNanos()));
    } else {
      cache = new BoundedCache<>(settings.maximum(), settings.weigher(), settings.scanLimit(),
          settings.initialCapacity(), ThreadLocalRandom.current().nextInt(), settings.removalListener(),
          PolicyView.Expiration.NONE, NodeShape.of(settings.weigher() != null, false, true, settings.valueStrength()),
          new RefreshingLifetimes<>(settings.refreshAfterWriteNanos(), settings.ticker()));
    }
    return new LoadingCacheView<>(cache, loader, new Refreshing<>(cache, loader, settings.executor()));
  }

  /**
   * Creates an asynchronous cache without a loader, for {@code buildAsync()}; its functions run on the settings'
   * executor. The builder has checked that the settings do not ask for refresh.
   *
   * @param settings the builder's settings
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProAsyncCache<K, V> newAsyncCache(CacheSettings<K, V> settings) {
    if (settings.weakKeys()) {
      KeyReferences keys = new KeyReferences();
      BoundedCache<Object, V> engine = newEngine(new WeakKeysSettings<>(settings, keys));
      engine.collectKeys(keys);
      return new WeakKeysAsyncCache<>(new AsyncCacheView<>(engine, settings.executor()),
          new WeakKeysCache<>(engine, keys), keys);
    }
    return new AsyncCacheView<>(newEngine(settings), settings.executor());
  }

  /**
   * Creates an asynchronous loading cache, for {@code buildAsync(loader)}: its synchronous view loads with
   * {@link #blockingLoader} of {@code loader}, and its loads run on the settings' executor, which is given to the
   * loader.
   *
   * @param settings the builder's settings
   * @param loader the asynchronous loader
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProAsyncLoadingCache<K, V> newAsyncLoadingCache(CacheSettings<K, V> settings,
      AsyncCacheLoader<? super K, V> loader) {
    if (settings.weakKeys()) {
      KeyReferences keys = new KeyReferences();
      WeakKeysSettings<K, V> engineSettings = new WeakKeysSettings<>(settings, keys);
      ClockProAsyncLoadingCache<Object, V> engine =
          newAsyncLoadingCache(engineSettings, engineSettings.asyncLoader(loader));
      ((LoadingCacheView<Object, V>) engine.synchronous()).engine().collectKeys(keys);
      return new WeakKeysAsyncLoadingCache<>(engine, new WeakKeysLoadingCache<>(engine.synchronous(), keys), keys);
    }
    Executor executor = settings.executor();
    ClockProLoadingCache<K, V> synchronous = newLoadingCache(settings, blockingLoader(loader, executor));
    AsyncCacheView<K, V> async = new AsyncCacheView<>(((LoadingCacheView<K, V>) synchronous).engine(), executor);
    return new AsyncLoadingCacheView<>(async, synchronous, loader);
  }

  /**
   * Creates a size-bounded cache with a fixed seed instead of a random one; for tests and simulations outside this
   * package that replay the cache's decisions against a model. The seed lays out the history's table and mixes the
   * hashes of {@code Long} keys with high bits set (see {@code NodeTable.hash}); a fixed seed makes those hashes,
   * and so colliding keys, predictable, which is what the random seed prevents. With the seed 0 a key's hash is
   * the one the reference model computes.
   *
   * @param maximumSize at least 0
   * @param scanLimit at least 1
   * @param initialCapacity from 0 to {@code maximumSize}
   * @param removalListener the listener, or {@code null}
   * @param seed any value
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProCache<K, V> newBoundedCache(int maximumSize, int scanLimit, int initialCapacity,
      RemovalListener<? super K, ? super V> removalListener, int seed) {
    return new BoundedCache<>(maximumSize, scanLimit, initialCapacity, seed, removalListener);
  }

  /**
   * Creates a weight-bounded cache with a fixed seed; for tests and simulations, as
   * {@link #newBoundedCache(int, int, int, RemovalListener, int)}.
   *
   * @param maximumWeight at least 0
   * @param weigher weighs each value written
   * @param scanLimit at least 1
   * @param initialCapacity at least 0
   * @param removalListener the listener, or {@code null}
   * @param seed any value
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProCache<K, V> newWeightedCache(long maximumWeight, Weigher<? super K, ? super V> weigher,
      int scanLimit, int initialCapacity, RemovalListener<? super K, ? super V> removalListener, int seed) {
    return new BoundedCache<>(maximumWeight, weigher, scanLimit, initialCapacity, seed, removalListener,
        PolicyView.Expiration.NONE, NodeShape.WEIGHTED, Lifetimes.none());
  }

  /** A loading cache with weak keys: an engine keyed by {@link KeyReferences}' objects, seen through the edge. */
  private static <K, V> ClockProLoadingCache<K, V> newWeakKeysLoadingCache(CacheSettings<K, V> settings,
      CacheLoader<? super K, V> loader) {
    KeyReferences keys = new KeyReferences();
    WeakKeysSettings<K, V> engineSettings = new WeakKeysSettings<>(settings, keys);
    LoadingCacheView<Object, V> engine =
        (LoadingCacheView<Object, V>) newLoadingCache(engineSettings, engineSettings.loader(loader));
    engine.engine().collectKeys(keys);
    return new WeakKeysLoadingCache<>(engine, keys);
  }

  /** The engine of a cache without refresh: bounded by size, by weight, or expiring as well. */
  private static <K, V> BoundedCache<K, V> newEngine(CacheSettings<K, V> settings) {
    if (settings.expires()) {
      return newExpiringCache(settings, new ExpiringLifetimes<>(settings.expireAfterWriteNanos(),
          settings.expireAfterAccessNanos(), settings.expiry(), settings.ticker(), settings.valueStrength()));
    }
    return new BoundedCache<>(settings.maximum(), settings.weigher(), settings.scanLimit(),
        settings.initialCapacity(), ThreadLocalRandom.current().nextInt(), settings.removalListener(),
        PolicyView.Expiration.NONE, NodeShape.of(settings.weigher() != null, false, false, settings.valueStrength()),
        Lifetimes.none());
  }

  /** An expiring cache over {@code lifetimes}, which the settings' expiry made. */
  private static <K, V> ExpiringCache<K, V> newExpiringCache(CacheSettings<K, V> settings,
      ExpiringLifetimes<K, V> lifetimes) {
    long afterWrite = settings.expireAfterWriteNanos();
    long afterAccess = settings.expireAfterAccessNanos();
    PolicyView.Expiration expiration = new PolicyView.Expiration(
        afterWrite < 0 ? OptionalLong.empty() : OptionalLong.of(afterWrite),
        afterAccess < 0 ? OptionalLong.empty() : OptionalLong.of(afterAccess), settings.expiry() != null);
    return new ExpiringCache<>(settings.maximum(), settings.weigher(), settings.scanLimit(),
        settings.initialCapacity(), ThreadLocalRandom.current().nextInt(), settings.removalListener(), expiration,
        NodeShape.of(settings.weigher() != null, true, lifetimes.keepsWriteTime(), settings.valueStrength()),
        lifetimes, settings.scheduler());
  }

  /**
   * Calls a loader's method, or other user code that may throw a checked exception: returns its result, rethrows an
   * unchecked exception or an error as it is, and wraps a checked exception in {@link CompletionException} (which a
   * future running the call then fails with, as Caffeine's), restoring the interrupt flag for an
   * {@link InterruptedException}. For {@link CacheLoader}'s default methods and the engine's loads.
   *
   * @param code the call
   * @param <T> the type of its result
   * @return its result
   */
  public static <T> T call(Callable<T> code) {
    try {
      return code.call();
    } catch (RuntimeException | Error unchecked) {
      throw unchecked;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new CompletionException(interrupted);
    } catch (Exception checked) {
      throw new CompletionException(checked);
    }
  }

  /**
   * Returns the loader of the synchronous view of {@code buildAsync(AsyncCacheLoader)}: the loader itself if it is a
   * {@link CacheLoader}; else one whose methods wait for the asynchronous loader's futures.
   *
   * @param loader the asynchronous loader
   * @param executor given to the loader
   * @return a loader for {@code build(CacheLoader)}
   */
  @SuppressWarnings("unchecked")
  public static <K, V> CacheLoader<? super K, V> blockingLoader(AsyncCacheLoader<? super K, V> loader,
      Executor executor) {
    if (loader instanceof CacheLoader<?, ?>) {
      return (CacheLoader<? super K, V>) loader;
    }
    return BlockingLoader.of(loader, executor);
  }
}
