package io.github.clockpro.concurrency;

import io.github.clockpro.ClockProCache;
import java.util.concurrent.ConcurrentMap;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Checks with Lincheck that the cache's map operations are linearizable, the atomic {@code compute},
 * {@code computeIfPresent} and {@code merge} among them (with functions that insert, replace and remove): every
 * concurrent history of these operations, on a cache large enough never to evict, has the results of some
 * sequential order of them. The
 * cache starts with a one-slot table, so its table grows while other threads read it.
 * Model checking explores thread interleavings systematically; stress testing runs them on real threads.
 *
 * <p>{@code size()} is left out: like {@code ConcurrentHashMap.size()}, it is an estimate under concurrent
 * updates and is not meant to be linearizable.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:4")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public class MapOperationsLincheckTest {

  private final ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).initialCapacity(0).build();
  private final ConcurrentMap<Integer, Integer> map = cache.asMap();

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

  @Operation
  public Integer mapGet(@Param(name = "key") int key) {
    return map.get(key);
  }

  @Operation
  public Integer mapPut(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.put(key, value);
  }

  @Operation
  public Integer putIfAbsent(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.putIfAbsent(key, value);
  }

  @Operation
  public Integer remove(@Param(name = "key") int key) {
    return map.remove(key);
  }

  @Operation
  public boolean removeIfEqual(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.remove(key, value);
  }

  @Operation
  public Integer replace(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.replace(key, value);
  }

  @Operation
  public boolean replaceIfEqual(@Param(name = "key") int key, @Param(name = "value") int expected,
      @Param(name = "value") int value) {
    return map.replace(key, expected, value);
  }

  @Operation
  public Integer compute(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.compute(key, (unused, present) -> present == null ? value : present == value ? null : present + value);
  }

  @Operation
  public Integer computeIfPresent(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.computeIfPresent(key, (unused, present) -> present == value ? null : present + value);
  }

  @Operation
  public Integer merge(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.merge(key, value, (present, given) -> present.equals(given) ? null : present + given);
  }

  @Operation
  public boolean containsKey(@Param(name = "key") int key) {
    return map.containsKey(key);
  }

  @Test
  void shouldBeLinearizableUnderModelChecking() {
    LincheckBudget.modelChecking().check(getClass());
  }

  @Test
  void shouldBeLinearizableUnderStress() {
    LincheckBudget.stress().check(getClass());
  }
}
