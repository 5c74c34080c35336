package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CacheBuilder} as its Javadoc describes it: each setting's range, checked at its bounds, a second call
 * rejected with the value already set, the messages naming the value, and the settings reaching the cache.
 */
class CacheBuilderContractTest {

  @Test
  void shouldAcceptAMaximumSizeFromOneToIntegerMaxValue() {
    assertEquals(1, ClockProCache.builder().maximumSize(1).build().policy().maximum());
    CacheBuilder<Object, Object> builder = ClockProCache.builder();
    assertSame(builder, builder.maximumSize(Integer.MAX_VALUE));
  }

  @Test
  void shouldRejectAMaximumSizeOutOfRangeNamingIt() {
    for (long size : new long[] {-1, Integer.MAX_VALUE + 1L}) {
      IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
          () -> ClockProCache.builder().maximumSize(size));
      assertEquals("maximumSize must be between 0 and 2147483647 but was " + size, error.getMessage());
    }
  }

  @Test
  void shouldAcceptAScanLimitOfOneAndRejectZero() {
    assertEquals(1, ClockProCache.builder().maximumSize(10).scanLimit(1).build().policy().scanLimit());
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().scanLimit(0));
    assertEquals("scanLimit must be at least 1 but was 0", error.getMessage());
  }

  @Test
  void shouldAcceptAnInitialCapacityFromZeroAndRejectANegativeOne() {
    ClockProCache<Integer, Integer> empty = ClockProCache.builder().maximumSize(10).initialCapacity(0).build();
    fillAndCheck(empty, 10);
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().initialCapacity(-1));
    assertEquals("initialCapacity must be at least 0 but was -1", error.getMessage());
  }

  @Test
  void shouldTreatAnInitialCapacityAboveTheMaximumAsTheMaximum() {
    fillAndCheck(ClockProCache.builder().maximumSize(4).initialCapacity(Integer.MAX_VALUE).build(), 4);
    fillAndCheck(ClockProCache.builder().maximumSize(50).initialCapacity(50).build(), 50);
  }

  @Test
  void shouldRejectEverySettingMadeTwiceNamingTheValueSet() {
    IllegalStateException size = assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().maximumSize(10).maximumSize(20));
    assertEquals("maximumSize was already set to 10", size.getMessage());
    IllegalStateException limit = assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().scanLimit(5).scanLimit(6));
    assertEquals("scanLimit was already set to 5", limit.getMessage());
    IllegalStateException capacity = assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().initialCapacity(3).initialCapacity(4));
    assertEquals("initialCapacity was already set to 3", capacity.getMessage());
    RemovalListener<Object, Object> listener = new RemovalListener<>() {
      @Override
      public void onRemoval(Object key, Object value, RemovalCause cause) {}

      @Override
      public String toString() {
        return "the first listener";
      }
    };
    IllegalStateException second = assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().removalListener(listener).removalListener((key, value, cause) -> { }));
    assertEquals("removalListener was already set to the first listener", second.getMessage());
  }

  @Test
  void shouldNotChangeWhenASettingIsRejected() {
    CacheBuilder<Object, Object> builder = ClockProCache.builder();
    assertThrows(IllegalArgumentException.class, () -> builder.maximumSize(-1));
    assertThrows(IllegalArgumentException.class, () -> builder.scanLimit(0));
    assertThrows(IllegalArgumentException.class, () -> builder.initialCapacity(-1));
    assertThrows(NullPointerException.class, () -> builder.removalListener(null));
    ClockProCache<Object, Object> cache = builder.maximumSize(7).scanLimit(3).initialCapacity(2)
        .removalListener((key, value, cause) -> { }).build();
    assertEquals(7, cache.policy().maximum());
    assertEquals(3, cache.policy().scanLimit());
  }

  @Test
  void shouldRejectANullListenerNamingIt() {
    NullPointerException error = assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().removalListener(null));
    assertEquals("listener", error.getMessage());
  }

  @Test
  void shouldBuildAnUnboundedCacheWithoutAMaximum() {
    ClockProCache<Object, Object> cache = ClockProCache.builder().scanLimit(4).build();
    assertEquals(Integer.MAX_VALUE, cache.policy().maximum());
  }

  @Test
  void shouldRefuseBothBoundsAndAWeightWithoutItsWeigher() {
    assertEquals("maximumWeight cannot be set: maximumSize was already set to 10", assertThrows(
        IllegalStateException.class, () -> ClockProCache.builder().maximumSize(10).maximumWeight(10)).getMessage());
    assertEquals("maximumSize cannot be set: maximumWeight was already set to 10", assertThrows(
        IllegalStateException.class, () -> ClockProCache.builder().maximumWeight(10).maximumSize(10)).getMessage());
    assertEquals("weigher needs maximumWeight, which was not set", assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().maximumSize(10).weigher((Object key, Object value) -> 1).build())
        .getMessage());
    assertEquals("maximumWeight needs a weigher, which was not set", assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().maximumWeight(10).build()).getMessage());
  }

  @Test
  void shouldRejectABadMaximumWeightOrWeigherNamingIt() {
    assertEquals("maximumWeight must be at least 0 but was -1", assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().maximumWeight(-1)).getMessage());
    assertEquals("weigher", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().weigher(null)).getMessage());
    CacheBuilder<Object, Object> builder = ClockProCache.builder().weigher((Object key, Object value) -> 1);
    assertThrows(IllegalStateException.class, () -> builder.weigher((Object key, Object value) -> 2));
    assertEquals(7, ClockProCache.builder().maximumWeight(7).weigher((Object key, Object value) -> 1).build()
        .policy().maximum());
  }

  @Test
  void shouldDefaultTheScanLimit() {
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT, ClockProCache.builder().maximumSize(5).build().policy().scanLimit());
    assertEquals(128, CacheBuilder.DEFAULT_SCAN_LIMIT);
  }

  @Test
  void shouldBuildANewEmptyCacheEachTimeWithTheListener() {
    List<String> removals = new ArrayList<>();
    CacheBuilder<Integer, String> builder = ClockProCache.builder().maximumSize(1)
        .removalListener((Integer key, String value, RemovalCause cause) -> removals.add(key + " " + cause));
    ClockProCache<Integer, String> first = builder.build();
    ClockProCache<Integer, String> second = builder.build();
    assertNotSame(first, second);
    first.put(1, "one");
    first.put(2, "two");
    assertEquals(List.of("1 SIZE"), removals);
    assertEquals(0, second.size());
  }

  /** Fills the cache far past its maximum and checks that it holds exactly the maximum, every key intact. */
  private static void fillAndCheck(ClockProCache<Integer, Integer> cache, int maximum) {
    for (int key = 0; key < 4 * maximum; key++) {
      cache.put(key, key);
      assertEquals(key, cache.asMap().get(key));
    }
    assertEquals(maximum, cache.size());
    cache.asMap().forEach((key, value) -> assertEquals(key, value));
  }
}
