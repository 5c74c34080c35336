package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The history's fingerprints of keys: {@link NonResidentSet#fingerprint}. */
class HistoryFingerprintTest {

  @Test
  void shouldTellApartLongKeysWhoseHashCodesCollide() {
    long low = 12_345;
    long high = (1L << 40) + (low ^ 256); // Long.hashCode folds the high half onto the low: the same hash code
    assertEquals(Long.hashCode(low), Long.hashCode(high));
    assertNotEquals(NonResidentSet.fingerprint(low, Long.hashCode(low)),
        NonResidentSet.fingerprint(high, Long.hashCode(high)));
  }

  @Test
  void shouldGiveEqualKeysEqualFingerprintsAndOtherKeysTheirHashCode() {
    Long key = 1L << 40;
    assertEquals(NonResidentSet.fingerprint(key, key.hashCode()),
        NonResidentSet.fingerprint(Long.valueOf(1L << 40), key.hashCode()));
    assertEquals("clockpro".hashCode(), NonResidentSet.fingerprint("clockpro", "clockpro".hashCode()));
    assertEquals(77, NonResidentSet.fingerprint(77, 77));
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
    long falseHits = cache.stats().nonResidentHitCount();
    assertTrue(falseHits <= 5, "history hits on keys never requested before: " + falseHits);
  }
}
