package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.clockpro.ClockProCache;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A bulk load whose values fail afterwards, at the weigher, leaves no key of the call loading. */
class BulkLoadFailureTest {

  @Test
  void shouldSettleEveryPlaceholderWhenTheWeigherRejectsOneLoadedValue() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumWeight(100)
        .<String, String>weigher((key, value) -> {
          if (value.equals("rejected")) {
            throw new IllegalStateException("weigher rejects " + key);
          }
          return 1;
        }).build();
    assertThrows(IllegalStateException.class, () -> cache.getAll(List.of("a", "b", "c"), keys -> {
      Map<String, String> loaded = new LinkedHashMap<>();
      loaded.put("a", "rejected");
      loaded.put("b", "kept-b");
      loaded.put("c", "kept-c");
      return loaded;
    }));
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertEquals("kept-b", cache.get("b", key -> "loaded-b"), "b was settled with its value");
      assertEquals("loaded-a", cache.get("a", key -> "loaded-a"), "a's placeholder left");
      cache.invalidate("c");
      assertEquals("loaded-c", cache.get("c", key -> "loaded-c"));
    });
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }
}
