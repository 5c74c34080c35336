package io.github.clockpro.offheap;

import java.util.concurrent.ConcurrentMap;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Checks with Lincheck that the cache's reads and writes are linearizable, on a cache large enough never to evict:
 * every concurrent history of these operations has the results of some sequential order of them. Reads copy values
 * optimistically while other threads write the same segment; a torn or stale copy would show here.
 *
 * <p>Stress testing only: Lincheck's model checker does not support the byte-array and byte-buffer view
 * {@code VarHandle}s the cache reads its index and hashes keys with.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:4")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public class MapOperationsLincheckTest {

  private static final int ITERATIONS = Integer.getInteger("clockpro.lincheck.iterations", 10);

  private final OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
      .maximumBytes(16 * 1024).build();
  private final ConcurrentMap<Long, Long> map = cache.asMap();

  @Operation
  public Long getIfPresent(@Param(name = "key") int key) {
    return cache.getIfPresent((long) key);
  }

  @Operation
  public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
    cache.put((long) key, (long) value);
  }

  @Operation
  public void invalidate(@Param(name = "key") int key) {
    cache.invalidate((long) key);
  }

  @Operation
  public Long mapPut(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.put((long) key, (long) value);
  }

  @Operation
  public Long putIfAbsent(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.putIfAbsent((long) key, (long) value);
  }

  @Operation
  public Long remove(@Param(name = "key") int key) {
    return map.remove((long) key);
  }

  @Operation
  public boolean replaceIfEqual(@Param(name = "key") int key, @Param(name = "value") int expected,
      @Param(name = "value") int value) {
    return map.replace((long) key, (long) expected, (long) value);
  }

  @Operation
  public Long merge(@Param(name = "key") int key, @Param(name = "value") int value) {
    return map.merge((long) key, (long) value, (present, given) -> present.equals(given) ? null : present + given);
  }

  @Test
  void shouldBeLinearizableUnderStress() {
    new StressOptions().iterations(ITERATIONS).invocationsPerIteration(200).threads(3).actorsPerThread(3)
        .actorsBefore(2).actorsAfter(1).check(getClass());
  }
}
