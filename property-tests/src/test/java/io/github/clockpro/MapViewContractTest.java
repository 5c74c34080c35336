package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The {@link ClockProCache#asMap()} view, method by method, as {@link ConcurrentMap} and the cache's Javadoc
 * describe it: return values, what the cache holds afterwards, and what the removal listener hears. The cache
 * holds far more entries than any test stores, so nothing is evicted and every removal heard is the test's own.
 *
 * <p>Guava's testlib suite ({@code conformance.GuavaMapConformanceTest}) checks the same methods more widely, but
 * is too slow for the mutation profile, which runs this class instead; see docs/testing.md.
 */
class MapViewContractTest {

  private final List<String> removals = new ArrayList<>();
  private final ClockProCache<Integer, String> cache = ClockProCache.builder()
      .maximumSize(100)
      .removalListener((Integer key, String value, RemovalCause cause) -> removals.add(key + "=" + value + " " + cause))
      .build();
  private final ConcurrentMap<Integer, String> map = cache.asMap();

  private void putOneTwoThree() {
    cache.put(1, "one");
    cache.put(2, "two");
    cache.put(3, "three");
  }

  @Test
  void shouldAlwaysReturnTheSameViews() {
    assertSame(map, cache.asMap());
    assertSame(map.keySet(), map.keySet());
    assertSame(map.values(), map.values());
    assertSame(map.entrySet(), map.entrySet());
  }

  @Test
  void shouldCountEntriesAndSayWhetherItIsEmpty() {
    assertTrue(map.isEmpty());
    assertEquals(0, map.size());
    putOneTwoThree();
    assertFalse(map.isEmpty());
    assertEquals(3, map.size());
    assertEquals(3, map.keySet().size());
    assertEquals(3, map.values().size());
    assertEquals(3, map.entrySet().size());
    assertEquals(Map.of(1, "one", 2, "two", 3, "three"), new HashMap<>(map));
  }

  @Test
  void shouldFindKeysAndValues() {
    putOneTwoThree();
    assertTrue(map.containsKey(2));
    assertFalse(map.containsKey(4));
    assertTrue(map.containsValue("three"));
    assertFalse(map.containsValue("four"));
    assertTrue(map.keySet().contains(1));
    assertFalse(map.keySet().contains(5));
    assertTrue(map.values().contains("one"));
    assertFalse(map.values().contains("five"));
    assertThrows(NullPointerException.class, () -> map.containsKey(null));
    assertThrows(NullPointerException.class, () -> map.containsValue(null));
  }

  @Test
  void shouldReadWithoutCountingHitsOrMisses() {
    cache.put(1, "one");
    assertEquals("one", map.get(1));
    assertNull(map.get(2));
    assertEquals("one", map.getOrDefault(1, "default"));
    assertEquals("default", map.getOrDefault(2, "default"));
    assertEquals(0, cache.stats().hitCount());
    assertEquals(0, cache.stats().missCount());
    assertThrows(NullPointerException.class, () -> map.get(null));
  }

  @Test
  void shouldPutReturningThePreviousValueAndReportTheReplacement() {
    assertNull(map.put(1, "one"));
    assertEquals("one", map.put(1, "uno"));
    assertEquals("uno", cache.getIfPresent(1));
    assertEquals(List.of("1=one REPLACED"), removals);
    assertEquals(2, cache.stats().putCount());
    assertThrows(NullPointerException.class, () -> map.put(null, "value"));
    assertThrows(NullPointerException.class, () -> map.put(1, null));
  }

  @Test
  void shouldPutIfAbsentOnlyWhenAbsent() {
    assertNull(map.putIfAbsent(1, "one"));
    assertEquals("one", map.putIfAbsent(1, "uno"));
    assertEquals("one", cache.getIfPresent(1));
    assertEquals(List.of(), removals);
    assertEquals(1, cache.stats().putCount(), "a value kept is not a put");
  }

  @Test
  void shouldRemoveReturningTheRemovedValueAndReportIt() {
    putOneTwoThree();
    assertEquals("two", map.remove(2));
    assertNull(map.remove(2));
    assertNull(map.remove(4));
    assertFalse(map.containsKey(2));
    assertEquals(2, map.size());
    assertEquals(List.of("2=two EXPLICIT"), removals);
    assertThrows(NullPointerException.class, () -> map.remove(null));
  }

  @Test
  void shouldRemoveAKeyOnlyWithItsCurrentValue() {
    putOneTwoThree();
    assertFalse(map.remove(1, "uno"));
    assertFalse(map.remove(4, "four"));
    assertFalse(map.remove(1, null));
    assertEquals("one", map.get(1));
    assertTrue(map.remove(1, "one"));
    assertFalse(map.containsKey(1));
    assertEquals(List.of("1=one EXPLICIT"), removals);
  }

  @Test
  void shouldReplaceOnlyAPresentKey() {
    assertNull(map.replace(1, "one"));
    assertFalse(map.containsKey(1));
    cache.put(1, "one");
    assertEquals("one", map.replace(1, "uno"));
    assertEquals("uno", map.get(1));
    assertEquals(List.of("1=one REPLACED"), removals);
    assertEquals(2, cache.stats().putCount());
  }

  @Test
  void shouldReplaceOnlyTheExpectedValue() {
    cache.put(1, "one");
    assertFalse(map.replace(1, "uno", "eins"));
    assertFalse(map.replace(2, "two", "zwei"));
    assertEquals("one", map.get(1));
    assertTrue(map.replace(1, "one", "uno"));
    assertEquals("uno", map.get(1));
    assertEquals(List.of("1=one REPLACED"), removals);
    NullPointerException error = assertThrows(NullPointerException.class, () -> map.replace(1, null, "value"));
    assertEquals("oldValue", error.getMessage());
    assertThrows(NullPointerException.class, () -> map.replace(1, "uno", null));
  }

  @Test
  void shouldNotReportAReplacementByTheSameInstance() {
    String one = "one";
    cache.put(1, one);
    assertSame(one, map.put(1, one));
    assertTrue(map.replace(1, one, one));
    assertEquals(List.of(), removals);
  }

  @Test
  void shouldComputeIfAbsentOnceAndKeepAPresentValue() {
    AtomicInteger calls = new AtomicInteger();
    assertEquals("v1", map.computeIfAbsent(1, key -> {
      calls.incrementAndGet();
      return "v" + key;
    }));
    assertEquals("v1", map.computeIfAbsent(1, key -> {
      calls.incrementAndGet();
      return "other";
    }));
    assertEquals(1, calls.get(), "a present value is returned without calling the function");
    assertNull(map.computeIfAbsent(2, key -> null));
    assertFalse(map.containsKey(2));
    CacheStats stats = cache.stats();
    assertEquals(0, stats.hitCount() + stats.missCount(), "the view counts no hits or misses");
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(1, stats.loadFailureCount());
    NullPointerException error = assertThrows(NullPointerException.class, () -> map.computeIfAbsent(3, null));
    assertEquals("mappingFunction", error.getMessage());
  }

  @Test
  void shouldComputeAndMergeThroughTheCache() {
    cache.put(1, "one");
    assertEquals("one!", map.compute(1, (key, value) -> value + "!"));
    assertEquals("two", map.compute(2, (key, value) -> value == null ? "two" : value));
    assertEquals("two?", map.computeIfPresent(2, (key, value) -> value + "?"));
    assertNull(map.computeIfPresent(3, (key, value) -> "never"));
    assertEquals("one!+", map.merge(1, "+", String::concat));
    assertNull(map.compute(2, (key, value) -> null));
    assertEquals(Map.of(1, "one!+"), new HashMap<>(map));
    assertEquals(List.of("1=one REPLACED", "2=two REPLACED", "1=one! REPLACED", "2=two? EXPLICIT"), removals);
  }

  @Test
  void shouldClearThroughTheMapAndEachView() {
    putOneTwoThree();
    map.clear();
    assertTrue(map.isEmpty());
    assertEquals(3, removals.size());
    putOneTwoThree();
    map.keySet().clear();
    assertTrue(map.isEmpty());
    putOneTwoThree();
    map.values().clear();
    assertTrue(map.isEmpty());
    putOneTwoThree();
    map.entrySet().clear();
    assertTrue(map.isEmpty());
    assertEquals(12, removals.size());
    assertTrue(removals.stream().allMatch(removal -> removal.endsWith(" EXPLICIT")), removals.toString());
  }

  @Test
  void shouldIterateOverEveryEntryOnceInEachView() {
    putOneTwoThree();
    assertEquals(Set.of(1, 2, 3), drain(map.keySet().iterator()));
    assertEquals(Set.of("one", "two", "three"), drain(map.values().iterator()));
    Set<Map.Entry<Integer, String>> entries = drain(map.entrySet().iterator());
    assertEquals(Set.of(Map.entry(1, "one"), Map.entry(2, "two"), Map.entry(3, "three")), entries);
  }

  @Test
  void shouldEndIterationWithNoSuchElement() {
    cache.put(1, "one");
    for (Iterator<?> iterator : List.of(map.keySet().iterator(), map.values().iterator(),
        map.entrySet().iterator())) {
      assertTrue(iterator.hasNext());
      iterator.next();
      assertFalse(iterator.hasNext());
      assertThrows(NoSuchElementException.class, iterator::next);
    }
    map.clear();
    Iterator<Integer> empty = map.keySet().iterator();
    assertFalse(empty.hasNext());
    assertThrows(NoSuchElementException.class, empty::next);
  }

  @Test
  void shouldRemoveTheLastEntryReturnedThroughTheIterator() {
    putOneTwoThree();
    Iterator<Integer> keys = map.keySet().iterator();
    IllegalStateException error = assertThrows(IllegalStateException.class, keys::remove);
    assertTrue(error.getMessage().contains("next()"), error.getMessage());
    Integer first = keys.next();
    keys.remove();
    assertThrows(IllegalStateException.class, keys::remove, "only once per next()");
    assertFalse(map.containsKey(first));
    assertEquals(2, map.size());
    assertEquals(List.of(first + "=" + cacheValueName(first) + " EXPLICIT"), removals);

    Iterator<String> values = map.values().iterator();
    String value = values.next();
    values.remove();
    assertFalse(map.containsValue(value));
    Iterator<Map.Entry<Integer, String>> entries = map.entrySet().iterator();
    Map.Entry<Integer, String> entry = entries.next();
    entries.remove();
    assertFalse(map.containsKey(entry.getKey()));
    assertTrue(map.isEmpty());
    assertEquals(3, removals.size());
  }

  @Test
  void shouldRemoveThroughTheKeySet() {
    putOneTwoThree();
    assertTrue(map.keySet().remove(1));
    assertFalse(map.keySet().remove(1));
    assertTrue(map.keySet().removeAll(List.of(2, 4)));
    assertEquals(Set.of(3), new HashSet<>(map.keySet()));
    assertEquals(List.of("1=one EXPLICIT", "2=two EXPLICIT"), removals);
  }

  @Test
  void shouldRemoveThroughTheValues() {
    putOneTwoThree();
    assertTrue(map.values().remove("two"));
    assertFalse(map.values().remove("two"));
    assertTrue(map.values().removeIf(value -> value.startsWith("t")));
    assertEquals(Map.of(1, "one"), new HashMap<>(map));
    assertEquals(List.of("2=two EXPLICIT", "3=three EXPLICIT"), removals);
  }

  @Test
  void shouldFindAnEntryOnlyWithItsKeyAndValue() {
    putOneTwoThree();
    Set<Map.Entry<Integer, String>> entries = map.entrySet();
    assertTrue(entries.contains(Map.entry(1, "one")));
    assertFalse(entries.contains(Map.entry(1, "uno")));
    assertFalse(entries.contains(Map.entry(4, "one")));
    assertFalse(entries.contains(new SimpleImmutableEntry<>(null, "one")));
    assertFalse(entries.contains(new SimpleImmutableEntry<>(1, null)));
    assertFalse(((Collection<?>) entries).contains("1=one"), "not an entry");
  }

  @Test
  void shouldRemoveAnEntryOnlyWithItsKeyAndValue() {
    putOneTwoThree();
    Set<Map.Entry<Integer, String>> entries = map.entrySet();
    assertFalse(entries.remove(Map.entry(1, "uno")));
    assertFalse(entries.remove(new SimpleImmutableEntry<>(null, "one")));
    assertFalse(entries.remove(new SimpleImmutableEntry<>(1, null)));
    assertFalse(((Collection<?>) entries).remove("1=one"), "not an entry");
    assertEquals(3, map.size());
    assertTrue(entries.remove(Map.entry(1, "one")));
    assertFalse(entries.remove(Map.entry(1, "one")));
    assertEquals(List.of("1=one EXPLICIT"), removals);
  }

  @Test
  void shouldWriteAnEntrysNewValueThroughToTheCache() {
    cache.put(1, "one");
    Map.Entry<Integer, String> entry = map.entrySet().iterator().next();
    assertEquals("one", entry.setValue("uno"));
    assertEquals("uno", entry.getValue());
    assertEquals("uno", cache.getIfPresent(1));
    assertEquals(List.of("1=one REPLACED"), removals);
    NullPointerException error = assertThrows(NullPointerException.class, () -> entry.setValue(null));
    assertEquals("value", error.getMessage());
    assertEquals("uno", cache.getIfPresent(1));
  }

  @Test
  void shouldGiveEntriesTheEqualityHashAndTextOfMapEntries() {
    cache.put(1, "one");
    Map.Entry<Integer, String> entry = map.entrySet().iterator().next();
    assertEquals(1, entry.getKey());
    assertEquals("one", entry.getValue());
    assertEquals(Map.entry(1, "one"), entry);
    assertEquals(entry, Map.entry(1, "one"));
    assertNotEquals(Map.entry(1, "uno"), entry);
    assertEquals(Map.entry(1, "one").hashCode(), entry.hashCode());
    assertEquals("1=one", entry.toString());
  }

  @Test
  void shouldCompareAndPrintAsAMap() {
    putOneTwoThree();
    Map<Integer, String> same = Map.of(1, "one", 2, "two", 3, "three");
    assertEquals(same, map);
    assertEquals(map, same);
    assertEquals(same.hashCode(), map.hashCode());
    assertEquals(same.keySet(), map.keySet());
    assertEquals(same.entrySet(), map.entrySet());
    String text = map.toString();
    for (String mapping : List.of("1=one", "2=two", "3=three")) {
      assertTrue(text.contains(mapping), text);
    }
  }

  @Test
  void shouldHideALoadInFlightFromTheView() {
    cache.put(1, "one");
    assertEquals("loaded", cache.get(2, key -> {
      assertFalse(map.containsKey(2));
      assertNull(map.get(2));
      assertEquals(1, map.size());
      assertEquals(Set.of(1), drain(map.keySet().iterator()));
      assertEquals(Set.of("one"), drain(map.values().iterator()));
      assertEquals(1, drain(map.entrySet().iterator()).size());
      assertFalse(map.entrySet().contains(Map.entry(2, "loaded")));
      assertFalse(map.containsValue("loaded"));
      assertFalse(map.remove(2, "loaded"));
      assertNull(map.replace(2, "replaced"));
      assertFalse(map.replace(2, "loaded", "replaced"));
      return "loaded";
    }));
    assertTrue(map.containsKey(2));
    assertTrue(map.containsValue("loaded"));
    assertTrue(map.entrySet().contains(Map.entry(2, "loaded")));
    assertEquals(List.of(), removals);
  }

  @Test
  void shouldIterateOverAFullCacheThatEvicts() {
    ClockProCache<Integer, Integer> small = ClockProCache.builder().maximumSize(8).build();
    for (int key = 0; key < 100; key++) {
      small.put(key, key * 10);
    }
    Set<Integer> keys = drain(small.asMap().keySet().iterator());
    assertEquals(8, keys.size());
    for (Map.Entry<Integer, Integer> entry : small.asMap().entrySet()) {
      assertTrue(keys.contains(entry.getKey()));
      assertEquals(entry.getKey() * 10, entry.getValue());
    }
  }

  private static String cacheValueName(int key) {
    return List.of("zero", "one", "two", "three").get(key);
  }

  private static <T> Set<T> drain(Iterator<T> iterator) {
    Set<T> seen = new HashSet<>();
    while (iterator.hasNext()) {
      assertTrue(seen.add(iterator.next()), "returned twice");
    }
    return seen;
  }
}
