package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.ClockProCache;
import java.net.URI;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.MutableConfiguration;
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
  void shouldUnwrapToItselfAndRejectOtherTypes() {
    Cache<String, Integer> cache = manager.createCache("self", new MutableConfiguration<>());

    assertSame(cache, cache.unwrap(Cache.class));
    assertSame(cache, cache.unwrap(CacheProxy.class));
    assertThrows(IllegalArgumentException.class, () -> cache.unwrap(String.class));
    assertSame(manager, manager.unwrap(CacheManagerImpl.class));
    assertThrows(IllegalArgumentException.class, () -> manager.unwrap(String.class));
  }
}
