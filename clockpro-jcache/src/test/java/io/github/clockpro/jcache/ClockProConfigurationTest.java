package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Ticker;
import io.github.clockpro.Weigher;
import java.net.URI;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.Factory;
import javax.cache.configuration.MutableConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ClockProConfigurationTest {

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("configuration-test"), getClass().getClassLoader());

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldBoundTheCacheByWeightInsteadOfSize() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<String, String>()
        .setMaximumWeight(100, (Factory<Weigher<String, String>>) () -> (key, value) -> value.length());
    configuration.setStoreByValue(false);
    assertEquals(100, configuration.getMaximumWeight());
    Cache<String, String> cache = manager.createCache("weighed", configuration);
    for (int key = 0; key < 30; key++) {
      cache.put("key" + key, "x".repeat(10));
    }
    cache.put("heavy", "x".repeat(1_000));

    @SuppressWarnings("unchecked") // unwrap takes a raw class
    ClockProCache<String, String> core = cache.unwrap(ClockProCache.class);
    core.cleanUp();
    assertTrue(core.policy().isWeighted());
    assertEquals(100, core.policy().maximum());
    assertTrue(core.policy().weightedSize().orElseThrow() <= 100);
    assertNull(cache.get("heavy"), "heavier than the whole cache: not kept");
  }

  @Test
  void shouldRejectANegativeMaximumWeightAndANullWeigherNamingThem() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<>();
    IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
        () -> configuration.setMaximumWeight(-1, () -> (key, value) -> 1));
    assertTrue(negative.getMessage().contains("maximumWeight"));
    NullPointerException missing = assertThrows(NullPointerException.class,
        () -> configuration.setMaximumWeight(1, null));
    assertTrue(missing.getMessage().contains("weigherFactory"));
    assertEquals(-1, configuration.getMaximumWeight());
    assertNull(configuration.getWeigherFactory());
  }

  @Test
  void shouldDefaultToAnUnboundedSizeAndTheCoreScanLimit() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<>();

    assertEquals(Integer.MAX_VALUE, configuration.getMaximumSize());
    assertEquals(ClockProConfiguration.DEFAULT_MAXIMUM_SIZE, configuration.getMaximumSize());
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT, configuration.getScanLimit());
    assertNull(configuration.getTickerFactory());
  }

  @Test
  void shouldRejectAMaximumSizeOutOfRangeNamingIt() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<>();

    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> configuration.setMaximumSize(0));
    assertTrue(zero.getMessage().contains("maximumSize"), zero.getMessage());
    assertThrows(IllegalArgumentException.class, () -> configuration.setMaximumSize(Integer.MAX_VALUE + 1L));
    assertEquals(Integer.MAX_VALUE, configuration.getMaximumSize(), "unchanged after the rejected calls");
  }

  @Test
  void shouldRejectAScanLimitBelowOneNamingIt() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<>();

    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> configuration.setScanLimit(0));
    assertTrue(failure.getMessage().contains("scanLimit"), failure.getMessage());
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT, configuration.getScanLimit());
  }

  @Test
  void shouldRejectANullTickerFactoryNamingIt() {
    NullPointerException failure = assertThrows(NullPointerException.class,
        () -> new ClockProConfiguration<String, String>().setTickerFactory(null));
    assertEquals("tickerFactory", failure.getMessage());
  }

  @Test
  void shouldCopyTheStandardAndTheClockProSettings() {
    Factory<Ticker> tickerFactory = Ticker::systemTicker;
    ClockProConfiguration<String, Integer> original = new ClockProConfiguration<String, Integer>()
        .setMaximumSize(50)
        .setScanLimit(8)
        .setTickerFactory(tickerFactory);
    original.setTypes(String.class, Integer.class).setStatisticsEnabled(true).setStoreByValue(false);

    ClockProConfiguration<String, Integer> copy = new ClockProConfiguration<>(original);

    assertEquals(50, copy.getMaximumSize());
    assertEquals(8, copy.getScanLimit());
    assertSame(tickerFactory, copy.getTickerFactory());
    assertEquals(String.class, copy.getKeyType());
    assertTrue(copy.isStatisticsEnabled());
    assertEquals(original, copy);
    assertEquals(original.hashCode(), copy.hashCode());
    assertNotEquals(original, new ClockProConfiguration<>(original).setMaximumSize(51));
  }

  @Test
  void shouldApplyTheMaximumSizeAndScanLimitToTheCore() {
    ClockProConfiguration<Integer, Integer> configuration = new ClockProConfiguration<Integer, Integer>()
        .setMaximumSize(100)
        .setScanLimit(16);

    Cache<Integer, Integer> cache = manager.createCache("bounded", configuration);
    for (int key = 0; key < 1_000; key++) {
      cache.put(key, key);
    }

    @SuppressWarnings("unchecked")
    ClockProCache<Integer, Integer> core = cache.unwrap(ClockProCache.class);
    assertEquals(100, core.policy().maximum());
    assertEquals(16, core.policy().scanLimit());
    assertTrue(core.size() <= 100, "size " + core.size());
  }

  @Test
  void shouldGiveACacheFromAStandardConfigurationTheDefaults() {
    Cache<String, String> cache = manager.createCache("standard", new MutableConfiguration<String, String>());

    @SuppressWarnings("unchecked")
    ClockProConfiguration<String, String> configuration = cache.getConfiguration(ClockProConfiguration.class);
    assertEquals(ClockProConfiguration.DEFAULT_MAXIMUM_SIZE, configuration.getMaximumSize());
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT, configuration.getScanLimit());
  }

  @Test
  void shouldKeepTheCacheApartFromLaterChangesToTheCallersConfiguration() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<String, String>()
        .setMaximumSize(10);
    Cache<String, String> cache = manager.createCache("copied", configuration);

    configuration.setMaximumSize(20);

    @SuppressWarnings("unchecked")
    ClockProConfiguration<String, String> used = cache.getConfiguration(ClockProConfiguration.class);
    assertEquals(10, used.getMaximumSize());
  }
}
