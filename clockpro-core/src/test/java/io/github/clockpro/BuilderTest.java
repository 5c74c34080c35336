package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BuilderTest {

  @Test
  void shouldRejectANegativeMaximumSizeNamingIt() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().maximumSize(-5));
    assertTrue(error.getMessage().contains("maximumSize"), error.getMessage());
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
  void shouldApplyTheSettings() {
    ClockProCache<String, String> cache = ClockProCache.builder()
        .maximumSize(42).scanLimit(7).initialCapacity(3).build();
    assertEquals(42, cache.policy().maximum());
    assertEquals(7, cache.policy().scanLimit());
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT,
        ClockProCache.builder().maximumSize(1).build().policy().scanLimit());
  }

  @Test
  void shouldRejectNegativeLifetimesNamingThem() {
    IllegalArgumentException write = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().expireAfterWrite(Duration.ofNanos(-1)));
    assertTrue(write.getMessage().contains("expireAfterWrite"), write.getMessage());
    IllegalArgumentException access = assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().expireAfterAccess(Duration.ofSeconds(-5)));
    assertTrue(access.getMessage().contains("expireAfterAccess"), access.getMessage());
  }

  @Test
  void shouldRejectNullExpirySettingsNamingThem() {
    assertEquals("duration", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().expireAfterWrite(null)).getMessage());
    assertEquals("duration", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().expireAfterAccess(null)).getMessage());
    assertEquals("expiry", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().expireAfter(null)).getMessage());
    assertEquals("ticker", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().ticker(null)).getMessage());
    assertEquals("scheduler", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().scheduler(null)).getMessage());
    assertEquals("scheduledExecutorService", assertThrows(NullPointerException.class,
        () -> Scheduler.forScheduledExecutorService(null)).getMessage());
  }

  @Test
  void shouldRejectTwoKindsOfExpiryAndSettingsMadeTwice() {
    Expiry<Object, Object> expiry = Expiry.creating((key, value) -> Duration.ofMinutes(1));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .expireAfterWrite(Duration.ofMinutes(1)).expireAfterWrite(Duration.ofMinutes(1)));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .expireAfterAccess(Duration.ofMinutes(1)).expireAfter(expiry));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .expireAfter(expiry).expireAfterWrite(Duration.ofMinutes(1)));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .expireAfterWrite(Duration.ofMinutes(1)).expireAfterWrite(Duration.ofMinutes(1)));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .ticker(Ticker.systemTicker()).ticker(Ticker.systemTicker()));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .scheduler(Scheduler.systemScheduler()).scheduler(Scheduler.disabledScheduler()));
  }

  @Test
  void shouldSaturateLifetimesThatOverflow() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .expireAfterAccess(Duration.ofSeconds(Long.MAX_VALUE)).build();
    assertEquals(Long.MAX_VALUE >> 1, cache.policy().expiresAfterAccess().getAsLong());
    cache.put("a", "1");
    assertEquals("1", cache.getIfPresent("a"));
  }

  @Test
  void shouldReportExpiredAsEvicted() {
    assertTrue(RemovalCause.EXPIRED.wasEvicted());
  }
}
