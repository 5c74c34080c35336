package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.net.URI;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.Factory;
import javax.cache.configuration.FactoryBuilder;
import javax.cache.configuration.MutableCacheEntryListenerConfiguration;
import javax.cache.event.CacheEntryCreatedListener;
import javax.cache.event.CacheEntryEvent;
import javax.cache.event.CacheEntryExpiredListener;
import javax.cache.event.EventType;
import javax.cache.expiry.AccessedExpiryPolicy;
import javax.cache.expiry.CreatedExpiryPolicy;
import javax.cache.expiry.ExpiryPolicy;
import javax.cache.expiry.ModifiedExpiryPolicy;
import javax.cache.expiry.TouchedExpiryPolicy;
import javax.cache.integration.CacheWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The JCache expiry policies on the core's Expiry, with a ticker moved by hand. */
class ExpiryMappingTest {

  private static final javax.cache.expiry.Duration ONE_MINUTE =
      new javax.cache.expiry.Duration(TimeUnit.MINUTES, 1);

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("expiry-test"), getClass().getClassLoader());
  private final ManualTicker ticker = new ManualTicker();

  @AfterEach
  void closeManager() {
    manager.close();
  }

  private Cache<String, String> cacheWith(Factory<? extends ExpiryPolicy> policy) {
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<String, String>()
        .setTickerFactory(() -> ticker);
    configuration.setExpiryPolicyFactory(policy).setStatisticsEnabled(true);
    return manager.createCache("expiring", configuration);
  }

  @Test
  void createdShouldExpireAfterCreationWhateverTheReads() {
    Cache<String, String> cache = cacheWith(CreatedExpiryPolicy.factoryOf(ONE_MINUTE));
    cache.put("key", "value");

    ticker.advance(Duration.ofSeconds(59));
    assertEquals("value", cache.get("key"));
    ticker.advance(Duration.ofSeconds(1));

    assertNull(cache.get("key"));
  }

  @Test
  void accessedShouldRenewOnReadsButNotOnContainsKey() {
    Cache<String, String> cache = cacheWith(AccessedExpiryPolicy.factoryOf(ONE_MINUTE));
    cache.put("key", "value");

    ticker.advance(Duration.ofSeconds(50));
    assertEquals("value", cache.get("key"));
    ticker.advance(Duration.ofSeconds(50));
    assertTrue(cache.containsKey("key"), "renewed by the read");
    ticker.advance(Duration.ofSeconds(10));

    assertFalse(cache.containsKey("key"), "containsKey is no access");
  }

  @Test
  void modifiedShouldRenewOnUpdatesButNotOnReads() {
    Cache<String, String> cache = cacheWith(ModifiedExpiryPolicy.factoryOf(ONE_MINUTE));
    cache.put("key", "first");

    ticker.advance(Duration.ofSeconds(50));
    cache.put("key", "second");
    ticker.advance(Duration.ofSeconds(50));
    assertEquals("second", cache.get("key"), "renewed by the update");
    ticker.advance(Duration.ofSeconds(10));

    assertNull(cache.get("key"), "the read did not renew it");
  }

  @Test
  void touchedShouldRenewOnReadsAndUpdates() {
    Cache<String, String> cache = cacheWith(TouchedExpiryPolicy.factoryOf(ONE_MINUTE));
    cache.put("key", "value");

    ticker.advance(Duration.ofSeconds(50));
    cache.get("key");
    ticker.advance(Duration.ofSeconds(50));
    cache.replace("key", "other");
    ticker.advance(Duration.ofSeconds(50));

    assertEquals("other", cache.get("key"));
  }

  @Test
  void aNullDurationShouldKeepTheLifetime() {
    // Created: the update and access durations are null, so neither changes the deadline.
    Cache<String, String> cache = cacheWith(CreatedExpiryPolicy.factoryOf(ONE_MINUTE));
    cache.put("key", "first");

    ticker.advance(Duration.ofSeconds(40));
    cache.put("key", "second");
    cache.get("key");
    ticker.advance(Duration.ofSeconds(20));

    assertNull(cache.get("key"));
  }

  @Test
  void aZeroCreationDurationShouldStoreNothingAndPublishNothing() {
    Cache<String, String> cache = cacheWith(CreatedExpiryPolicy.factoryOf(javax.cache.expiry.Duration.ZERO));
    Recorder.events.clear();
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(Recorder.class), null, true, true));

    cache.put("key", "value");

    assertFalse(cache.containsKey("key"));
    assertTrue(Recorder.events.isEmpty(), Recorder.events.toString());
    assertEquals(0, cache.unwrap(CacheProxy.class).statistics().getCachePuts());
  }

  @Test
  void aZeroAccessDurationShouldReturnTheValueOnceThenExpire() {
    Cache<String, String> cache = cacheWith(FactoryBuilder.factoryOf(new ExpireOnAccess()));
    cache.put("key", "value");

    assertEquals("value", cache.get("key"));

    assertNull(cache.get("key"));
  }

  @Test
  void anExpiredEntryShouldPublishAnExpiredEventWithItsValueAndCountAsAnEviction() {
    Cache<String, String> cache = cacheWith(CreatedExpiryPolicy.factoryOf(ONE_MINUTE));
    Recorder.events.clear();
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(Recorder.class), null, true, true));
    cache.put("key", "value");

    ticker.advance(Duration.ofMinutes(2));
    assertNull(cache.get("key"));

    assertEquals(List.of("CREATED key=value", "EXPIRED key=value"), Recorder.events);
    assertEquals(1, cache.unwrap(CacheProxy.class).statistics().getCacheEvictions());
  }

  @Test
  void aPolicyThatThrowsShouldCountAsNullAndCreationAsEternal() {
    Cache<String, String> cache = cacheWith(FactoryBuilder.factoryOf(new ThrowingPolicy()));
    cache.put("key", "first");
    cache.put("key", "second");

    ticker.advance(Duration.ofDays(365 * 100));

    assertEquals("second", cache.get("key"));
  }

  @Test
  void aZeroCreationDurationShouldStillCallTheWriter() {
    RecordingWriter.keys.clear();
    ClockProConfiguration<String, String> configuration = new ClockProConfiguration<String, String>()
        .setTickerFactory(() -> ticker);
    configuration.setExpiryPolicyFactory(CreatedExpiryPolicy.factoryOf(javax.cache.expiry.Duration.ZERO))
        .setWriteThrough(true)
        .setCacheWriterFactory(FactoryBuilder.factoryOf(RecordingWriter.class));
    Cache<String, String> cache = manager.createCache("written", configuration);

    cache.put("key", "value");

    assertEquals(List.of("key"), RecordingWriter.keys);
    assertFalse(cache.containsKey("key"));
  }

  /** Records the keys written. */
  public static final class RecordingWriter implements CacheWriter<String, String> {
    static final List<String> keys = new CopyOnWriteArrayList<>();

    @Override
    public void write(Cache.Entry<? extends String, ? extends String> entry) {
      keys.add(entry.getKey());
    }

    @Override
    public void writeAll(Collection<Cache.Entry<? extends String, ? extends String>> entries) {
      entries.forEach(this::write);
      entries.clear();
    }

    @Override
    public void delete(Object key) {}

    @Override
    public void deleteAll(Collection<?> keys) {
      keys.clear();
    }
  }

  /** Throws for every duration. */
  static final class ThrowingPolicy implements ExpiryPolicy, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public javax.cache.expiry.Duration getExpiryForCreation() {
      throw new IllegalStateException("no creation duration");
    }

    @Override
    public javax.cache.expiry.Duration getExpiryForAccess() {
      throw new IllegalStateException("no access duration");
    }

    @Override
    public javax.cache.expiry.Duration getExpiryForUpdate() {
      throw new IllegalStateException("no update duration");
    }
  }

  /** Records created and expired events as "TYPE key=value". */
  public static final class Recorder
      implements CacheEntryCreatedListener<String, String>, CacheEntryExpiredListener<String, String> {
    static final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void onCreated(Iterable<CacheEntryEvent<? extends String, ? extends String>> created) {
      record(created);
    }

    @Override
    public void onExpired(Iterable<CacheEntryEvent<? extends String, ? extends String>> expired) {
      record(expired);
    }

    private static void record(Iterable<CacheEntryEvent<? extends String, ? extends String>> batch) {
      for (CacheEntryEvent<? extends String, ? extends String> event : batch) {
        events.add(event.getEventType() + " " + event.getKey() + "=" + event.getValue());
        if (event.getEventType() == EventType.EXPIRED) {
          assertEquals(event.getValue(), event.getOldValue());
        }
      }
    }
  }

  /** Eternal on creation, zero on access. */
  static final class ExpireOnAccess implements ExpiryPolicy, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public javax.cache.expiry.Duration getExpiryForCreation() {
      return javax.cache.expiry.Duration.ETERNAL;
    }

    @Override
    public javax.cache.expiry.Duration getExpiryForAccess() {
      return javax.cache.expiry.Duration.ZERO;
    }

    @Override
    public javax.cache.expiry.Duration getExpiryForUpdate() {
      return null;
    }
  }
}
