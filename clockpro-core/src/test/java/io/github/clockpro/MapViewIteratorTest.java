package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An iterator's {@code remove()} removes the key it last returned, whatever happened to that key's entry since,
 * as in {@code ConcurrentHashMap} and Caffeine.
 */
class MapViewIteratorTest {

  @Test
  void shouldRemoveTheKeyEvenIfItsEntryWasReplacedSinceItWasReturned() {
    List<String> removals = new ArrayList<>();
    ClockProCache<String, Integer> cache = ClockProCache.builder().maximumSize(10)
        .removalListener((String key, Integer value, RemovalCause cause) ->
            removals.add(key + "=" + value + " " + cause))
        .build();
    cache.put("a", 1);
    Iterator<String> keys = cache.asMap().keySet().iterator();
    assertEquals("a", keys.next());
    cache.invalidate("a");
    cache.put("a", 99);
    keys.remove();
    assertNull(cache.getIfPresent("a"));
    assertFalse(cache.asMap().containsKey("a"));
    assertEquals(List.of("a=1 EXPLICIT", "a=99 EXPLICIT"), removals);
  }

  @Test
  void shouldRemoveThroughEntryAndValueIterators() {
    ClockProCache<String, Integer> cache = ClockProCache.builder().maximumSize(10).build();
    cache.put("a", 1);
    cache.put("b", 2);
    Iterator<Map.Entry<String, Integer>> entries = cache.asMap().entrySet().iterator();
    String first = entries.next().getKey();
    cache.put(first, 7);
    entries.remove();
    assertNull(cache.getIfPresent(first));
    Iterator<Integer> values = cache.asMap().values().iterator();
    values.next();
    values.remove();
    assertEquals(0, cache.size());
  }
}
