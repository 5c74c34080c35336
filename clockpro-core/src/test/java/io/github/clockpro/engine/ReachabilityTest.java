package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cache keeps no evicted or removed value reachable: neither the policy (its best candidate of the last scan)
 * nor the links a removed node keeps for lock-free readers. Each test holds its values weakly and collects until
 * the ones the cache no longer maps are cleared, or a few seconds pass.
 */
class ReachabilityTest {

  private static final int MEBIBYTE = 1 << 20;
  private static final long TIMEOUT_NANOS = 5_000_000_000L;

  /** A key whose hash code every instance shares, so that all of them fall into one bin. */
  private record SameHash(int id) {
    @Override
    public int hashCode() {
      return 42;
    }
  }

  @Test
  void shouldLetAnEvictedValueBeCollected() {
    ClockProCache<Integer, byte[]> cache = ClockProCache.builder().maximumSize(4).build();
    List<WeakReference<byte[]>> values = new ArrayList<>();
    for (int key = 0; key < 5; key++) {
      byte[] value = new byte[MEBIBYTE];
      values.add(new WeakReference<>(value));
      cache.put(key, value);
    }
    assertEquals(4, cache.size());
    int evicted = -1;
    for (int key = 0; key < 5; key++) {
      if (cache.getIfPresent(key) == null) {
        evicted = key;
      }
    }
    assertTrue(evicted >= 0, "one of the five keys was evicted");
    assertTrue(collected(List.of(values.get(evicted))), "the evicted value is still reachable");
    assertTrue(EngineAccess.checkInvariants(cache).isEmpty());
  }

  @Test
  void shouldLetRemovedValuesOfOneBinBeCollected() {
    // One key more than fits: the last put evicts, and a victim that pinned its bin link would pin every
    // older node of the bin, each removed by invalidateAll but linked from the one before it.
    ClockProCache<SameHash, byte[]> cache = ClockProCache.builder().maximumSize(199).build();
    List<WeakReference<byte[]>> values = new ArrayList<>();
    for (int id = 0; id < 200; id++) {
      byte[] value = new byte[MEBIBYTE];
      values.add(new WeakReference<>(value));
      cache.put(new SameHash(id), value);
    }
    cache.invalidateAll();
    assertEquals(0, cache.size());
    assertTrue(collected(values), "removed values are still reachable");
  }

  @Test
  void shouldLetValuesEvictedFromOneBinBeCollected() {
    ClockProCache<SameHash, byte[]> cache = ClockProCache.builder().maximumSize(8).build();
    List<WeakReference<byte[]>> evicted = new ArrayList<>();
    for (int id = 0; id < 200; id++) {
      byte[] value = new byte[MEBIBYTE / 4];
      cache.put(new SameHash(id), value);
      if (id < 150) {
        evicted.add(new WeakReference<>(value));
      }
    }
    for (int id = 150; id < 200; id++) {
      cache.invalidate(new SameHash(id));
    }
    assertEquals(0, cache.size());
    assertTrue(collected(evicted), "evicted values are still reachable");
  }

  /** Collects until every reference is cleared, or the timeout passes; returns whether all were cleared. */
  private static boolean collected(List<WeakReference<byte[]>> references) {
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    while (System.nanoTime() < deadline) {
      if (references.stream().allMatch(reference -> reference.get() == null)) {
        return true;
      }
      System.gc();
      try {
        Thread.sleep(10);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return references.stream().allMatch(reference -> reference.get() == null);
  }
}
