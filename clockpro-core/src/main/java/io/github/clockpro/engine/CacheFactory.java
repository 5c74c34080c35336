package io.github.clockpro.engine;

import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProAsyncLoadingCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Scheduler;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Creates the engine's caches for the API's builder: the one public class of this package, which the module does
 * not export.
 */
public final class CacheFactory {

  private CacheFactory() {}

  /**
   * Creates a size-bounded cache. The builder has checked every argument.
   *
   * @param maximumSize at least 0
   * @param scanLimit at least 1
   * @param initialCapacity from 0 to {@code maximumSize}
   * @param removalListener the listener, or {@code null}
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProCache<K, V> newBoundedCache(int maximumSize, int scanLimit, int initialCapacity,
      RemovalListener<? super K, ? super V> removalListener) {
    int seed = ThreadLocalRandom.current().nextInt();
    return new BoundedCache<>(maximumSize, scanLimit, initialCapacity, seed, removalListener);
  }

  /**
   * Creates a size-bounded cache with a fixed seed instead of a random one; for tests and simulations outside this
   * package that replay the cache's decisions against a model. The seed lays out the history's table and mixes the
   * hashes of {@code Long} keys with high bits set (see {@code NodeTable.hash}); a fixed seed makes those hashes,
   * and so colliding keys, predictable, which is what the random seed prevents. With the seed 0 a key's hash is
   * the one the reference model computes.
   *
   * @param seed any value
   * @see #newBoundedCache(int, int, int, RemovalListener)
   */
  public static <K, V> ClockProCache<K, V> newBoundedCache(int maximumSize, int scanLimit, int initialCapacity,
      RemovalListener<? super K, ? super V> removalListener, int seed) {
    return new BoundedCache<>(maximumSize, scanLimit, initialCapacity, seed, removalListener);
  }

  /**
   * Creates a weight-bounded cache. The builder has checked every argument.
   *
   * @param maximumWeight at least 1
   * @param weigher weighs each value written
   * @param scanLimit at least 1
   * @param initialCapacity at least 0
   * @param removalListener the listener, or {@code null}
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProCache<K, V> newWeightedCache(long maximumWeight, Weigher<? super K, ? super V> weigher,
      int scanLimit, int initialCapacity, RemovalListener<? super K, ? super V> removalListener) {
    int seed = ThreadLocalRandom.current().nextInt();
    return new BoundedCache<>(maximumWeight, weigher, scanLimit, initialCapacity, seed, removalListener,
        PolicyView.Expiration.NONE, NodeShape.WEIGHTED);
  }

  /**
   * Creates a weight-bounded cache with a fixed seed; for tests and simulations, as
   * {@link #newBoundedCache(int, int, int, RemovalListener, int)}.
   *
   * @param seed any value
   * @see #newWeightedCache(long, Weigher, int, int, RemovalListener)
   */
  public static <K, V> ClockProCache<K, V> newWeightedCache(long maximumWeight, Weigher<? super K, ? super V> weigher,
      int scanLimit, int initialCapacity, RemovalListener<? super K, ? super V> removalListener, int seed) {
    return new BoundedCache<>(maximumWeight, weigher, scanLimit, initialCapacity, seed, removalListener,
        PolicyView.Expiration.NONE, NodeShape.WEIGHTED);
  }

  /**
   * Creates a bounded cache whose entries expire. The builder has checked every argument, and set either an
   * expiry or one or both fixed lifetimes.
   *
   * @param maximum the most entries, at least 1 and at most {@link Integer#MAX_VALUE}; or with a weigher, the most
   *     weight, at least 1
   * @param weigher weighs each value written, or {@code null} for a cache bounded by size
   * @param scanLimit at least 1
   * @param initialCapacity at least 0
   * @param removalListener the listener, or {@code null}
   * @param expireAfterWriteNanos the lifetime after a write, at least 0; or -1
   * @param expireAfterAccessNanos the lifetime after an access, at least 0; or -1
   * @param expiry the lifetimes by entry, or {@code null}
   * @param ticker the time source
   * @param scheduler the scheduler for prompt removal
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new, empty cache
   */
  public static <K, V> ClockProCache<K, V> newExpiringCache(long maximum, Weigher<? super K, ? super V> weigher,
      int scanLimit, int initialCapacity, RemovalListener<? super K, ? super V> removalListener,
      long expireAfterWriteNanos, long expireAfterAccessNanos, Expiry<K, V> expiry, Ticker ticker,
      Scheduler scheduler) {
    int seed = ThreadLocalRandom.current().nextInt();
    return new ExpiringCache<>(maximum, weigher, scanLimit, initialCapacity, seed, removalListener,
        expireAfterWriteNanos, expireAfterAccessNanos, expiry, ticker, scheduler, false);
  }

