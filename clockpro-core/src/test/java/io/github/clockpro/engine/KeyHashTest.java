package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The hash the cache takes of a key, {@link NodeTable#hash}, which its history records keys by. */
class KeyHashTest {

  @Test
  void shouldTellApartLongKeysWhoseHashCodesCollide() {
    long low = 12_345;
    long high = (1L << 40) + (low ^ 256); // Long.hashCode folds the high half onto the low: the same hash code
    assertEquals(Long.hashCode(low), Long.hashCode(high));
    assertNotEquals(NodeTable.hash(low), NodeTable.hash(high));
  }

  @Test
  void shouldGiveEqualKeysEqualHashesAndOtherKeysTheirHashCode() {
    assertEquals(NodeTable.hash(1L << 40), NodeTable.hash(Long.valueOf(1L << 40)));
    for (long key : new long[] {0, 1, 12_345, Integer.MAX_VALUE, 0xFFFF_FFFFL}) {
      assertEquals(Long.hashCode(key), NodeTable.hash(key), "a key below 2^32 keeps its hash code: " + key);
    }
    assertEquals("clockpro".hashCode(), NodeTable.hash("clockpro"));
    assertEquals(77, NodeTable.hash(77));
  }

  @Test
  void shouldNotTakeOneRangeOfScannedLongKeysForAnother() {
    // Two threads scanning ranges of new keys that differ in their high bits: every key is requested once, so
    // every history hit would be a false one. Recorded by hash code, the second range's keys found the first
    // range's records (key n of one range and key n ^ 256 of the other share a hash code).
    int size = 1_000;
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(size).build();
    int run = 300;
    long[] next = {0, 0};
    for (int event = 0; event < 200_000; event++) {
      int range = (event / run) % 2;
      long key = ((range + 1L) << 40) + next[range]++;
      cache.put(key, key);
    }
    long falseHits = cache.policy().historyHitCount();
    assertTrue(falseHits <= 5, "history hits on keys never requested before: " + falseHits);
  }
}
