package io.github.clockpro.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SieveCacheTest {

  /**
   * Capacity 3, trace A B C A D B E A (get, put on a miss), worked by hand from the paper's Figure 2:
   * <pre>
   * A B C    miss x3                 queue tail..head A B C, hand at the tail
   * A        hit                     A visited
   * D        miss, full: the hand passes A (clears it), evicts B, rests at C; queue A C D
   * B        miss, full: C is unvisited, evicted; the hand rests at D;          queue A D B
   * E        miss, full: D is unvisited, evicted; the hand rests at B;          queue A B E
   * A        hit (A stayed in place)
   * </pre>
   * Two hits; A, B and E resident.
   */
  @Test
  void shouldRetainVisitedEntriesInPlaceAndEvictAtTheHand() {
    SieveCache cache = new SieveCache(3);
    int hits = replay(cache, 'A', 'B', 'C', 'A', 'D', 'B', 'E', 'A');
    assertEquals(2, hits);
    assertEquals(3, cache.size());
    assertNotNull(cache.getIfPresent(key('A')));
    assertNotNull(cache.getIfPresent(key('B')));
    assertNotNull(cache.getIfPresent(key('E')));
    assertNull(cache.getIfPresent(key('C')));
    assertNull(cache.getIfPresent(key('D')));
  }

  /**
   * Capacity 2, trace A B A B C: A and B are both visited when C arrives, so the hand clears both, wraps to the
   * tail and evicts A, the oldest; B stays, its bit cleared.
   */
  @Test
  void shouldWrapToTheTailWhenEveryEntryWasVisited() {
    SieveCache cache = new SieveCache(2);
    assertEquals(2, replay(cache, 'A', 'B', 'A', 'B', 'C'));
    assertNull(cache.getIfPresent(key('A')));
    assertEquals(key('B'), cache.getIfPresent(key('B')));
    assertEquals(key('C'), cache.getIfPresent(key('C')));
  }

  static int replay(PeerCache<Long, Long> cache, char... trace) {
    int hits = 0;
    for (char name : trace) {
      Long key = key(name);
      if (cache.getIfPresent(key) != null) {
        hits++;
      } else {
        cache.put(key, key);
      }
    }
    return hits;
  }

  static Long key(char name) {
    return (long) name;
  }
}
