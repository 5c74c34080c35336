package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The hash the cache takes of a key, {@link NodeTable#hash}, which its history records keys by. */
class KeyHashTest {

  /** The table of a cache whose seed is 0: the hash the reference model computes. */
  private static final NodeTable<Object, Object> UNSEEDED = new NodeTable<>(0);

  @Test
  void shouldTellApartLongKeysWhoseHashCodesCollide() {
    long low = 12_345;
    long high = (1L << 40) + (low ^ 256); // Long.hashCode folds the high half onto the low: the same hash code
    assertEquals(Long.hashCode(low), Long.hashCode(high));
    assertNotEquals(UNSEEDED.hash(low), UNSEEDED.hash(high));
  }

  @Test
  void shouldGiveEqualKeysEqualHashesAndOtherKeysTheirHashCode() {
    assertEquals(UNSEEDED.hash(1L << 40), UNSEEDED.hash(Long.valueOf(1L << 40)));
    for (long key : new long[] {0, 1, 12_345, Integer.MAX_VALUE, 0xFFFF_FFFFL}) {
      assertEquals(Long.hashCode(key), UNSEEDED.hash(key), "a key below 2^32 keeps its hash code: " + key);
    }
    assertEquals("clockpro".hashCode(), UNSEEDED.hash("clockpro"));
    assertEquals(77, UNSEEDED.hash(77));
  }

  @Test
  void shouldKeepTheHashCodeOfLongKeysBelowTwoToTheThirtyTwoWhateverTheSeed() {
    for (int seed : new int[] {0, 1, -1, 0x5EED_1234}) {
      NodeTable<Object, Object> table = new NodeTable<>(0, seed);
      for (long key : new long[] {0, 1, 12_345, Integer.MAX_VALUE, 0xFFFF_FFFFL}) {
        assertEquals(Long.hashCode(key), table.hash(key), "seed " + seed + ", key " + key);
      }
      assertEquals("clockpro".hashCode(), table.hash("clockpro"));
      assertEquals(table.hash(7L << 40), table.hash(Long.valueOf(7L << 40)), "equal keys, equal hashes");
    }
  }

  @Test
  void shouldMakeLongKeysThatCollideForOneSeedCollideForFewOthers() {
    // Keys built to collide under the seed 0: key (h << 32) + low, with low chosen so that its hash is 0.
    NodeTable<Object, Object> unseeded = new NodeTable<>(0, 0);
    long[] keys = new long[64];
    for (int i = 0; i < keys.length; i++) {
      long high = i + 1L;
      long low = Integer.toUnsignedLong(Hashing.mix((int) high));
      keys[i] = (high << 32) | low;
      assertEquals(0, unseeded.hash(keys[i]));
    }
    NodeTable<Object, Object> seeded = new NodeTable<>(0, 0x5EED_1234);
    Set<Integer> hashes = new HashSet<>();
    for (long key : keys) {
      hashes.add(seeded.hash(key));
    }
    assertTrue(hashes.size() >= keys.length - 1, "distinct hashes under another seed: " + hashes.size());
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
    // The far history's 14-bit fingerprints allow a few: live records fill at most three quarters of its slots,
    // so a miss meets on average at most three in its bucket of four, a false hit for at most about 3 misses in
    // 16,384: some 37 of these 200,000 misses. The aliasing this test guards against gave the second range's keys
    // the first range's records.
    long falseHits = cache.policy().historyHitCount();
    assertTrue(falseHits <= 60, "history hits on keys never requested before: " + falseHits);
  }
}
