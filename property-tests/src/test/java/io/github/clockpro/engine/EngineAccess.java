package io.github.clockpro.engine;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * What the properties read from the engine behind a cache built through the public builder: they run on the class
 * path, so this class shares the engine's package.
 */
public final class EngineAccess {

  private EngineAccess() {}

  /**
   * Checks every named invariant of the engine under the eviction lock.
   *
   * @param cache a cache built by {@code ClockProCache.builder()}
   * @return the violated invariants with details; empty if all hold
   */
  public static List<String> checkInvariants(ClockProCache<?, ?> cache) {
    return ((BoundedCache<?, ?>) cache).checkInvariants();
  }

  /**
   * An asynchronous view of the same engine as a loading cache's, so that one test drives a key through both.
   *
   * @param cache a cache built by {@code build(CacheLoader)}
   * @param executor runs the functions of the view's {@code get(key, function)}
   * @return the view
   */
  public static <K, V> ClockProAsyncCache<K, V> asyncView(ClockProLoadingCache<K, V> cache, Executor executor) {
    return new AsyncCacheView<>(((LoadingCacheView<K, V>) cache).engine(), executor);
  }
}