  /**
   * Gives a cache this factory built a loader, for {@code build(CacheLoader)}.
   *
   * @param cache a cache from {@link #newBoundedCache} or {@link #newExpiringCache}
   * @param loader the loader
   * @param executor runs the loader's reloads for {@code refresh}
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the loading cache
   */
  public static <K, V> ClockProLoadingCache<K, V> newLoadingCache(ClockProCache<K, V> cache,
      CacheLoader<? super K, V> loader, Executor executor) {
    BoundedCache<K, V> engine = (BoundedCache<K, V>) cache;
    return new LoadingCacheView<>(engine, loader, new Refreshing<>(engine, loader, executor));
  }

  /**
   * Creates a loading cache whose entries are refreshed once their value is {@code refreshNanos} old; without
   * expiry.
   *
   * @param maximum the maximum size, or with a weigher the maximum weight
   * @param weigher weighs each value, or {@code null} for a cache bounded by size
   * @param refreshNanos at least 1
   * @param ticker the time source
   * @return a new, empty cache
   */
  public static <K, V> ClockProLoadingCache<K, V> newRefreshingCache(long maximum,
      Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity,
      RemovalListener<? super K, ? super V> removalListener, CacheLoader<? super K, V> loader, Executor executor,
      long refreshNanos, Ticker ticker) {
    int seed = ThreadLocalRandom.current().nextInt();
    RefreshingCache<K, V> cache = new RefreshingCache<>(maximum, weigher, scanLimit, initialCapacity, seed,
        removalListener, loader, executor, refreshNanos, ticker);
    return new LoadingCacheView<>(cache, loader, cache.refreshing());
  }

  /**
   * Creates a loading cache whose entries both expire, as in {@link #newExpiringCache}, and are refreshed once
   * their value is {@code refreshNanos} old, as in {@link #newRefreshingCache}. The builder has checked every
   * argument, and set either an expiry or one or both fixed lifetimes.
   *
   * @param maximum the maximum size, or with a weigher the maximum weight
   * @param weigher weighs each value, or {@code null} for a cache bounded by size
   * @param refreshNanos at least 1
   * @return a new, empty cache
   */
  public static <K, V> ClockProLoadingCache<K, V> newRefreshingExpiringCache(long maximum,
      Weigher<? super K, ? super V> weigher, int scanLimit, int initialCapacity,
      RemovalListener<? super K, ? super V> removalListener, long expireAfterWriteNanos,
      long expireAfterAccessNanos, Expiry<K, V> expiry, Ticker ticker, Scheduler scheduler,
      CacheLoader<? super K, V> loader, Executor executor, long refreshNanos) {
    int seed = ThreadLocalRandom.current().nextInt();
    RefreshingExpiringCache<K, V> cache = new RefreshingExpiringCache<>(maximum, weigher, scanLimit,
        initialCapacity, seed, removalListener, expireAfterWriteNanos, expireAfterAccessNanos, expiry, ticker,
        scheduler, loader, executor, refreshNanos);
    return new LoadingCacheView<>(cache, loader, cache.refreshing());
  }

  /**
   * Makes a cache this factory built asynchronous, for {@code buildAsync()}.
   *
   * @param cache a cache from {@link #newBoundedCache} or {@link #newExpiringCache}
   * @param executor runs the functions of {@code get(key, Function)}
   * @return the asynchronous cache, whose {@code synchronous()} is {@code cache}
   */
  public static <K, V> ClockProAsyncCache<K, V> newAsyncCache(ClockProCache<K, V> cache, Executor executor) {
    return new AsyncCacheView<>((BoundedCache<K, V>) cache, executor);
  }

  /**
   * Makes a loading cache this factory built asynchronous, for {@code buildAsync(loader)}.
   *
   * @param cache a cache from {@link #newLoadingCache}, {@link #newRefreshingCache} or
   *     {@link #newRefreshingExpiringCache}, whose loader is {@code loader} or {@link #blockingLoader} of it
   * @param loader the asynchronous loader
   * @param executor runs the loads of {@code get(key, Function)} and is given to the loader
   * @return the asynchronous loading cache, whose {@code synchronous()} is {@code cache}
   */
  public static <K, V> ClockProAsyncLoadingCache<K, V> newAsyncLoadingCache(ClockProLoadingCache<K, V> cache,
      AsyncCacheLoader<? super K, V> loader, Executor executor) {
    AsyncCacheView<K, V> async = new AsyncCacheView<>(((LoadingCacheView<K, V>) cache).engine(), executor);
    return new AsyncLoadingCacheView<>(async, cache, loader);
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
