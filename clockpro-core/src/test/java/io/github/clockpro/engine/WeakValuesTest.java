package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.RemovalCause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Weak and soft values: a value collected is never served, its entry leaves with {@link RemovalCause#COLLECTED},
 * counted as an eviction, cleared a bounded number at a time; values compare by identity. Collection is made
 * deterministic by a test hook that clears a node's reference and enqueues it, as the collector does.
 */
class WeakValuesTest {

  /** One builder per combination of value strength with weigher, expiry and refresh. */
  static Stream<String> configurations() {
    return Stream.of("weak", "soft", "weak weighted", "soft expiring", "weak weighted expiring refreshing",
        "soft refreshing", "weak expiring both");
  }

  private final List<String> removals = new ArrayList<>();
  private final List<String> evictions = new ArrayList<>();

  private CacheBuilder<Object, Object> builder(String configuration) {
    CacheBuilder<Object, Object> builder = ClockProCache.builder().scanLimit(4);
    builder = configuration.startsWith("weak") ? builder.weakValues() : builder.softValues();
    if (configuration.contains("weighted")) {
      builder = builder.maximumWeight(1_000).weigher((Object key, Object value) -> 2);
    } else {
      builder.maximumSize(1_000);
    }
    if (configuration.contains("expiring")) {
      builder.expireAfterWrite(Duration.ofHours(1));
      if (configuration.contains("both")) {
        builder.expireAfterAccess(Duration.ofHours(1));
      }
    }
    if (configuration.contains("refreshing")) {
      builder.refreshAfterWrite(Duration.ofHours(1));
    }
    return builder
        .removalListener((Object key, Object value, RemovalCause cause) -> removals.add(key + "=" + value + " " + cause))
        .evictionListener((Object key, Object value, RemovalCause cause) -> evictions.add(key + " " + cause));
  }

  private static void collect(ClockProCache<?, ?> cache, Object key) {
    BoundedCache<Object, ?> engine = (BoundedCache<Object, ?>) EngineAccess.engine(cache);
    Node<Object, ?> node = engine.lookup(key, engine.data.hash(key));
    assertTrue(ValueReferences.collectForTest(node), "the node holds a reference");
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void shouldNeverServeCollectedValueAndReportItCollected(String configuration) {
    ClockProLoadingCache<Object, Object> cache = builder(configuration).build(key -> "loaded " + key);
    cache.put(1, "one");
    cache.put(2, "two");
    collect(cache, 1);

    assertNull(cache.getIfPresent(1));
    assertEquals(Set.of(2), new HashSet<>(cache.asMap().keySet()));
    assertFalse(cache.asMap().containsKey(1));
    assertEquals("loaded 1", cache.get(1)); // a loading cache loads it again
    assertEquals("two", cache.getIfPresent(2));
    assertEquals(List.of("1=null COLLECTED"), removals);
    assertEquals(List.of("1 COLLECTED"), evictions);
    assertEquals(1, cache.stats().evictionCount());
    assertEquals(0, cache.stats().expirationCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void shouldClearQueuedCollectionsOnWritesAndCleanUp(String configuration) {
    ClockProCache<Object, Object> cache = builder(configuration).build(key -> "loaded " + key);
    for (int key = 0; key < 20; key++) {
      cache.put(key, "value " + key);
    }
    for (int key = 0; key < 10; key++) {
      collect(cache, key);
    }
    assertEquals(20, cache.estimatedSize(), "counted until cleared, as Caffeine's");

    cache.put(100, "a write"); // clears at most the scan limit (4) of them
    assertEquals(4, removals.size());
    assertTrue(removals.stream().allMatch(removal -> removal.endsWith("=null COLLECTED")), removals::toString);
    assertEquals(17, cache.estimatedSize());

    cache.cleanUp();
    assertEquals(10, removals.size());
    assertEquals(11, cache.estimatedSize());
    assertEquals(10, cache.stats().evictionCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void shouldTreatCollectedKeyAsAbsentToWrites(String configuration) {
    ClockProCache<Object, Object> cache = builder(configuration).build(key -> "loaded " + key);
    cache.put(1, "one");
    collect(cache, 1);
    assertNull(cache.asMap().putIfAbsent(1, "new"));
    assertEquals("new", cache.getIfPresent(1));
    collect(cache, 1);
    assertNull(cache.asMap().replace(1, "other"));
    assertNull(cache.asMap().remove(1));
    assertEquals("computed",
        cache.asMap().compute(1, (key, value) -> value == null ? "computed" : "seen " + value));
    collect(cache, 1);
    cache.put(1, "put");
    assertEquals("put", cache.getIfPresent(1));
    assertEquals(List.of("1=null COLLECTED", "1=null COLLECTED", "1=null COLLECTED"), removals);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldCompareValuesByIdentity() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).weakValues().build();
    String value = new String("value");
    String equal = new String("value");
    cache.put("key", value);
    assertFalse(cache.asMap().remove("key", equal));
    assertFalse(cache.asMap().replace("key", equal, "other"));
    assertFalse(cache.asMap().containsValue(equal));
    assertTrue(cache.asMap().containsValue(value));
    assertTrue(cache.asMap().replace("key", value, "other"));
    assertTrue(cache.asMap().remove("key", "other")); // the same interned literal
  }

  @Test
  void shouldLetTheCollectorTakeAValueNothingElseHolds() throws InterruptedException {
    AtomicInteger collected = new AtomicInteger();
    ClockProCache<Integer, Object> cache = ClockProCache.builder().maximumSize(10).weakValues()
        .removalListener((Integer key, Object value, RemovalCause cause) -> {
          if (cause == RemovalCause.COLLECTED) {
            collected.incrementAndGet();
          }
        })
        .build();
    cache.put(1, new Object());
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (collected.get() == 0 && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(10);
      cache.cleanUp();
    }
    assertEquals(1, collected.get());
    assertNull(cache.getIfPresent(1));
  }

  @Test
  void shouldRefuseWhatCaffeineRefuses() {
    assertTrue(assertThrows(IllegalStateException.class, () -> ClockProCache.builder().weakValues().softValues()).getMessage().contains("value strength"));
    assertTrue(assertThrows(IllegalStateException.class, () -> ClockProCache.builder().softValues().buildAsync()).getMessage().contains("softValues cannot be combined with buildAsync"));
    Function<Object, Object> identity = key -> key;
    assertTrue(assertThrows(IllegalStateException.class, () -> ClockProCache.builder().weakValues().buildAsync(identity::apply)).getMessage().contains("weakValues"));
  }

  @Test
  void shouldKeepTheStrongShapesForCachesWithoutTheOption() {
    assertEquals(NodeShape.PLAIN, NodeShape.of(false, false, false, ValueStrength.STRONG));
    assertEquals(NodeShape.WEIGHTED_REFRESHING_EXPIRING, NodeShape.of(true, true, true, ValueStrength.STRONG));
    assertEquals(NodeShape.WEAK_VALUES, NodeShape.of(false, false, false, ValueStrength.WEAK));
    assertEquals(NodeShape.EXPIRING_SOFT_VALUES, NodeShape.of(true, true, false, ValueStrength.SOFT));
  }
}
