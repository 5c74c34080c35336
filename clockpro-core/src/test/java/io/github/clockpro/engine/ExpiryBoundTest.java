package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A million entries that expire at once leave over many operations, none of which expires more than 128. */
class ExpiryBoundTest {

  private static final int ENTRIES = 1_000_000;
  private static final long MINUTE = Duration.ofMinutes(1).toNanos();

  private final byte[] notified = new byte[ENTRIES];
  private int otherRemovals;

  @Test
  void shouldExpireAMillionEntriesAtMost128PerOperation() {
    ManualTicker ticker = new ManualTicker(0);
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(2 * ENTRIES)
        .expireAfterWrite(Duration.ofMinutes(5)).ticker(ticker)
        .removalListener((Integer key, Integer value, RemovalCause cause) -> {
          if (key >= 0 && cause == RemovalCause.EXPIRED) {
            notified[key]++;
          } else {
            otherRemovals++;
          }
        })
        .build();
    for (int key = 0; key < ENTRIES; key++) {
      cache.put(key, key);
    }
    ticker.advance(10 * MINUTE);
    long expired = 0;
    int operations = 0;
    int largest = 0;
    for (int step = 0; step < 3_000; step++) { // every kind of operation that takes the eviction lock
      switch (step % 3) {
        case 0 -> cache.put(-1 - step, step);
        case 1 -> cache.getIfPresent(ENTRIES - 1 - step); // found expired: removed, with a step
        default -> cache.invalidate(-1 - (step - 2));
      }
      long now = cache.stats().expirationCount();
      int delta = (int) (now - expired);
      largest = Math.max(largest, delta);
      assertTrue(delta <= CacheBuilder.DEFAULT_SCAN_LIMIT, "step " + step + " expired " + delta);
      assertTrue(delta > 0, "step " + step + " made no progress");
      expired = now;
      operations++;
    }
    assertEquals(CacheBuilder.DEFAULT_SCAN_LIMIT, largest);
    assertTrue(expired < ENTRIES, "only " + operations + " operations");
    cache.cleanUp();
    for (int key = 0; key < ENTRIES; key++) {
      assertEquals(1, notified[key], "key " + key);
    }
    assertEquals(1_000, otherRemovals); // the invalidations
    assertEquals(ENTRIES, cache.stats().expirationCount());
    assertEquals(ENTRIES, cache.stats().evictionCount(), "expirations only: as in Caffeine, they are evictions");
    assertEquals(0, cache.size()); // the puts' keys were invalidated, or have expired since
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }
}
