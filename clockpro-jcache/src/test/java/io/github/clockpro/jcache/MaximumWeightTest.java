package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.Weigher;
import java.net.URI;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.Factory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The configuration accepts exactly the maximum weights a cache can be created with. */
class MaximumWeightTest {

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("maximum-weight-test"), getClass().getClassLoader());
  private final Factory<Weigher<String, String>> weigher = () -> (key, value) -> value.length();

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldRejectAMaximumWeightOfZeroBeforeTheConfigurationChanges() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<>();
    IllegalArgumentException rejected =
        assertThrows(IllegalArgumentException.class, () -> configuration.setMaximumWeight(0, weigher));
    assertEquals("maximumWeight must be at least 1 but was 0", rejected.getMessage());
    assertEquals(-1, configuration.getMaximumWeight(), "unchanged");
  }

  @Test
  void shouldCreateACacheWithTheSmallestMaximumWeightAccepted() {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<String, String>()
        .setMaximumWeight(1, weigher);
    Cache<String, String> cache = manager.createCache("lightest", configuration);
    cache.put("key", "v");
    assertEquals("v", cache.get("key"));
  }
}
