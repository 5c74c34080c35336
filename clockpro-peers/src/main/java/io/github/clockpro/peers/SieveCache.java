package io.github.clockpro.peers;

/**
 * SIEVE, a comparator of the simulator, written from its paper: Zhang, Yang, Yue, Vigfusson and Rashmi, "SIEVE is
 * Simpler than LRU: an Efficient Turn-Key Eviction Algorithm for Web Caches", NSDI 2024, Figure 2. Not
 * thread-safe; used only single-threaded.
 *
 * <p>One FIFO queue; each entry has a visited bit, set by a hit. New keys enter at the head. A hand starts at the
 * tail (the oldest entry) and moves toward the head: it clears the bit of each visited entry it passes, leaving the
 * entry in place, and evicts the first entry it finds unvisited, then stays where it stopped. At the head it goes
 * back to the tail.
 */
final class SieveCache extends SimulatorCache<SieveCache.Entry> {

  /** The newest and the oldest entry, or {@code null} when empty. */
  private Entry head;
  private Entry tail;
  /** The next entry the hand examines, or {@code null} to start at the tail. */
  private Entry hand;

  SieveCache(int maximumSize) {
    super(maximumSize);
  }

  @Override
  void recordHit(Entry entry) {
    entry.visited = true;
  }

  @Override
  Entry newEntry(Long key, Long value) {
    return new Entry(key, value);
  }

  /** Enters the new entry at the head. */
  @Override
  void admit(Entry entry) {
    entry.older = head;
    if (head != null) {
      head.newer = entry;
    }
    head = entry;
    if (tail == null) {
      tail = entry;
    }
  }

  @Override
  void evict() {
    Entry candidate = hand == null ? tail : hand;
    while (candidate.visited) {
      candidate.visited = false;
      candidate = candidate.newer == null ? tail : candidate.newer;
    }
    hand = candidate.newer;
    unlink(candidate);
    entries.remove(candidate.key);
  }

  private void unlink(Entry entry) {
    if (entry.newer == null) {
      head = entry.older;
    } else {
      entry.newer.older = entry.older;
    }
    if (entry.older == null) {
      tail = entry.newer;
    } else {
      entry.older.newer = entry.newer;
    }
  }

  @Override
  void clearQueues() {
    head = tail = hand = null;
  }

  /** A resident entry: its key, its value, its visited bit and its neighbours in the queue. */
  static final class Entry extends SimulatorCache.Entry {
    boolean visited;
    /** The entry inserted just after this one, toward the head, or {@code null} at the head. */
    Entry newer;
    /** The entry inserted just before this one, toward the tail, or {@code null} at the tail. */
    Entry older;

    Entry(Long key, Long value) {
      super(key, value);
    }
  }
}
