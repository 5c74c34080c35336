package io.github.clockpro.concurrency;

import io.github.clockpro.ClockProCache;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Checks with Lincheck that get-with-loader is linearizable together with puts, invalidations and lookups, on a
 * cache large enough never to evict.
 *
 * <p>The loader is a fixed function of the key: keys of the form 3n load {@code null}, keys 3n + 1 fail and keys
 * 3n + 2 load {@code 10 * key}. Concurrent callers for one key share the result of one load, so a history is
 * only comparable with a sequential one when every caller's loader would give the same outcome; with loaders
 * that differ per caller, waiting callers would see another caller's outcome, which is the documented contract.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:5")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public class LoaderLincheckTest {

  private final ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();

  /** The result of a load that threw; Lincheck compares results, so a failure becomes a value. */
  private static final int FAILED = -1;

  @Operation
  public Integer get(@Param(name = "key") int key) {
    try {
      return cache.get(key, LoaderLincheckTest::load);
    } catch (LoadFailure expected) {
      return FAILED;
    }
  }

  @Operation
  public Integer computeIfAbsent(@Param(name = "key") int key) {
    try {
      return cache.asMap().computeIfAbsent(key, LoaderLincheckTest::load);
    } catch (LoadFailure expected) {
      return FAILED;
    }
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

  private static Integer load(Integer key) {
    switch (key % 3) {
      case 0:
        return null;
      case 1:
        throw new LoadFailure();
      default:
        return 10 * key;
    }
  }

  /** The loader's failure; without a stack trace, which is costly to fill in under model checking. */
  static final class LoadFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LoadFailure() {
      super("the loader failed", null, false, false);
    }
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
