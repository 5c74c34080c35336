package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OffHeapCacheTest {

  private record Removal(Object key, Object value, RemovalCause cause) {}

  private static OffHeapCache<Long, String> cache(long bytes, List<Removal> removals) {
    return OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(bytes)
        .removalListener((key, value, cause) -> removals.add(new Removal(key, value, cause)))
        .build();
  }

  @Test
  void shouldRefuseToChangeTheMaximumAndOfferNoRunTimeViews() {
    try (OffHeapCache<Long, String> cache = cache(1L << 20, new ArrayList<>())) {
      cache.put(1L, "one");
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> cache.policy().setMaximum(1L << 19));
      assertTrue(e.getMessage().contains("maximumBytes"), e.getMessage());
      assertEquals(1L << 20, cache.policy().maximum());
      assertEquals("one", cache.getIfPresent(1L));
      assertTrue(cache.policy().eviction().isEmpty());
      assertTrue(cache.policy().expireAfterWrite().isEmpty());
      assertTrue(cache.policy().expireAfterAccess().isEmpty());
      assertTrue(cache.policy().expireVariably().isEmpty());
    }
  }

  @Test
  void shouldServeWhatWasPut() {
    try (OffHeapCache<Long, String> cache = cache(1 << 20, new ArrayList<>())) {
      cache.put(1L, "one");
      cache.put(2L, "two");
      assertEquals("one", cache.getIfPresent(1L));
      assertEquals("two", cache.getIfPresent(2L));
      assertNull(cache.getIfPresent(3L));
      assertEquals(2, cache.size());
      assertEquals(2, cache.stats().hitCount());
      assertEquals(1, cache.stats().missCount());
    }
  }

  @Test
  void shouldReturnCopiesOfValues() {
    try (OffHeapCache<String, byte[]> cache = OffHeapCache.builder(Serializer.string(), Serializer.bytes())
        .maximumBytes(1 << 20).build()) {
      byte[] value = {1, 2, 3};
      cache.put("key", value);
      value[0] = 9;
      byte[] first = cache.getIfPresent("key");
      assertArrayEquals(new byte[] {1, 2, 3}, first);
      first[1] = 9;
      byte[] second = cache.getIfPresent("key");
      assertArrayEquals(new byte[] {1, 2, 3}, second);
      assertNotSame(first, second);
    }
  }

  @Test
  void shouldReportReplacementsAndExplicitRemovals() {
    List<Removal> removals = new ArrayList<>();
    try (OffHeapCache<Long, String> cache = cache(1 << 20, removals)) {
      cache.put(1L, "a");
      cache.put(1L, "b");
      cache.invalidate(1L);
      cache.invalidate(1L);
      assertEquals(List.of(new Removal(1L, "a", RemovalCause.REPLACED), new Removal(1L, "b", RemovalCause.EXPLICIT)),
          removals);
      assertEquals(0, cache.size());
    }
  }

  @Test
  void shouldStayWithinItsBytesAndEvictForSize() {
    List<Removal> removals = new ArrayList<>();
    try (OffHeapCache<Long, String> cache = cache(64 * 1024, removals)) {
      String value = "x".repeat(100);
      for (long key = 0; key < 10_000; key++) {
        cache.put(key, value);
        assertTrue(cache.policy().weightedSize().getAsLong() <= cache.policy().maximum());
      }
      assertTrue(cache.size() < 10_000);
      assertTrue(cache.size() > 64 * 1024 / 200, "size " + cache.size());
      assertEquals(10_000 - cache.size(), removals.size());
      assertTrue(removals.stream().allMatch(removal -> removal.cause() == RemovalCause.SIZE));
      assertTrue(cache.stats().maxScanPerEviction() <= cache.policy().scanLimit());
      assertEquals(cache.stats().evictionCount(), removals.size());
    }
  }

  @Test
  void shouldKeepFrequentlyReadEntriesAgainstAScan() {
    try (OffHeapCache<Long, String> cache = cache(64 * 1024, new ArrayList<>())) {
      String value = "x".repeat(100);
      for (long key = 0; key < 100; key++) {
        cache.put(key, value);
      }
      for (int round = 0; round < 20; round++) {
        for (long key = 0; key < 100; key++) {
          if (cache.getIfPresent(key) == null) {
            cache.put(key, value);
          }
        }
        for (long key = 1_000 + round * 1_000L; key < 1_000 + round * 1_000L + 300; key++) {
          cache.put(key, value);
        }
      }
      long hot = 0;
      for (long key = 0; key < 100; key++) {
        hot += cache.getIfPresent(key) == null ? 0 : 1;
      }
      assertTrue(hot >= 90, "hot entries kept: " + hot);
    }
  }

  @Test
  void shouldRefuseAValueLargerThanHalfASegmentAsSize() {
    List<Removal> removals = new ArrayList<>();
    try (OffHeapCache<Long, String> cache = cache(8192, removals)) {
      cache.put(1L, "small");
      cache.put(1L, "y".repeat(5000));
      assertNull(cache.getIfPresent(1L));
      assertEquals(List.of(new Removal(1L, "small", RemovalCause.REPLACED),
          new Removal(1L, "y".repeat(5000), RemovalCause.SIZE)), removals);
      cache.put(2L, "fits");
      assertEquals("fits", cache.getIfPresent(2L));
    }
  }

  @Test
  void shouldLeaveNoDamageWhenASerializerThrows() {
    Serializer<String> failing = new Serializer<>() {
      @Override
      public int serializedSize(String object) {
        if (object.equals("bad")) {
          throw new IllegalArgumentException("cannot serialize");
        }
        return Serializer.string().serializedSize(object);
      }

      @Override
      public void serialize(String object, ByteBuffer target) {
        Serializer.string().serialize(object, target);
      }

      @Override
      public String deserialize(ByteBuffer source) {
        return Serializer.string().deserialize(source);
      }
    };
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), failing)
        .maximumBytes(1 << 20).build()) {
      cache.put(1L, "good");
      assertThrows(IllegalArgumentException.class, () -> cache.put(1L, "bad"));
      assertThrows(IllegalArgumentException.class, () -> cache.put(2L, "bad"));
      assertEquals("good", cache.getIfPresent(1L));
      assertNull(cache.getIfPresent(2L));
      assertEquals(1, cache.size());
    }
  }

  @Test
  void shouldRejectASerializerThatWritesAnotherSizeThanItSaid() {
    Serializer<String> lying = new Serializer<>() {
      @Override
      public int serializedSize(String object) {
        return 10;
      }

      @Override
      public void serialize(String object, ByteBuffer target) {
        target.put((byte) 1);
      }

      @Override
      public String deserialize(ByteBuffer source) {
        return "";
      }
    };
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), lying)
        .maximumBytes(1 << 20).build()) {
      assertThrows(IllegalStateException.class, () -> cache.put(1L, "x"));
      assertEquals(0, cache.size());
    }
  }

  @Test
  void shouldThrowOnEveryMethodOnceClosed() {
    OffHeapCache<Long, String> cache = cache(1 << 20, new ArrayList<>());
    cache.put(1L, "one");
    cache.close();
    cache.close();
    assertThrows(IllegalStateException.class, () -> cache.getIfPresent(1L));
    assertThrows(IllegalStateException.class, () -> cache.put(1L, "one"));
    assertThrows(IllegalStateException.class, () -> cache.invalidate(1L));
    assertThrows(IllegalStateException.class, cache::invalidateAll);
    assertThrows(IllegalStateException.class, () -> cache.get(1L, key -> "x"));
    assertThrows(IllegalStateException.class, () -> cache.asMap().get(1L));
    assertThrows(IllegalStateException.class, cache::cleanUp);
  }

  @Test
  void shouldRejectBadSettingsNamingThem() {
    var builder = OffHeapCache.builder(Serializer.longs(), Serializer.string());
    IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
        () -> builder.maximumBytes(Long.MAX_VALUE / 2));
    assertTrue(tooLarge.getMessage().contains("physical memory"), tooLarge.getMessage());
    assertThrows(IllegalArgumentException.class, () -> builder.maximumBytes(100));
    assertThrows(IllegalArgumentException.class, () -> builder.scanLimit(1));
    assertThrows(IllegalArgumentException.class, () -> builder.expireAfterWrite(Duration.ZERO));
    assertThrows(NullPointerException.class, () -> builder.persistTo(null));
    assertThrows(IllegalStateException.class, builder::build);
    builder.expireAfterWrite(Duration.ofSeconds(1));
    assertThrows(IllegalStateException.class, () -> builder.expireAfterAccess(Duration.ofSeconds(1)));
    builder.maximumBytes(1 << 20);
    assertThrows(IllegalStateException.class, () -> builder.maximumBytes(1 << 20));
    assertThrows(NullPointerException.class, () -> OffHeapCache.builder(null, Serializer.string()));
  }

  @Test
  void shouldRejectNullsBeforeChangingAnything() {
    try (OffHeapCache<Long, String> cache = cache(1 << 20, new ArrayList<>())) {
      assertThrows(NullPointerException.class, () -> cache.put(null, "x"));
      assertThrows(NullPointerException.class, () -> cache.put(1L, null));
      assertThrows(NullPointerException.class, () -> cache.putAll(java.util.Collections.singletonMap(1L, null)));
      assertThrows(NullPointerException.class, () -> cache.getIfPresent(null));
      assertEquals(0, cache.size());
    }
  }

  @Test
  void shouldExpireAfterWriteWithoutAThread() {
    AtomicLong time = new AtomicLong();
    List<Removal> removals = new ArrayList<>();
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20).expireAfterWrite(Duration.ofSeconds(10)).ticker(time::get)
        .removalListener((key, value, cause) -> removals.add(new Removal(key, value, cause))).build()) {
      cache.put(1L, "one");
      cache.put(2L, "two");
      time.addAndGet(Duration.ofSeconds(9).toNanos());
      assertEquals("one", cache.getIfPresent(1L));
      time.addAndGet(Duration.ofSeconds(1).toNanos());
      assertNull(cache.getIfPresent(1L));
      assertEquals(List.of(new Removal(1L, "one", RemovalCause.EXPIRED)), removals);
      cache.cleanUp();
      assertEquals(2, removals.size());
      assertEquals(0, cache.size());
      assertEquals(2, cache.stats().expirationCount());
      assertEquals(Duration.ofSeconds(10).toNanos(), cache.policy().expiresAfterWrite().getAsLong());
    }
  }

  @Test
  void shouldExpireAfterAccess() {
    AtomicLong time = new AtomicLong();
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20).expireAfterAccess(Duration.ofSeconds(10)).ticker(time::get).build()) {
      cache.put(1L, "one");
      for (int step = 0; step < 5; step++) {
        time.addAndGet(Duration.ofSeconds(8).toNanos());
        assertEquals("one", cache.getIfPresent(1L));
      }
      time.addAndGet(Duration.ofSeconds(10).toNanos());
      assertNull(cache.getIfPresent(1L));
    }
  }

  @Test
  void shouldExpireEachEntryByItsOwnLifetime() {
    AtomicLong time = new AtomicLong();
    Expiry<Long, String> byLength = Expiry.creating((key, value) -> Duration.ofSeconds(value.length()));
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20).expireAfter(byLength).ticker(time::get).build()) {
      cache.put(1L, "a");
      cache.put(2L, "aaaaa");
      time.addAndGet(Duration.ofSeconds(2).toNanos());
      assertNull(cache.getIfPresent(1L));
      assertEquals("aaaaa", cache.getIfPresent(2L));
      assertTrue(cache.policy().expiresVariably());
    }
  }

  @Test
  void shouldLoadOnceAndCountIt() {
    try (OffHeapCache<Long, String> cache = cache(1 << 20, new ArrayList<>())) {
      assertEquals("v1", cache.get(1L, key -> "v" + key));
      assertEquals("v1", cache.get(1L, key -> "other"));
      assertNull(cache.get(2L, key -> null));
      assertThrows(IllegalStateException.class, () -> cache.get(3L, key -> cache.get(3L, inner -> "x")));
      assertThrows(ArithmeticException.class, () -> cache.get(4L, key -> {
        throw new ArithmeticException("boom");
      }));
      assertEquals("v4", cache.get(4L, key -> "v4"));
      assertEquals(2, cache.stats().loadSuccessCount() - 0);
      assertEquals(3, cache.stats().loadFailureCount());
    }
  }

  @Test
  void shouldLoadMissingKeysInOneCall() {
    try (OffHeapCache<Long, String> cache = cache(1 << 20, new ArrayList<>())) {
      cache.put(1L, "one");
      List<Set<? extends Long>> calls = new ArrayList<>();
      Map<Long, String> all = cache.getAll(List.of(1L, 2L, 3L), keys -> {
        calls.add(Set.copyOf(keys));
        return Map.of(2L, "two", 3L, "three");
      });
      assertEquals(List.of(1L, 2L, 3L), List.copyOf(all.keySet()));
      assertEquals(List.of(Set.of(2L, 3L)), calls);
      assertEquals("three", cache.getIfPresent(3L));
      assertThrows(NullPointerException.class, () -> cache.getAll(List.of(5L), keys -> null));
      assertNull(cache.getIfPresent(5L));
    }
  }

  /** As in the paper, a segment that is filling takes new entries as hot until only its cold target is free. */
  @Test
  void shouldTakeNewEntriesAsHotWhileFilling() {
    try (OffHeapCache<Long, String> cache = cache(64 << 10, new ArrayList<>())) {
      for (long key = 0; key < 100; key++) {
        cache.put(key, "value-" + key);
      }
      assertEquals(100, cache.policy().hotSize());
      for (long key = 100; key < 10_000; key++) {
        cache.put(key, "value-" + key);
      }
      assertTrue(cache.policy().hotSize() < cache.estimatedSize(), "the cold target is left for new entries");
    }
  }

  /**
   * On a loop over twice the keys it holds, the cache keeps the entries that filled it hot and serves them on every
   * round: at most seven eighths of the half it holds, the rest being the cold target (LRU, and a cache that took
   * every entry as cold, would miss every request).
   */
  @Test
  void shouldServePartOfALoopLargerThanTheCache() {
    try (OffHeapCache<Long, String> cache = cache(64 << 10, new ArrayList<>())) {
      long held = 0;
      for (long key = 0; cache.stats().evictionCount() == 0; key++) {
        cache.put(key, "-".repeat(100));
        held = key + 1;
      }
      cache.invalidateAll();
      long loop = 2 * held;
      for (int round = 0; round < 10; round++) {
        for (long key = 0; key < loop; key++) {
          if (cache.getIfPresent(key) == null) {
            cache.put(key, "-".repeat(100));
          }
        }
      }
      assertTrue(cache.stats().hitRate() > 0.3, "hit rate " + cache.stats().hitRate());
    }
  }

  @Test
  void shouldOfferAConcurrentMapView() {
    try (OffHeapCache<Long, String> cache = cache(1 << 20, new ArrayList<>())) {
      var map = cache.asMap();
      assertNull(map.put(1L, "a"));
      assertEquals("a", map.put(1L, "b"));
      assertEquals("b", map.putIfAbsent(1L, "c"));
      assertNull(map.putIfAbsent(2L, "c"));
      assertFalse(map.replace(1L, "x", "y"));
      assertTrue(map.replace(1L, "b", "y"));
      assertEquals("y", map.replace(1L, "z"));
      assertNull(map.replace(9L, "z"));
      assertFalse(map.remove(1L, "y"));
      assertTrue(map.remove(1L, "z"));
      assertEquals(Map.of(2L, "c"), Map.copyOf(map));
      assertEquals("c2", map.compute(2L, (key, value) -> value + "2"));
      assertEquals("c2", map.remove(2L));
      assertTrue(map.isEmpty());
      for (long key = 0; key < 1000; key++) {
        map.put(key, "v" + key);
      }
      assertEquals(1000, map.entrySet().stream().count());
      map.keySet().removeIf(key -> key % 2 == 0);
      assertEquals(500, map.size());
      map.clear();
      assertEquals(0, cache.size());
    }
  }
}
