package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BuilderTest {

  @Test
  void shouldRejectAMaximumSizeBelowOneNamingIt() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().maximumSize(0));
    assertTrue(error.getMessage().contains("maximumSize"), error.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ClockProCache.builder().maximumSize(-5));
    assertThrows(IllegalArgumentException.class, () -> ClockProCache.builder().maximumSize(1L << 31));
  }

  @Test
  void shouldRejectAScanLimitBelowOneNamingIt() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().scanLimit(0));
    assertTrue(error.getMessage().contains("scanLimit"), error.getMessage());
  }

  @Test
  void shouldRejectANegativeInitialCapacity() {
    assertThrows(IllegalArgumentException.class, () -> ClockProCache.builder().initialCapacity(-1));
  }

  @Test
  void shouldRejectEverySettingMadeTwice() {
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().maximumSize(10).maximumSize(10));
    assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().scanLimit(5).scanLimit(5));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().initialCapacity(5).initialCapacity(5));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .removalListener((key, value, cause) -> { }).removalListener((key, value, cause) -> { }));
  }

  @Test
  void shouldRejectANullListenerNamingIt() {
    NullPointerException error = assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().removalListener(null));
    assertEquals("listener", error.getMessage());
  }

  @Test
  void shouldRequireAMaximumSize() {
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().build());
  }

  @Test
  void shouldApplyTheSettings() {
    ClockProCache<String, String> cache = ClockProCache.builder()
        .maximumSize(42).scanLimit(7).initialCapacity(3).build();
    assertEquals(42, cache.policy().maximum());
    assertEquals(7, cache.policy().scanLimit());
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT,
        ClockProCache.builder().maximumSize(1).build().policy().scanLimit());
  }
}
