package io.github.clockpro.peers;

import static io.github.clockpro.peers.SieveCacheTest.key;
import static io.github.clockpro.peers.SieveCacheTest.replay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class S3FifoCacheTest {

  /**
   * Capacity 10: a small queue of 1 and a main queue of 9, a ghost of 9 keys. Trace, worked by hand from the
   * paper's Algorithm 1 (get, put on a miss):
   * <pre>
   * A            miss: small [A]
   * A A          hits: A's count 2
   * B            miss, the cache is not full: small [A B]
   * B            hit: B's count 1
   * C .. J       misses: small [A B C .. J], 10 entries, the cache is full
   * K            miss: the small queue holds more than its share, so evict from it: A (count 2 &gt; 1) moves to
   *              main, count 0; B (count 1) leaves, its key into the ghost; small [C .. J K], main [A]
   * B            miss, found in the ghost: evict from small (9 &gt;= 1): C leaves into the ghost; B enters main
   * A            hit
   * </pre>
   * Four hits in the trace; then A and B are resident (main), C is not, and a new miss evicts D from small.
   */
  @Test
  void shouldMoveEntriesHitMoreThanOnceToMainAndAdmitGhostsToMain() {
    S3FifoCache cache = new S3FifoCache(10);
    int hits = replay(cache, 'A', 'A', 'A', 'B', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'B', 'A');
    assertEquals(4, hits);
    assertEquals(10, cache.size());
    assertNotNull(cache.getIfPresent(key('B')));
    assertNull(cache.getIfPresent(key('C')));
    replay(cache, 'L');
    assertNull(cache.getIfPresent(key('D')));
    assertNotNull(cache.getIfPresent(key('E')));
  }

  /**
   * Capacity 20: a small queue of 2 and a main queue of 18, a ghost of 18 keys. Worked by hand:
   * <pre>
   * A .. T, each thrice   20 misses and 40 hits: small [A .. T], each count 2
   * U                     miss: every entry of small moves to main; when S and T arrive main holds 19, over
   *                       its 18, so main evicts its oldest unhit, A and then B; U enters small [U]
   * C                     hit: C's count 1
   * V, W                  misses: V fits (20 entries), small [U V]; W evicts U (count 0) into the ghost,
   *                       small [V W]
   * U                     miss, in the ghost: evicts V from small (2 entries, its share) into the ghost; U
   *                       enters main [C .. T U]; small [W]
   * X                     miss: small holds less than its share, so main evicts: C (count 1) goes back to
   *                       main's head with count 0, D (count 0) leaves
   * </pre>
   */
  @Test
  void shouldReinsertHitEntriesOfMainAndEvictTheOldestUnhit() {
    S3FifoCache cache = new S3FifoCache(20);
    int hits = 0;
    for (char name : "ABCDEFGHIJKLMNOPQRST".toCharArray()) {
      hits += replay(cache, name, name, name);
    }
    assertEquals(40, hits);
    assertEquals(0, replay(cache, 'U'));
    assertNull(cache.getIfPresent(key('A')));
    assertNull(cache.getIfPresent(key('B')));
    assertEquals(1, replay(cache, 'C', 'V', 'W', 'U', 'X'));
    assertEquals(20, cache.size());
    assertNull(cache.getIfPresent(key('V')));
    assertNull(cache.getIfPresent(key('D')));
    assertNotNull(cache.getIfPresent(key('C')));
    assertNotNull(cache.getIfPresent(key('U')));
    assertNotNull(cache.getIfPresent(key('W')));
    assertNotNull(cache.getIfPresent(key('X')));
  }
}
