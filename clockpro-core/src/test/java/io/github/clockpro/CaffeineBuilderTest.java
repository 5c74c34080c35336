package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The builder's settings that carry Caffeine's names: each accepted, applied, and its bad input refused by name. */
class CaffeineBuilderTest {

  private final AtomicLong time = new AtomicLong(1_000);
  private final List<String> removals = new ArrayList<>();
  private final List<String> evictions = new ArrayList<>();

  @Test
  void shouldTakeDurationsWithATimeUnit() {
    ClockProCache<Object, Object> cache = ClockProCache.builder()
        .expireAfterWrite(10, TimeUnit.MINUTES).expireAfterAccess(90, TimeUnit.SECONDS).build();
    assertEquals(TimeUnit.MINUTES.toNanos(10), cache.policy().expiresAfterWrite().getAsLong());
    assertEquals(TimeUnit.SECONDS.toNanos(90), cache.policy().expiresAfterAccess().getAsLong());
    assertEquals(Long.MAX_VALUE >> 1, ClockProCache.builder().expireAfterWrite(Long.MAX_VALUE, TimeUnit.DAYS)
        .build().policy().expiresAfterWrite().getAsLong());
    assertTrue(ClockProCache.builder().refreshAfterWrite(1, TimeUnit.MINUTES).build(key -> key) != null);
  }

