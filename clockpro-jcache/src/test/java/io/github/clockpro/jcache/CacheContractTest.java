package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.configuration.OptionalFeature;
import javax.cache.spi.CachingProvider;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What this provider promises beyond the TCK: discovery, bad input, the bound, copies and the MXBean names. */
class CacheContractTest {

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("contract:test"), getClass().getClassLoader());

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldBeFoundByTheServiceLoaderWithoutConfiguration() {
    CachingProvider provider = Caching.getCachingProvider();

    assertInstanceOf(ClockProCachingProvider.class, provider);
    assertTrue(provider.isSupported(OptionalFeature.STORE_BY_REFERENCE));
    assertSame(provider.getCacheManager(), provider.getCacheManager());
  }

  @Test
  void shouldRejectNullKeysAndValuesNamingThemBeforeAnyChange() {
    Cache<String, String> cache = manager.createCache("nulls", new MutableConfiguration<>());

    assertEquals("key", assertThrows(NullPointerException.class, () -> cache.put(null, "v")).getMessage());
    assertEquals("value", assertThrows(NullPointerException.class, () -> cache.put("k", null)).getMessage());
    assertEquals("key", assertThrows(NullPointerException.class, () -> cache.get(null)).getMessage());
    assertThrows(NullPointerException.class, () -> cache.putAll(java.util.Collections.singletonMap("k", null)));
    assertFalse(cache.containsKey("k"), "nothing stored by the rejected calls");
  }

  @Test
  void shouldRejectEveryOperationOnAClosedCache() {
    Cache<String, String> cache = manager.createCache("closed", new MutableConfiguration<>());
    cache.close();

    assertTrue(cache.isClosed());
    assertThrows(IllegalStateException.class, () -> cache.get("k"));
    assertThrows(IllegalStateException.class, () -> cache.put("k", "v"));
    assertThrows(IllegalStateException.class, () -> cache.iterator());
    assertEquals(null, manager.getCache("closed"), "a closed cache leaves its manager");
  }

  @Test
  void shouldRejectEveryOperationOnAClosedManager() {
    manager.close();

    assertThrows(IllegalStateException.class, () -> manager.createCache("late", new MutableConfiguration<>()));
    assertThrows(IllegalStateException.class, () -> manager.getCache("late"));
  }

  @Test
  void shouldEvictBeyondTheMaximumSizeWithoutEventsAndCountEvictions() {
    ClockProConfiguration<Integer, Integer> configuration = new ClockProConfiguration<Integer, Integer>()
        .setMaximumSize(10);
    configuration.setStatisticsEnabled(true);
    Cache<Integer, Integer> cache = manager.createCache("bounded", configuration);

    for (int key = 0; key < 100; key++) {
      cache.put(key, key);
    }

    long resident = 0;
    for (Cache.Entry<Integer, Integer> ignored : cache) {
      resident++;
    }
    assertTrue(resident <= 10, "resident " + resident);
    assertEquals(100 - resident, cache.unwrap(CacheProxy.class).statistics().getCacheEvictions());
  }

  @Test
  void shouldCopyOnTheWayInAndOutWhenStoringByValue() {
    Cache<String, List<String>> cache = manager.createCache("by-value", new MutableConfiguration<>());
    List<String> value = new ArrayList<>(List.of("a"));

    cache.put("key", value);
    value.add("changed after the put");
    List<String> read = cache.get("key");
    read.add("changed after the get");

    assertEquals(List.of("a"), cache.get("key"));
    assertNotSame(read, cache.get("key"));
  }

  @Test
  void shouldNotCopyImmutableValuesWhenStoringByValue() {
    Cache<String, String> cache = manager.createCache("immutable", new MutableConfiguration<>());
    String value = new String("not interned");

    cache.put("key", value);

    assertSame(value, cache.get("key"));
  }

  @Test
  void shouldHandOutTheSameInstanceWhenStoringByReference() {
    Cache<String, List<String>> cache = manager.createCache("by-reference",
        new MutableConfiguration<String, List<String>>().setStoreByValue(false));
    List<String> value = new ArrayList<>(List.of("a"));

    cache.put("key", value);

    assertSame(value, cache.get("key"));
  }

  @Test
  void shouldRejectAValueThatCannotBeSerializedWhenStoringByValue() {
    Cache<String, Object> cache = manager.createCache("not-serializable", new MutableConfiguration<>());

    assertThrows(IllegalArgumentException.class, () -> cache.put("key", new Object()));
    assertFalse(cache.containsKey("key"));
  }

  @Test
  void shouldRegisterTheMXBeansUnderTheStandardNamesOnlyWhileEnabled() throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    manager.createCache("managed", new MutableConfiguration<String, String>());
    ObjectName statistics = new ObjectName(
        "javax.cache:type=CacheStatistics,CacheManager=contract.test,Cache=managed");
    ObjectName configuration = new ObjectName(
        "javax.cache:type=CacheConfiguration,CacheManager=contract.test,Cache=managed");
    assertFalse(server.isRegistered(statistics));

    manager.enableStatistics("managed", true);
    manager.enableManagement("managed", true);
    assertTrue(server.isRegistered(statistics));
    assertTrue(server.isRegistered(configuration));
    assertEquals(Boolean.TRUE, server.getAttribute(configuration, "StatisticsEnabled"));

    manager.enableStatistics("managed", false);
    manager.enableManagement("managed", false);
    assertFalse(server.isRegistered(statistics));
    assertFalse(server.isRegistered(configuration));
  }

  @Test
  void shouldCountHitsMissesPutsAndRemovalsAsJsr107Defines() {
    MutableConfiguration<String, String> configuration = new MutableConfiguration<>();
    Cache<String, String> cache = manager.createCache("counted", configuration.setStatisticsEnabled(true));

    cache.put("a", "1");
    cache.put("a", "2");
    cache.get("a");
    cache.get("b");
    cache.remove("a");
    cache.getAll(java.util.Set.of("a", "b"));

    JCacheStatisticsMXBean statistics = cache.unwrap(CacheProxy.class).statistics();
    assertEquals(Map.of("hits", 1L, "misses", 3L, "puts", 2L, "removals", 1L),
        Map.of("hits", statistics.getCacheHits(), "misses", statistics.getCacheMisses(),
            "puts", statistics.getCachePuts(), "removals", statistics.getCacheRemovals()));
  }
}
