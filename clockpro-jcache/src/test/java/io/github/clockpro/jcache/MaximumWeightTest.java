package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.Weigher;
import java.net.URI;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.Factory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The configuration accepts exactly the maximum weights a cache can be created with, 0 included. */
class MaximumWeightTest {

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("maximum-weight-test"), getClass().getClassLoader());
  private final Factory<Weigher<String, String>> weigher = () -> (key, value) -> value.length();

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldCreateACacheOfMaximumWeightZeroThatHoldsOnlyEntriesOfWeightZero() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<String, String>()
        .setMaximumWeight(0, weigher);
    Cache<String, String> cache = manager.createCache("weightless", configuration);
    cache.put("pinned", "");
    cache.put("heavy", "v");
    assertEquals("", cache.get("pinned"));
    assertNull(cache.get("heavy"), "weighs more than the whole cache");
  }

  @Test
  void shouldRejectANegativeMaximumWeightBeforeTheConfigurationChanges() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<>();
    IllegalArgumentException rejected =
        assertThrows(IllegalArgumentException.class, () -> configuration.setMaximumWeight(-1, weigher));
    assertEquals("maximumWeight must not be negative but was -1", rejected.getMessage());
    assertEquals(-1, configuration.getMaximumWeight(), "unchanged");
  }
}
