package io.github.clockpro.engine;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.concurrent.Executor;

/**
 * Views of one engine that the public builder does not combine, for tests that drive a key through several of them.
 * (Beside {@link EngineInvariants}; not named {@code EngineAccess}, which clockpro-core's unit tests use in the same
 * package and which the mutation profile compiles beside these.)
 */
public final class EngineViews {

  private EngineViews() {}

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
