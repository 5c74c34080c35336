package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.ClockProCache;
import java.net.URI;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.expiry.CreatedExpiryPolicy;
import javax.cache.expiry.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UnwrapTest {

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("unwrap-test"), getClass().getClassLoader());

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldUnwrapToTheCoreCacheHoldingTheSameEntries() {
    Cache<String, Integer> cache = manager.createCache("lengths",
        new MutableConfiguration<String, Integer>().setStoreByValue(false));
    cache.put("clockpro", 8);

    @SuppressWarnings("unchecked")
    ClockProCache<String, Integer> core = cache.unwrap(ClockProCache.class);

    assertEquals(8, core.getIfPresent("clockpro"));
    core.put("jcache", 6);
    assertEquals(6, cache.get("jcache"));
    assertSame(core, cache.unwrap(ClockProCache.class));
  }

  @Test
  void writesThroughTheCoreShouldBypassTheJsr107Statistics() {
    MutableConfiguration<String, Integer> configuration = new MutableConfiguration<>();
    Cache<String, Integer> cache = manager.createCache("bypass", configuration.setStatisticsEnabled(true));
    @SuppressWarnings("unchecked")
    ClockProCache<String, Integer> core = cache.unwrap(ClockProCache.class);

    core.put("key", 1);

    assertEquals(0, cache.unwrap(CacheProxy.class).statistics().getCachePuts());
    assertEquals(1, cache.get("key"));
  }

  @Test
  void theUnwrappedCoreShouldFollowTheExpiryPolicyNaturally() {
    ManualTicker ticker = new ManualTicker();
    ClockProConfiguration<String, Integer> configuration = new ClockProConfiguration<String, Integer>()
        .setTickerFactory(() -> ticker);
    configuration.setExpiryPolicyFactory(CreatedExpiryPolicy.factoryOf(Duration.ONE_MINUTE));
    Cache<String, Integer> cache = manager.createCache("natural", configuration);
    @SuppressWarnings("unchecked")
    ClockProCache<String, Integer> core = cache.unwrap(ClockProCache.class);

    core.put("key", 1);
    ticker.advance(java.time.Duration.ofSeconds(59));
    assertEquals(1, core.getIfPresent("key"));
    ticker.advance(java.time.Duration.ofSeconds(1));

    assertNull(core.getIfPresent("key"));
  }

  @Test
  void shouldUnwrapToItselfAndRejectOtherTypes() {
    Cache<String, Integer> cache = manager.createCache("self", new MutableConfiguration<>());

    assertSame(cache, cache.unwrap(Cache.class));
    assertSame(cache, cache.unwrap(CacheProxy.class));
    assertThrows(IllegalArgumentException.class, () -> cache.unwrap(String.class));
    assertSame(manager, manager.unwrap(CacheManagerImpl.class));
    assertThrows(IllegalArgumentException.class, () -> manager.unwrap(String.class));
  }
}
