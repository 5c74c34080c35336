package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every public entry point rejects null with an exception that names the argument, and changes nothing. */
class NullArgumentTest {

  private final ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).build();

  private void assertRejected(String argument, Executable call) {
    cache.put("present", "value");
    CacheStats before = cache.stats();
    NullPointerException error = assertThrows(NullPointerException.class, call);
    assertEquals(argument, error.getMessage());
    assertEquals(1, cache.size());
    assertEquals("value", cache.asMap().get("present"));
    assertEquals(before.hitCount(), cache.stats().hitCount());
    assertEquals(before.missCount(), cache.stats().missCount());
    assertEquals(before.putCount(), cache.stats().putCount());
  }

  @Test
  void shouldNameTheNullArgument() {
    assertRejected("key", () -> cache.getIfPresent(null));
    assertRejected("key", () -> cache.get(null, key -> "loaded"));
    assertRejected("loader", () -> cache.get("absent", null));
    assertRejected("key", () -> cache.put(null, "value"));
    assertRejected("value", () -> cache.put("absent", null));
    assertRejected("key", () -> cache.invalidate(null));
    assertRejected("keys", () -> cache.invalidateAll(null));
    assertRejected("keys", () -> cache.getAllPresent(null));
    assertRejected("map", () -> cache.putAll(null));
    assertRejected("key", () -> cache.asMap().put(null, "value"));
    assertRejected("value", () -> cache.asMap().put("absent", null));
    assertRejected("key", () -> cache.asMap().get(null));
    assertRejected("key", () -> cache.asMap().remove(null));
    assertRejected("mappingFunction", () -> cache.asMap().computeIfAbsent("absent", null));
  }

  @Test
  void shouldRejectANullInsideABulkArgumentBeforeChangingAnything() {
    assertRejected("key", () -> cache.invalidateAll(Arrays.asList("present", null)));
    assertRejected("key", () -> cache.getAllPresent(Arrays.asList("present", null)));
    Map<String, String> map = new java.util.LinkedHashMap<>();
    map.put("other", "value");
    map.put("third", null);
    assertRejected("value", () -> cache.putAll(map));
    assertEquals(null, cache.asMap().get("other"));
  }
}
