package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Caffeine's Policy views on clockpro's policy: present for the settings a cache was built with, and live. */
class CaffeinePolicyTest {

  private final AtomicLong time = new AtomicLong(1_000);

  @Test
  void shouldOfferOnlyTheViewsOfTheSettingsMade() {
    Policy<Object, Object> plain = ClockProCache.builder().maximumSize(10).build().policy();
    assertTrue(plain.eviction().isPresent());
    assertTrue(plain.expireAfterWrite().isEmpty());
    assertTrue(plain.expireAfterAccess().isEmpty());
    assertTrue(plain.expireVariably().isEmpty());
    assertTrue(plain.refreshAfterWrite().isEmpty());
    assertEquals(Map.of(), plain.refreshes());
    assertTrue(plain.isRecordingStats());
    assertTrue(ClockProCache.builder().build().policy().eviction().isEmpty(), "unbounded: no eviction view");
    Policy<Object, Object> all = ClockProCache.builder().maximumSize(10).expireAfterWrite(1, TimeUnit.MINUTES)
        .expireAfterAccess(1, TimeUnit.MINUTES).refreshAfterWrite(1, TimeUnit.SECONDS).build(key -> key).policy();
    assertTrue(all.expireAfterWrite().isPresent());
    assertTrue(all.expireAfterAccess().isPresent());
    assertTrue(all.refreshAfterWrite().isPresent());
    assertTrue(ClockProCache.builder().expireAfter(Expiry.creating((key, value) -> Duration.ofSeconds(1))).build()
        .policy().expireVariably().isPresent());
  }