  @Test
  void shouldRejectBadDurationsWithATimeUnitNamingThem() {
    assertEquals("unit", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().expireAfterWrite(1, null)).getMessage());
    assertEquals("expireAfterAccess must not be negative but was -1 SECONDS", assertThrows(
        IllegalArgumentException.class, () -> ClockProCache.builder().expireAfterAccess(-1, TimeUnit.SECONDS))
        .getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().refreshAfterWrite(0, TimeUnit.SECONDS)).getMessage()
        .startsWith("refreshAfterWrite must be positive"));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .expireAfterWrite(1, TimeUnit.SECONDS).expireAfterWrite(1, TimeUnit.SECONDS));
  }

  @Test
  void shouldAcceptRecordStatsOnce() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).recordStats().build();
    cache.getIfPresent("absent");
    assertEquals(1, cache.stats().missCount());
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().recordStats().recordStats());
  }

  @Test
  void shouldBuildAnUnboundedCacheWithoutAMaximum() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder()
        .removalListener((Integer key, Integer value, RemovalCause cause) -> removals.add(key + " " + cause))
        .build();
    for (int key = 0; key < 20_000; key++) {
      cache.put(key, key);
    }
    assertEquals(20_000, cache.size());
    assertEquals(0, cache.stats().evictionCount());
    assertEquals(List.of(), removals);
    assertEquals(Integer.MAX_VALUE, cache.policy().maximum());
  }

  @Test
  void shouldKeepNothingWithAMaximumSizeOfZero() {
    ClockProLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(0)
        .evictionListener((String key, String value, RemovalCause cause) -> evictions.add(key + " " + cause))
        .removalListener((String key, String value, RemovalCause cause) -> removals.add(key + " " + cause))
        .build(key -> "loaded " + key);
    cache.put("a", "1");
    assertNull(cache.getIfPresent("a"));
    assertEquals("loaded b", cache.get("b"));
    assertNull(cache.getIfPresent("b"));
    assertEquals(0, cache.size());
    assertEquals(List.of("a SIZE", "b SIZE"), removals);
    assertEquals(removals, evictions);
    assertEquals(0, cache.policy().maximum());
  }

  @Test
  void shouldExpireAtTheEarlierOfTheWriteAndAccessDeadlines() {
    ClockProCache<String, String> cache = ClockProCache.builder()
        .expireAfterWrite(10, TimeUnit.NANOSECONDS).expireAfterAccess(3, TimeUnit.NANOSECONDS)
        .ticker(time::get)
        .removalListener((String key, String value, RemovalCause cause) -> removals.add(key + " " + cause))
        .build();
    cache.put("read", "r");
    cache.put("idle", "i");
    for (int step = 2; step <= 8; step += 2) { // each read renews the access deadline, 3 on
      time.set(1_000 + step);
      assertEquals("r", cache.getIfPresent("read"), "at " + step);
    }
    assertNull(cache.getIfPresent("idle"), "idle since 0: expired at 3");
    time.set(1_009);
    assertEquals("r", cache.getIfPresent("read"), "read at 8: lives to the write deadline, 10");
    time.set(1_010);
    assertNull(cache.getIfPresent("read"), "the write deadline caps every renewal");
    cache.put("rewritten", "1");
    time.set(1_012);
    cache.put("rewritten", "2"); // a write renews both deadlines
    time.set(1_014);
    assertEquals("2", cache.getIfPresent("rewritten"));
    cache.cleanUp();
    assertEquals(List.of("idle EXPIRED", "read EXPIRED", "rewritten REPLACED"), removals);
  }

  @Test
  void shouldCombineBothLifetimesWithWeightsAndRefresh() {
    ClockProLoadingCache<String, String> cache = ClockProCache.builder()
        .maximumWeight(100).weigher((String key, String value) -> value.length())
        .expireAfterWrite(10, TimeUnit.NANOSECONDS).expireAfterAccess(3, TimeUnit.NANOSECONDS)
        .refreshAfterWrite(1, TimeUnit.HOURS).ticker(time::get).build(key -> key + "!");
    assertEquals("a!", cache.get("a"));
    time.set(1_002);
    assertEquals("a!", cache.getIfPresent("a"));
    time.set(1_004);
    assertEquals("a!", cache.getIfPresent("a"));
    time.set(1_010);
    assertNull(cache.getIfPresent("a"));
    assertEquals(10, cache.policy().expiresAfterWrite().getAsLong());
  }

  @Test
  void shouldRefuseAnExpiryWithFixedLifetimes() {
    Expiry<Object, Object> expiry = Expiry.creating((key, value) -> Duration.ofMinutes(1));
    assertEquals("expireAfter cannot be set: expireAfterWrite was already set, and a cache expires either by fixed"
        + " lifetimes or by an Expiry", assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().expireAfterWrite(1, TimeUnit.MINUTES).expireAfter(expiry)).getMessage());
    assertEquals("expireAfterAccess cannot be set: expireAfter was already set, and a cache expires either by"
        + " fixed lifetimes or by an Expiry", assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().expireAfter(expiry).expireAfterAccess(1, TimeUnit.MINUTES)).getMessage());
  }

  @Test
  void shouldTellTheEvictionListenerOfEvictionsOnly() {
    ClockProCache<Integer, String> cache = ClockProCache.builder().maximumSize(2)
        .expireAfterWrite(5, TimeUnit.NANOSECONDS).ticker(time::get)
        .evictionListener((Integer key, String value, RemovalCause cause) -> {
          evictions.add(key + " " + cause);
          throw new IllegalStateException("a failing eviction listener");
        })
        .removalListener((Integer key, String value, RemovalCause cause) -> removals.add(key + " " + cause))
        .build();
    cache.put(1, "a");
    cache.put(1, "b");
    cache.invalidate(1);
    cache.put(2, "c");
    cache.put(3, "d");
    cache.put(4, "e");
    time.set(1_005);
    cache.cleanUp();
    assertEquals(List.of("1 REPLACED", "1 EXPLICIT"), removals.subList(0, 2));
    assertEquals(removals.subList(2, 5), evictions);
    assertEquals(1, evictions.stream().filter(eviction -> eviction.endsWith("SIZE")).count());
    assertEquals(2, evictions.stream().filter(eviction -> eviction.endsWith("EXPIRED")).count());
  }

  @Test
  void shouldRejectABadEvictionListener() {
    assertEquals("listener", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().evictionListener(null)).getMessage());
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder()
        .evictionListener((key, value, cause) -> { }).evictionListener((key, value, cause) -> { }));
  }

  @Test
  void shouldBuildFromCaffeinesSpecification() {
    ClockProLoadingCache<Object, Object> cache = CacheBuilder.from(
        "initialCapacity=10, maximumSize=100, expireAfterWrite=10m, expireAfterAccess=5m, refreshAfterWrite=1m,"
            + " recordStats, scanLimit=16").build(key -> key);
    assertEquals(100, cache.policy().maximum());
    assertEquals(16, cache.policy().scanLimit());
    assertEquals(TimeUnit.MINUTES.toNanos(10), cache.policy().expiresAfterWrite().getAsLong());
    assertEquals(TimeUnit.MINUTES.toNanos(5), cache.policy().expiresAfterAccess().getAsLong());
    ClockProCache<String, String> weighted = CacheBuilder.from("maximumWeight=1000")
        .weigher((String key, String value) -> value.length()).build();
    assertTrue(weighted.policy().isWeighted());
    assertEquals(Integer.MAX_VALUE, CacheBuilder.from("").build().policy().maximum());
    CacheBuilderSpec spec = CacheBuilderSpec.parse(" maximumSize = 5 , recordStats , expireAfterWrite=90s ,");
    assertEquals("maximumSize=5,recordStats,expireAfterWrite=PT1M30S", spec.toString());
    assertEquals(spec, CacheBuilderSpec.parse(spec.toString()));
    assertEquals(spec.hashCode(), CacheBuilderSpec.parse("expireAfterWrite=PT90S,recordStats,maximumSize=5")
        .hashCode());
    assertTrue(spec.sets("recordStats"));
    assertFalse(spec.sets("maximumWeight"));
    assertEquals(5, CacheBuilder.from(spec).build().policy().maximum());
    assertTrue(CacheBuilderSpec.parse("maximumSize=5,weakValues").sets("weakValues"));
    assertTrue(CacheBuilderSpec.parse("softValues").sets("softValues"));
    assertThrows(IllegalStateException.class, () -> CacheBuilder.from("softValues").buildAsync());
  }

  @Test
  void shouldRejectABadSpecificationNamingTheKey() {
    String[][] cases = {
        {"maximumSize=1,maximumSize=2", "maximumSize is given twice"},
        {"maximumSize=-1", "maximumSize: maximumSize must be between 0 and"},
        {"maximumSize=1,maximumWeight=1", "maximumWeight: maximumWeight cannot be set"},
        {"recordStats=true", "recordStats takes no value but was given 'true'"},
        {"weakKeys,weakKeys", "weakKeys is given twice"},
        {"weakValues,softValues", "softValues: value strength was already set to WEAK"},
        {"softValues=true", "softValues takes no value but was given 'true'"},
        {"maximumSize", "'maximumSize' has no '=' and value"},
        {"expireAfterWrite=10", "expireAfterWrite must be a whole number and a unit"},
        {"expireAfterWrite=1m,expireAfterWrite=2m", "expireAfterWrite is given twice"},
        {"expiry=1m", "unknown key 'expiry'"},
        {"=3", "a pair has no key"}};
    for (String[] badCase : cases) {
      IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
          () -> CacheBuilder.from(badCase[0]), badCase[0]);
      assertTrue(error.getMessage().startsWith("Invalid cache specification '" + badCase[0] + "': " + badCase[1]),
          error.getMessage());
    }
    assertEquals("specification", assertThrows(NullPointerException.class,
        () -> CacheBuilder.from((String) null)).getMessage());
    assertEquals("specification", assertThrows(NullPointerException.class,
        () -> CacheBuilder.from((CacheBuilderSpec) null)).getMessage());
  }

  @Test
  void shouldOfferCaffeinesTickersWeighersAndSchedulers() throws Exception {
    assertEquals(0, Ticker.disabledTicker().read());
    assertEquals(1, Weigher.singletonWeigher().weigh("key", "a long value"));
    Weigher<String, Integer> bounded = Weigher.boundedWeigher((String key, Integer value) -> value);
    assertEquals(3, bounded.weigh("key", 3));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> bounded.weigh("key", -2)).getMessage()
        .startsWith("weight must not be negative but was -2"));
    assertEquals("delegate", assertThrows(NullPointerException.class, () -> Weigher.boundedWeigher(null))
        .getMessage());
    Scheduler throwing = (executor, command, delay, unit) -> {
      throw new IllegalStateException("a failing scheduler");
    };
    Future<?> guarded = Scheduler.guardedScheduler(throwing).schedule(Runnable::run, () -> { }, 1, TimeUnit.SECONDS);
    assertTrue(guarded.isDone());
    assertTrue(Scheduler.guardedScheduler((executor, command, delay, unit) -> null)
        .schedule(Runnable::run, () -> { }, 1, TimeUnit.SECONDS).isDone());
    CompletableFuture<Object> own = new CompletableFuture<>();
    assertSame(own, Scheduler.guardedScheduler((executor, command, delay, unit) -> own)
        .schedule(Runnable::run, () -> { }, 1, TimeUnit.SECONDS));
    assertEquals("scheduler", assertThrows(NullPointerException.class, () -> Scheduler.guardedScheduler(null))
        .getMessage());
  }
}
