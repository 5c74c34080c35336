package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.engine.EngineInvariants;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.Test;

/**
 * The cache is a map whatever the keys' hash codes: many keys that share a hash code, or a slot of the table,
 * are stored, found, replaced, removed, iterated over and evicted like any others. Such keys are what turns a
 * crowded slot of the engine's table into a search tree, ordered by hash, then {@code compareTo}, then a
 * tie-break; these tests reach those trees through the public API only, with keys of each kind: one
 * {@code Comparable} class, a class that is not {@code Comparable}, and several classes in one slot.
 */
class CollidingKeysContractTest {

  /** Hash codes below 2^16 that are multiples of 4,096 meet in one slot of every table of up to 4,096 slots. */
  private static final int SLOT_STRIDE = 4096;

  /** A key that is not {@code Comparable}, with a hash code of the test's choice. */
  private record Opaque(int id, int hash) {
    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** Every string of {@code blocks} blocks, each "Aa" or "BB": 2^blocks strings with one hash code. */
  private static List<String> collidingStrings(int blocks) {
    List<String> strings = new ArrayList<>();
    for (int bits = 0; bits < 1 << blocks; bits++) {
      StringBuilder text = new StringBuilder();
      for (int block = 0; block < blocks; block++) {
        text.append((bits >>> block & 1) == 0 ? "Aa" : "BB");
      }
      strings.add(text.toString());
    }
    return strings;
  }

  /** Checks the cache against the expected contents by every read of the API, and the engine's invariants. */
  private static <K> void assertHolds(ClockProCache<K, String> cache, Map<K, String> expected, List<K> absent) {
    ConcurrentMap<K, String> map = cache.asMap();
    assertEquals(expected.size(), cache.size());
    assertEquals(expected, new HashMap<>(map));
    assertEquals(expected.keySet(), new HashSet<>(map.keySet()));
    List<K> iterated = new ArrayList<>(map.keySet());
    assertEquals(expected.size(), iterated.size(), "each key once in the iteration");
    for (Map.Entry<K, String> entry : expected.entrySet()) {
      assertEquals(entry.getValue(), cache.getIfPresent(entry.getKey()), () -> "value of " + entry.getKey());
      assertTrue(map.containsKey(entry.getKey()));
    }
    for (K key : absent) {
      assertNull(cache.getIfPresent(key), () -> key + " was never stored or is removed");
      assertFalse(map.containsKey(key));
    }
    assertEquals(List.of(), EngineInvariants.violations(cache));
  }

  @Test
  void shouldStoreFindAndRemoveStringsThatAllShareOneHashCode() {
    List<String> strings = collidingStrings(8);
    assertEquals(1, strings.stream().map(String::hashCode).distinct().count());
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10_000).initialCapacity(512).build();
    Map<String, String> expected = new HashMap<>();
    List<String> absent = new ArrayList<>();
    for (int i = 0; i < strings.size(); i++) {
      String key = strings.get(i);
      if (i % 3 == 0) {
        absent.add(new String(key)); // an equal key that is another object: no lookup succeeds on identity
      } else {
        cache.put(key, "v" + i);
        expected.put(key, "v" + i);
      }
    }
    assertHolds(cache, expected, absent);

    ConcurrentMap<String, String> map = cache.asMap();
    for (int i = 0; i < strings.size(); i++) {
      String key = new String(strings.get(i));
      if (i % 3 == 0) {
        assertNull(map.putIfAbsent(key, "added " + i));
        expected.put(key, "added " + i);
      } else {
        assertEquals("v" + i, map.putIfAbsent(key, "ignored"));
      }
    }
    assertHolds(cache, expected, List.of());

    List<String> removed = new ArrayList<>();
    for (int i = 0; i < strings.size(); i += 2) {
      String key = new String(strings.get(i));
      assertEquals(expected.remove(key), map.remove(key));
      removed.add(key);
    }
    assertHolds(cache, expected, removed);
    for (int i = 1; i < strings.size(); i += 4) {
      String key = new String(strings.get(i));
      assertEquals(expected.put(key, "replaced " + i), map.replace(key, "replaced " + i));
    }
    assertHolds(cache, expected, removed);
  }

  @Test
  void shouldKeepApartKeysThatCannotBeComparedAndShareASlot() {
    // 400 keys of eight hash codes, all in one slot, with Integer keys in the same slot and elsewhere.
    ClockProCache<Object, String> cache = ClockProCache.builder().maximumSize(10_000).initialCapacity(512).build();
    ConcurrentMap<Object, String> map = cache.asMap();
    Map<Object, String> expected = new HashMap<>();
    List<Object> absent = new ArrayList<>();
    for (int id = 0; id < 400; id++) {
      Opaque key = new Opaque(id, id % 8 * SLOT_STRIDE);
      if (id % 5 == 0) {
        absent.add(key);
        continue;
      }
      if (id % 2 == 0) {
        cache.put(key, "opaque " + id);
      } else {
        assertNull(map.putIfAbsent(key, "opaque " + id));
      }
      expected.put(key, "opaque " + id);
      Integer number = id * SLOT_STRIDE / 8;
      cache.put(number, "number " + id);
      expected.put(number, "number " + id);
    }
    assertHolds(cache, expected, absent);

    for (int id = 0; id < 400; id++) {
      Opaque key = new Opaque(id, id % 8 * SLOT_STRIDE);
      if (id % 5 == 0) {
        assertNull(map.putIfAbsent(key, "late " + id));
        expected.put(key, "late " + id);
      } else {
        assertEquals("opaque " + id, map.putIfAbsent(key, "ignored"));
      }
    }
    assertHolds(cache, expected, List.of());

    List<Object> removed = new ArrayList<>();
    for (int id = 0; id < 400; id += 3) {
      Opaque key = new Opaque(id, id % 8 * SLOT_STRIDE);
      cache.invalidate(key);
      expected.remove(key);
      removed.add(key);
    }
    assertHolds(cache, expected, removed);
    for (Object key : new ArrayList<>(expected.keySet())) {
      assertEquals(expected.remove(key), map.remove(key));
    }
    assertHolds(cache, expected, removed);
    assertTrue(map.isEmpty());
  }
}
