package io.github.clockpro.concurrency;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Checks with Lincheck that the loading paths of a loading cache are linearizable together with puts,
 * invalidations and lookups, on a cache large enough never to evict: {@code getAll(keys, function)} and
 * {@code refresh(key)} (joined). {@code get(key, function)} is in {@link LoaderLincheckTest}, the asynchronous
 * view's {@code get} in {@link AsyncLoadingLincheckTest}.
 *
 * <p>Every loader gives the key's one value, {@code 10 * key} (load, bulk load and reload alike), since callers
 * that share a load in flight see one outcome. The executor runs reloads on the calling thread, so that the model
 * checker controls every thread.
 *
 * <p>What is left out, and why, each a relaxation the contract states, as in Caffeine:
 * <ul>
 *   <li>{@code getAll} takes each key's place in turn, not all at once, so a call of several keys is not atomic;
 *       it runs here on one key (through the bulk path all the same).
 *   <li>{@code refresh} reads the value, reloads it outside every lock and stores the reload only if the key still
 *       holds that value; a write in between wins. That is linearizable against writes that return nothing
 *       ({@code put}, {@code invalidate}) and against loads, which this test has, but not against a
 *       read-modify-write of the key in between (a compute, or a put returning the previous value), which would
 *       see the old value after the refresh's point. And two refreshes of one key in flight share one reload:
 *       so refreshes never overlap here ({@code nonParallelGroup}).
 * </ul>
 */
@Param(name = "key", gen = IntGen.class, conf = "1:4")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public class LoadingPathsLincheckTest {

  private static final CacheLoader<Integer, Integer> LOADER = new CacheLoader<>() {
    @Override
    public Integer load(Integer key) {
      return valueOf(key);
    }

    @Override
    public Integer reload(Integer key, Integer oldValue) {
      return valueOf(key);
    }
  };

  private final ClockProLoadingCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100)
      .initialCapacity(0).executor(Runnable::run).build(LOADER);

  @Operation
  public Map<Integer, Integer> getAll(@Param(name = "key") int key) {
    return cache.getAll(List.of(key), keys -> {
      Map<Integer, Integer> values = new HashMap<>();
      keys.forEach(missing -> values.put(missing, valueOf(missing)));
      return values;
    });
  }

  @Operation(nonParallelGroup = "refresh")
  public Integer refresh(@Param(name = "key") int key) {
    return cache.refresh(key).join();
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

  /**
   * Two threads of two operations: the bulk path and the refresh allocate and complete futures, which the model
   * checker explores step by step, and the shared budget of three threads of three took minutes on the shared
   * two-core machine.
   */
  @Test
  void shouldBeLinearizableUnderModelChecking() {
    LincheckBudget.modelChecking().threads(2).actorsPerThread(2).check(getClass());
  }

  @Test
  void shouldBeLinearizableUnderStress() {
    LincheckBudget.stress().check(getClass());
  }
}
