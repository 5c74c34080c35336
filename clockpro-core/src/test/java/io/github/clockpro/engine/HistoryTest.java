package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The history against a plain model: a FIFO of insertions and a map from hash to its newest insertion. Every
 * answer is compared: the live unreferenced insertions each insertion drops, the live insertions each expiry
 * drops, the stamp and flag each take returns, and the size. The first stamps include values around 2^30, 2^31
 * and 2^32, where the 30 stamp bits a record keeps wrap. Every step starts with a prefetch, which must change
 * nothing.
 */
class HistoryTest {

  private record Insertion(int hash, long stamp, boolean referenced, long sequence) {}

  @ParameterizedTest
  @CsvSource({
    "1, 0", "2, 0", "3, 0", "17, 0", "100, 0", "1000, 0",
    "17, 1073741000", "1000, 1073000000", "17, 2147483000", "1000, 2147000000", "1000, 4294967000",
    "100, 6442450000"
  })
  void shouldBehaveLikeAFifoOfNewestInsertions(int capacity, long firstStamp) {
    History set = new History(capacity, capacity * 31, true);
    Deque<Insertion> ring = new ArrayDeque<>();
    Map<Integer, Insertion> live = new HashMap<>();
    SplittableRandom random = new SplittableRandom(capacity);
    long stamp = firstStamp;
    long sequence = 0;
    int limit = capacity;
    for (int step = 0; step < 200_000; step++) {
      int hash = random.nextInt(capacity * 3) - capacity; // includes 0 and negative hashes
      int operation = random.nextInt(100);
      set.prefetch(hash, random.nextInt());
      if (operation < 59) {
        stamp += 1 + random.nextInt(3);
        boolean referenced = random.nextBoolean();
        int expectedDrops = 0;
        for (int drops = 0; drops < History.MAXIMUM_DROPS_PER_ADD && ring.size() >= limit; drops++) {
          Insertion oldest = ring.removeFirst();
          if (live.get(oldest.hash()) == oldest) {
            live.remove(oldest.hash());
            if (!oldest.referenced()) {
              expectedDrops++; // a live insertion of a page evicted referenced was judged already, not counted
            }
          }
        }
        Insertion insertion = new Insertion(hash, stamp, referenced, sequence++);
        ring.addLast(insertion);
        live.put(hash, insertion);
        assertEquals(expectedDrops, set.add(hash, stamp, referenced), "add at step " + step);
      } else if (operation == 99) {
        int requested = random.nextInt(capacity + 2) - 1; // below 1 and above the capacity are clamped
        set.setLimit(requested);
        limit = Math.max(1, Math.min(capacity, requested));
        assertEquals(limit, set.limit(), "limit at step " + step);
      } else if (operation < 80) {
        Insertion expected = live.remove(hash);
        long record = set.take(hash);
        if (expected == null) {
          assertEquals(History.ABSENT, record, "take of an absent hash at step " + step);
        } else {
          assertEquals(expected.stamp(), set.stampIn(record), "stamp taken at step " + step);
          assertEquals(expected.referenced(), History.wasReferenced(record), "flag taken at step " + step);
        }
      } else {
        long bound = stamp - random.nextInt(capacity + 5);
        int expiries = 1 + random.nextInt(3);
        int expected = 0;
        for (int i = 0; i < expiries && !ring.isEmpty() && ring.peekFirst().stamp() < bound; i++) {
          Insertion oldest = ring.removeFirst();
          if (live.get(oldest.hash()) == oldest) {
            live.remove(oldest.hash());
            expected++;
          }
        }
        assertEquals(expected, set.dropOlderThan(bound, expiries), "drop at step " + step);
      }
      assertEquals(live.size(), set.size(), "size at step " + step);
    }
  }
}
