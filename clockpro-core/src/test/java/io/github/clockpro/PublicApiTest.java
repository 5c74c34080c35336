package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.Test;

/** The public API exactly as issue 2 and the README write it: this class must compile and run unchanged. */
class PublicApiTest {

  private static String load(Long key) {
    return "value " + key;
  }

  @Test
  void shouldCompileAndRunTheDocumentedApi() {
    Long key = 1L;
    String value = "one";
    ClockProCache<Long, String> cache = ClockProCache.builder()
        .maximumSize(10_000)
        .build();
    assertNull(cache.getIfPresent(key));
    assertEquals("value 1", cache.get(key, k -> load(k)));
    cache.put(key, value);
    cache.invalidate(key);  cache.invalidateAll();
    cache.size();  ConcurrentMap<Long, String> map = cache.asMap();
    CacheStats s = cache.stats();
    s.hitCount(); s.missCount(); s.loadSuccessCount(); s.loadFailureCount(); s.totalLoadTime();
    s.evictionCount(); s.scanCount();
    s.maxScanPerEviction(); s.evictionCountAtMost(1);
    s.hotSize(); s.coldSize(); s.nonResidentSize(); s.nonResidentLimit(); s.coldTarget(); s.scanThreshold();
    s.carryLimit();
    s.carryAllowed();
    assertEquals(2, s.missCount()); // getIfPresent, then the get that loaded
    assertEquals(1, s.loadSuccessCount());
    assertEquals(0, map.size());
  }
}
