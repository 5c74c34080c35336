package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.expiry.AccessedExpiryPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A write that fails before it reaches the core leaves the thread's expiry intent as it found it. */
class ExpiryIntentTest {

  private static final javax.cache.expiry.Duration ONE_MINUTE =
      new javax.cache.expiry.Duration(TimeUnit.MINUTES, 1);

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("expiry-intent-test"), getClass().getClassLoader());
  private final ManualTicker ticker = new ManualTicker();

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldKeepRenewingOnReadsAfterAPutIfAbsentFailedToCopyItsKey() {
    ClockProConfiguration<Object, String> configuration = new ClockProConfiguration<Object, String>()
        .setTickerFactory(() -> ticker);
    configuration.setExpiryPolicyFactory(AccessedExpiryPolicy.factoryOf(ONE_MINUTE)).setStoreByValue(true);
    Cache<Object, String> cache = manager.createCache("accessed", configuration);
    cache.put("key", "value");
    Object notSerializable = new Object();
    assertThrows(RuntimeException.class, () -> cache.putIfAbsent(notSerializable, "value"), "cannot be copied");

    ticker.advance(Duration.ofSeconds(50));
    assertEquals("value", cache.get("key"), "a read on the same thread");
    ticker.advance(Duration.ofSeconds(50));
    assertEquals("value", cache.get("key"), "renewed by the read 50 s ago, as an access");
  }
}
