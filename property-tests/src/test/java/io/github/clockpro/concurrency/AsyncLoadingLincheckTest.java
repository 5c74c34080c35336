package io.github.clockpro.concurrency;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.engine.EngineViews;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Checks with Lincheck, under stress, that the asynchronous view's {@code get(key, function)} (joined) is
 * linearizable together with the synchronous loads, puts, invalidations and lookups of the same engine, on a cache
 * large enough never to evict. Every function gives the key's one value, {@code 10 * key}; the view's executor
 * runs it on the calling thread.
 *
 * <p>Stress only: under model checking, the completion machinery of {@code CompletableFuture} multiplies the
 * interleavings to explore, and a run of the build's budget took minutes on the shared two-core machine. The
 * placeholders the asynchronous view uses are the synchronous loads', which {@link LoadingPathsLincheckTest} and
 * {@link LoaderLincheckTest} model-check.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:4")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public class AsyncLoadingLincheckTest {

  private final ClockProLoadingCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100)
      .initialCapacity(0).build((CacheLoader<Integer, Integer>) AsyncLoadingLincheckTest::valueOf);
  private final ClockProAsyncCache<Integer, Integer> async = EngineViews.asyncView(cache, Runnable::run);

  @Operation
  public Integer asyncGet(@Param(name = "key") int key) {
    return async.get(key, AsyncLoadingLincheckTest::valueOf).join();
  }

  @Operation
  public Integer get(@Param(name = "key") int key) {
    return cache.get(key);
  }

  @Operation
  public Integer getIfPresent(@Param(name = "key") int key) {
    return cache.getIfPresent(key);
  }

  @Operation
  public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
    cache.put(key, value);
  }

  @Operation
  public void invalidate(@Param(name = "key") int key) {
    cache.invalidate(key);
  }

  private static Integer valueOf(Integer key) {
    return 10 * key;
  }

  @Test
  void shouldBeLinearizableUnderStress() {
    LincheckBudget.stress().check(getClass());
  }
}