  @Test
  void shouldReadAndChangeTheBoundThroughEviction() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumWeight(100)
        .weigher((String key, String value) -> value.length()).build();
    cache.put("a", "12345");
    Policy.Eviction<String, String> eviction = cache.policy().eviction().orElseThrow();
    assertTrue(eviction.isWeighted());
    assertEquals(OptionalInt.of(5), eviction.weightOf("a"));
    assertEquals(OptionalInt.empty(), eviction.weightOf("absent"));
    assertEquals(OptionalLong.of(5), eviction.weightedSize());
    assertEquals(100, eviction.getMaximum());
    eviction.setMaximum(4);
    cache.cleanUp();
    assertEquals(4, cache.policy().maximum());
    assertNull(cache.getIfPresent("a"));
    assertEquals(OptionalInt.empty(),
        ClockProCache.builder().maximumSize(5).build().policy().eviction().orElseThrow().weightOf("a"));
  }

  @Test
  void shouldListEntriesInTheOrderOfTheHands() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(100).build();
    for (int key = 0; key < 10; key++) {
      cache.put(key, key);
    }
    Policy.Eviction<Integer, Integer> eviction = cache.policy().eviction().orElseThrow();
    List<Integer> coldest = new ArrayList<>(eviction.coldest(100).keySet());
    List<Integer> hottest = new ArrayList<>(eviction.hottest(100).keySet());
    assertEquals(10, coldest.size());
    List<Integer> reversed = new ArrayList<>(hottest);
    java.util.Collections.reverse(reversed);
    assertEquals(coldest, reversed, "hottest is coldest reversed");
    assertEquals(coldest.subList(0, 3), new ArrayList<>(eviction.coldest(3).keySet()));
    assertEquals(Map.of(), eviction.coldest(0));
    assertThrows(IllegalArgumentException.class, () -> eviction.hottest(-1));

    ClockProCache<Integer, Integer> full = ClockProCache.builder().maximumSize(20).build();
    for (int key = 0; key < 200; key++) {
      full.put(key, key);
      full.getIfPresent(key % 7); // keys 0..6 are read often and become hot
    }
    Integer first = full.policy().eviction().orElseThrow().coldest(1).keySet().iterator().next();
    full.put(1_000, 1_000);
    assertNull(full.getIfPresent(first), "the coldest entry, unreferenced, is the next evicted");
  }

  @Test
  void shouldReadAndChangeFixedLifetimes() {
    ClockProCache<String, String> cache = ClockProCache.builder().expireAfterWrite(100, TimeUnit.NANOSECONDS)
        .expireAfterAccess(50, TimeUnit.NANOSECONDS).ticker(time::get).build();
    cache.put("k", "v");
    time.addAndGet(20);
    Policy.FixedExpiration<String, String> write = cache.policy().expireAfterWrite().orElseThrow();
    Policy.FixedExpiration<String, String> access = cache.policy().expireAfterAccess().orElseThrow();
    assertEquals(OptionalLong.of(20), write.ageOf("k", TimeUnit.NANOSECONDS));
    assertEquals(OptionalLong.of(20), access.ageOf("k", TimeUnit.NANOSECONDS));
    assertEquals(Duration.ofNanos(20), write.ageOf("k").orElseThrow());
    assertEquals(OptionalLong.empty(), write.ageOf("absent", TimeUnit.NANOSECONDS));
    assertEquals(100, write.getExpiresAfter(TimeUnit.NANOSECONDS));
    assertEquals(Duration.ofNanos(50), access.getExpiresAfter());
    access.setExpiresAfter(Duration.ofNanos(500));
    write.setExpiresAfter(300, TimeUnit.NANOSECONDS);
    assertEquals(OptionalLong.of(300), cache.policy().expiresAfterWrite());
    cache.put("k", "w"); // a write takes the new lifetimes
    time.addAndGet(250);
    assertEquals("w", cache.getIfPresent("k"));
    time.addAndGet(60);
    assertNull(cache.getIfPresent("k"), "the new write lifetime, 300, caps the renewal");
    assertThrows(IllegalArgumentException.class, () -> write.setExpiresAfter(-1, TimeUnit.SECONDS));
    assertEquals("duration must not be negative but was PT-1S", assertThrows(IllegalArgumentException.class,
        () -> write.setExpiresAfter(Duration.ofSeconds(-1))).getMessage());
    assertEquals("duration", assertThrows(NullPointerException.class,
        () -> write.setExpiresAfter((Duration) null)).getMessage());
    assertEquals("unit", assertThrows(NullPointerException.class, () -> write.getExpiresAfter(null)).getMessage());
    assertEquals("key", assertThrows(NullPointerException.class,
        () -> write.ageOf(null, TimeUnit.SECONDS)).getMessage());
  }

  @Test
  void shouldReadAndChangeLifetimesByEntry() {
    ClockProCache<String, String> cache = ClockProCache.builder()
        .expireAfter(Expiry.creating((String key, String value) -> Duration.ofNanos(100)))
        .ticker(time::get).build();
    Policy.VarExpiration<String, String> variable = cache.policy().expireVariably().orElseThrow();
    cache.put("default", "d");
    assertNull(variable.put("short", "s", 10, TimeUnit.NANOSECONDS));
    assertNull(variable.putIfAbsent("long", "l", Duration.ofNanos(1_000)));
    assertEquals("l", variable.putIfAbsent("long", "other", Duration.ofNanos(1)));
    assertEquals(OptionalLong.of(100), variable.getExpiresAfter("default", TimeUnit.NANOSECONDS));
    assertEquals(Duration.ofNanos(10), variable.getExpiresAfter("short").orElseThrow());
    assertEquals(OptionalLong.of(1_000), variable.getExpiresAfter("long", TimeUnit.NANOSECONDS));
    variable.setExpiresAfter("default", 500, TimeUnit.NANOSECONDS);
    time.addAndGet(200);
    assertNull(cache.getIfPresent("short"));
    assertEquals("d", cache.getIfPresent("default"));
    assertEquals("l", cache.getIfPresent("long"));
    assertEquals("s", variable.put("short", "t", Duration.ofNanos(5)) == null ? "s" : "replaced");
    assertEquals(OptionalLong.empty(), variable.getExpiresAfter("absent", TimeUnit.NANOSECONDS));
    assertThrows(IllegalArgumentException.class, () -> variable.put("k", "v", -1, TimeUnit.SECONDS));
    assertEquals("value", assertThrows(NullPointerException.class,
        () -> variable.put("k", null, 1, TimeUnit.SECONDS)).getMessage());
    assertNull(cache.getIfPresent("k"), "a refused put changes nothing");
  }

  @Test
  void shouldReadAndChangeTheRefreshPeriod() throws Exception {
    List<CompletableFuture<String>> reloads = new ArrayList<>();
    ClockProLoadingCache<String, String> cache = ClockProCache.builder().refreshAfterWrite(100, TimeUnit.NANOSECONDS)
        .ticker(time::get).executor(Runnable::run).build(new CacheLoader<String, String>() {
          @Override
          public String load(String key) {
            return key;
          }
        });
    cache.put("k", "v");
    time.addAndGet(30);
    Policy.FixedRefresh<String, String> refresh = cache.policy().refreshAfterWrite().orElseThrow();
    assertEquals(OptionalLong.of(30), refresh.ageOf("k", TimeUnit.NANOSECONDS));
    assertEquals(100, refresh.getRefreshesAfter(TimeUnit.NANOSECONDS));
    refresh.setRefreshesAfter(Duration.ofNanos(20));
    assertEquals(Duration.ofNanos(20), refresh.getRefreshesAfter());
    assertEquals("v", cache.getIfPresent("k"), "stale: returns the value and refreshes it");
    assertEquals("k", cache.getIfPresent("k"));
    assertThrows(IllegalArgumentException.class, () -> refresh.setRefreshesAfter(0, TimeUnit.SECONDS));
    assertThrows(IllegalArgumentException.class, () -> refresh.setRefreshesAfter(Duration.ofNanos(-1)));
    assertEquals("duration", assertThrows(NullPointerException.class,
        () -> refresh.setRefreshesAfter((Duration) null)).getMessage());
    assertEquals(Duration.ofNanos(0), refresh.ageOf("k").orElseThrow());
    assertTrue(reloads.isEmpty());
  }

  @Test
  void shouldShowRefreshesInFlight() {
    CompletableFuture<String> gate = new CompletableFuture<>();
    ClockProLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .executor(command -> gate.thenRun(command)).build(key -> key + "!");
    cache.put("k", "v");
    CompletableFuture<String> refreshing = cache.refresh("k");
    assertEquals(Map.of("k", refreshing), cache.policy().refreshes());
    gate.complete("go");
    assertEquals("k!", refreshing.join());
    assertEquals(Map.of(), cache.policy().refreshes());
  }

  @Test
  void shouldReadQuietly() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .expireAfterAccess(10, TimeUnit.NANOSECONDS).ticker(time::get).build();
    cache.put("k", "v");
    time.addAndGet(8);
    assertEquals("v", cache.policy().getIfPresentQuietly("k"));
    assertNull(cache.policy().getIfPresentQuietly("absent"));
    assertEquals(0, cache.stats().requestCount(), "no hit or miss counted");
    time.addAndGet(2);
    assertNull(cache.policy().getIfPresentQuietly("k"), "the quiet read renewed nothing");
    assertEquals("key", assertThrows(NullPointerException.class,
        () -> cache.policy().getIfPresentQuietly(null)).getMessage());
    assertFalse(cache.policy().toString().isEmpty());
  }
}
