package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProAsyncLoadingCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Weak keys: keys compare by identity, a collected key's entry is never served and leaves with
 * {@link RemovalCause#COLLECTED} and a {@code null} key, counted as an eviction, cleared a bounded number at a
 * time; user code sees the program's keys. Collection is made deterministic by a test hook that clears an entry's
 * key reference and enqueues it, as the collector does.
 */
class WeakKeysTest {

  /** One builder per combination of weak keys with weigher, expiry, refresh and weak or soft values. */
  static Stream<String> configurations() {
    return Stream.of("plain", "weighted", "expiring", "variable", "refreshing", "weak values",
        "soft values weighted expiring refreshing", "expiring both");
  }

  private final List<String> removals = Collections.synchronizedList(new ArrayList<>());
  private final List<String> evictions = Collections.synchronizedList(new ArrayList<>());
  private final List<Object> keysSeen = Collections.synchronizedList(new ArrayList<>());

  private CacheBuilder<Object, Object> builder(String configuration) {
    CacheBuilder<Object, Object> builder = ClockProCache.builder().weakKeys().scanLimit(4);
    if (configuration.contains("weighted")) {
      builder = builder.maximumWeight(1_000).weigher((Object key, Object value) -> {
        keysSeen.add(key);
        return 2;
      });
    } else {
      builder.maximumSize(1_000);
    }
    if (configuration.contains("expiring")) {
      builder.expireAfterWrite(Duration.ofHours(1));
      if (configuration.contains("both")) {
        builder.expireAfterAccess(Duration.ofHours(1));
      }
    }
    if (configuration.contains("variable")) {
      builder = builder.expireAfter(Expiry.creating((Object key, Object value) -> {
        keysSeen.add(key);
        return Duration.ofHours(1);
      }));
    }
    if (configuration.contains("refreshing")) {
      builder.refreshAfterWrite(Duration.ofHours(1));
    }
    if (configuration.contains("weak values")) {
      builder.weakValues();
    } else if (configuration.contains("soft values")) {
      builder.softValues();
    }
    return builder
        .removalListener((Object key, Object value, RemovalCause cause) -> removals.add(key + "=" + value + " " + cause))
        .evictionListener((Object key, Object value, RemovalCause cause) -> evictions.add(key + " " + cause));
  }

  /** Clears the reference to {@code key} that its entry stores and enqueues it, as the collector does. */
  private static void collect(ClockProCache<?, ?> cache, Object key) {
    BoundedCache<Object, ?> engine = (BoundedCache<Object, ?>) EngineAccess.engine(cache);
    Object lookup = KeyReferences.lookup(key);
    Node<Object, ?> node = engine.lookup(lookup, engine.data.hash(lookup));
    assertTrue(KeyReferences.collectForTest(node.key), "the entry stores a reference");
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void shouldNeverServeCollectedKeyAndReportItCollected(String configuration) {
    ClockProLoadingCache<Object, Object> cache = builder(configuration).build(key -> {
      keysSeen.add(key);
      return "loaded " + key;
    });
    Key one = new Key(1);
    Key two = new Key(2);
    cache.put(one, "one");
    cache.put(two, "two");
    collect(cache, one);

    assertNull(cache.getIfPresent(one));
    assertEquals(Set.of(two), Set.copyOf(cache.asMap().keySet()));
    assertEquals(Map.of(two, "two"), Map.copyOf(cache.asMap()));
    assertFalse(cache.asMap().containsKey(one));
    assertEquals(Map.of(two, "two"), cache.policy().eviction().orElseThrow().coldest(10));
    assertEquals(Map.of(two, "two"), cache.policy().eviction().orElseThrow().hottest(10));
    cache.cleanUp();
    assertEquals(List.of("null=one COLLECTED"), removals);
    assertEquals(List.of("null COLLECTED"), evictions);
    assertEquals(1, cache.stats().evictionCount());
    assertEquals(1, cache.estimatedSize());

    long misses = cache.stats().missCount();
    assertEquals("loaded Key1", cache.get(one)); // a loading cache loads it again, as a miss
    assertEquals(misses + 1, cache.stats().missCount());
    assertEquals("loaded Key1", cache.getIfPresent(one));
    assertTrue(keysSeen.stream().allMatch(key -> key instanceof Key), "user code sees the program's keys: " + keysSeen);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldCompareKeysByIdentity() {
    ClockProCache<Object, Object> cache = builder("plain").build();
    Key first = new Key(1);
    Key second = new Key(1);
    assertEquals(first, second);
    cache.put(first, "first");
    cache.put(second, "second");

    assertEquals(2, cache.estimatedSize());
    assertEquals("first", cache.getIfPresent(first));
    assertEquals("second", cache.getIfPresent(second));
    assertNull(cache.getIfPresent(new Key(1)));
    assertFalse(cache.asMap().containsKey(new Key(1)));
    cache.invalidate(new Key(1));
    assertEquals(2, cache.estimatedSize());
    cache.invalidate(first);
    assertEquals(List.of("Key1=first EXPLICIT"), removals);
    assertSame(second, cache.asMap().keySet().iterator().next());
  }

  @Test
  void shouldGiveTheProgramsKeysToFunctionsAndViews() {
    ClockProCache<Object, Object> cache = builder("plain").build();
    Key key = new Key(1);
    ConcurrentMap<Object, Object> map = cache.asMap();
    assertEquals("computed", map.computeIfAbsent(key, found -> {
      assertSame(key, found);
      return "computed";
    }));
    assertEquals("computed again", map.compute(key, (found, value) -> {
      assertSame(key, found);
      return value + " again";
    }));
    assertEquals("merged", map.merge(key, "merged", (old, value) -> value));
    assertEquals(Map.of(key, "merged"), cache.getAll(List.of(key), keys -> {
      throw new AssertionError("present: not loaded");
    }));
    Key absent = new Key(2);
    assertEquals(Map.of(absent, "bulk"), cache.getAll(List.of(absent), keys -> {
      assertSame(absent, keys.iterator().next());
      return Map.of(absent, "bulk");
    }));
    for (Map.Entry<Object, Object> entry : map.entrySet()) {
      if (entry.getKey() == absent) {
        entry.setValue("set");
      }
    }
    assertEquals("set", cache.getIfPresent(absent));
    map.keySet().removeIf(found -> found == absent);
    assertNull(cache.getIfPresent(absent));
    assertEquals(List.of("Key1=computed REPLACED", "Key1=computed again REPLACED", "Key2=bulk REPLACED",
        "Key2=set EXPLICIT"), removals);
  }

  @Test
  void shouldClearCollectedKeysWithinTheScanLimitPerWrite() {
    ClockProCache<Object, Object> cache = builder("plain").build();
    List<Key> keys = new ArrayList<>();
    for (int index = 0; index < 20; index++) {
      keys.add(new Key(index));
      cache.put(keys.get(index), index);
    }
    for (int index = 0; index < 10; index++) {
      collect(cache, keys.get(index));
    }
    cache.put(new Key(100), 100); // an insert: clears at most the scan limit's worth, 4
    assertEquals(4, removals.size());
    cache.cleanUp();
    assertEquals(10, removals.size());
    assertTrue(removals.stream().allMatch(removal -> removal.startsWith("null=") && removal.endsWith("COLLECTED")));
    assertEquals(10, cache.stats().evictionCount());
    assertEquals(11, cache.estimatedSize());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldReportAnEntryEvictedAfterItsKeyWasCollectedAsCollected() {
    ClockProCache<Object, Object> cache = ClockProCache.builder().weakKeys().maximumSize(1)
        .removalListener((Object key, Object value, RemovalCause cause) -> removals.add(key + "=" + value + " " + cause))
        .build();
    Key one = new Key(1);
    cache.put(one, "one");
    collect(cache, one);
    cache.put(new Key(2), "two");
    cache.put(new Key(3), "three");
    assertTrue(removals.contains("null=one COLLECTED"), removals.toString());
  }

  @Test
  void shouldLetTheCollectorTakeAKeyNoLongerHeld() throws InterruptedException {
    ClockProCache<Object, Object> cache = builder("plain").build();
    WeakReference<Object> sentinel = putAndForget(cache);
    // The collector clears the reference, and the JDK's reference handler then queues it, on its own thread.
    for (int attempt = 0; attempt < 50 && removals.isEmpty(); attempt++) {
      System.gc();
      Thread.sleep(10);
      cache.cleanUp();
    }
    assumeTrue(sentinel.refersTo(null), "the collector did not run");
    assertEquals(List.of("null=value COLLECTED"), removals);
    assertEquals(0, cache.estimatedSize());
  }

  private static WeakReference<Object> putAndForget(ClockProCache<Object, Object> cache) {
    Object key = new Object();
    cache.put(key, "value");
    return new WeakReference<>(key);
  }

  @Test
  void shouldServeAsynchronousCachesWithTheProgramsKeys() {
    ClockProAsyncLoadingCache<Object, Object> cache = builder("plain").buildAsync(key -> {
      keysSeen.add(key);
      return "loaded";
    });
    Key key = new Key(1);
    assertEquals("loaded", cache.get(key).join());
    assertEquals("loaded", cache.getIfPresent(key).join());
    assertNull(cache.getIfPresent(new Key(1)));
    assertEquals(Set.of(key), cache.asMap().keySet());
    assertSame(key, keysSeen.get(0));
    collect(cache.synchronous(), key);
    assertNull(cache.getIfPresent(key));
    assertEquals(Map.of(), Map.copyOf(cache.asMap()));
    cache.synchronous().cleanUp();
    assertEquals(List.of("null=loaded COLLECTED"), removals);
  }

  @Test
  void shouldAcceptTheSpecificationKeyAndRefuseASecondCall() {
    ClockProCache<Object, Object> cache = CacheBuilder.from("weakKeys,maximumSize=10").build();
    Key first = new Key(1);
    cache.put(first, "first");
    cache.put(new Key(1), "second");
    assertEquals(2, cache.estimatedSize());
    assertTrue(assertThrows(IllegalStateException.class, () -> ClockProCache.builder().weakKeys().weakKeys())
        .getMessage().contains("weakKeys was already set"));
    assertNotSame(first, new Key(1));
  }

  @Test
  void shouldClearAnEntryWhoseKeyWasCollectedWhileItsComputeRanOnceTheComputeEnds() throws Exception {
    ClockProCache<Object, Object> cache = builder("plain").build();
    Key key = new Key(1);
    java.util.concurrent.CountDownLatch computing = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    cache.put(key, "old");
    Thread writer = new Thread(() -> cache.asMap().compute(key, (k, value) -> {
      computing.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return "new";
    }));
    writer.start();
    computing.await();
    collect(cache, key);
    cache.put(new Key(2), "other"); // drains the queue while the compute holds the entry
    cache.cleanUp();
    assertEquals(List.of(), removals, "an entry a compute holds stays until the compute ends");
    release.countDown();
    writer.join();
    cache.cleanUp();
    // The compute replaced "old" after the hook cleared the key it held, which the collector cannot do: so the
    // replaced value too is heard of with a null key. What matters is that the entry left, reported once.
    assertEquals(List.of("null=old COLLECTED", "null=new COLLECTED"), removals);
    assertEquals(1, cache.estimatedSize());
    cache.put(new Key(3), "third");
    cache.cleanUp();
    assertEquals(2, removals.size(), "reported once");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  /** A key whose {@code equals} says two distinct instances are the same key. */
  private record Key(int id) {
    @Override
    public String toString() {
      return "Key" + id;
    }
  }
}
