package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Entries of weight 0 are never evicted for size, as in Caffeine: users pin entries that way. */
class ZeroWeightTest {

  private static final int PINNED_FROM = 10_000;
  private static final int PINNED = 10;

  @Test
  void shouldNeverEvictAnEntryOfWeightZeroForSize() {
    List<Integer> evicted = new CopyOnWriteArrayList<>();
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumWeight(5).scanLimit(4)
        .<Integer, Integer>weigher((key, value) -> isPinned(key) ? 0 : 1)
        .<Integer, Integer>removalListener((key, value, cause) -> {
          if (cause == RemovalCause.SIZE) {
            evicted.add(key);
          }
        }).build();
    Cache<Integer, Integer> peer = Caffeine.newBuilder().maximumWeight(5).executor(Runnable::run)
        .<Integer, Integer>weigher((key, value) -> isPinned(key) ? 0 : 1).build();
    for (int key = 0; key < 100; key++) { // a full cache first, so that the pinned entries are placed cold
      cache.put(key, key);
      peer.put(key, key);
    }
    for (int key = PINNED_FROM; key < PINNED_FROM + PINNED; key++) {
      cache.put(key, key);
      peer.put(key, key);
    }
    for (int key = 100; key < 1_000; key++) { // the pinned keys are never read again
      cache.put(key, key);
      peer.put(key, key);
    }
    cache.cleanUp();
    peer.cleanUp();
    for (int key = PINNED_FROM; key < PINNED_FROM + PINNED; key++) {
      assertTrue(cache.getIfPresent(key) != null, "pinned key " + key);
      assertTrue(peer.getIfPresent(key) != null, "Caffeine: pinned key " + key);
    }
    assertTrue(evicted.stream().noneMatch(ZeroWeightTest::isPinned), "evicted for size: " + evicted);
    assertTrue(cache.policy().weightedSize().getAsLong() <= 5);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  private static boolean isPinned(int key) {
    return key >= PINNED_FROM && key < PINNED_FROM + PINNED;
  }

  @Test
  void shouldEndCleanUpWhenOnlyEntriesOfWeightZeroAreCold() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumWeight(100).scanLimit(2)
        .<Integer, Integer>weigher((key, value) -> value).build();
    for (int key = 0; key < 50; key++) {
      cache.put(key, 0);
    }
    for (int key = 50; key < 60; key++) {
      cache.put(key, 10);
    }
    cache.policy().setMaximum(20);
    cache.cleanUp();
    assertTrue(cache.policy().weightedSize().getAsLong() <= 20);
    for (int key = 0; key < 50; key++) {
      assertEquals(0, cache.getIfPresent(key));
    }
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }
}
