package io.github.clockpro.peers;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashSet;

/**
 * S3-FIFO, a comparator of the simulator, written from its paper: Yang, Zhang, Qiu, Yue and Rashmi, "FIFO queues
 * are all you need for cache eviction", SOSP 2023, Algorithm 1. Not thread-safe; used only single-threaded.
 *
 * <p>Three FIFO queues: a small one of a tenth of the capacity that every new key enters, a main one of the rest,
 * and a ghost of keys only, as long as the main queue's capacity. Each resident entry counts its hits, capped at
 * 3. When the cache is full it evicts from the small queue if that holds at least a tenth of the capacity (or
 * the main queue is empty), otherwise from the main queue:
 * <ul>
 *   <li>the small queue's oldest entry moves to the main queue if it was hit more than once (its count starts
 *       over there), and otherwise leaves the cache, its key entering the ghost; it goes on until one leaves;
 *   <li>the main queue's oldest entry goes back to the main queue's head with its count lowered by one if the
 *       count is above zero, and otherwise leaves the cache; it goes on until one leaves.
 * </ul>
 * A missed key found in the ghost leaves the ghost and enters the main queue instead of the small one. The ghost
 * drops its oldest key when full, as the authors' implementation (libCacheSim) bounds it.
 */
final class S3FifoCache extends SimulatorCache<S3FifoCache.Entry> {

  /** The small queue's share of the capacity. */
  private static final double SMALL_SHARE = 0.1;
  /** The highest hit count an entry keeps. */
  private static final int MAXIMUM_FREQUENCY = 3;
  /** The count above which the small queue's oldest entry moves to the main queue rather than leave. */
  private static final int MOVE_TO_MAIN_THRESHOLD = 1;

  private final int smallCapacity;
  private final int ghostCapacity;
  /** The small and main queues, oldest first. */
  private final ArrayDeque<Entry> small = new ArrayDeque<>();
  private final ArrayDeque<Entry> main = new ArrayDeque<>();
  /** The ghost's keys, oldest first. */
  private final LinkedHashSet<Long> ghost = new LinkedHashSet<>();

  S3FifoCache(int maximumSize) {
    super(maximumSize);
    this.smallCapacity = (int) (maximumSize * SMALL_SHARE);
    this.ghostCapacity = maximumSize - smallCapacity;
  }

  @Override
  void recordHit(Entry entry) {
    entry.frequency = Math.min(entry.frequency + 1, MAXIMUM_FREQUENCY);
  }

  @Override
  Entry newEntry(Long key, Long value) {
    return new Entry(key, value);
  }

  @Override
  void admit(Entry entry) {
    if (ghost.remove(entry.key)) {
      main.addLast(entry);
    } else {
      small.addLast(entry);
    }
  }

  @Override
  void evict() {
    if (!small.isEmpty() && (small.size() >= smallCapacity || main.isEmpty())) {
      evictFromSmall();
    } else {
      evictFromMain();
    }
  }

  private void evictFromSmall() {
    while (!small.isEmpty()) {
      Entry oldest = small.removeFirst();
      if (oldest.frequency > MOVE_TO_MAIN_THRESHOLD) {
        oldest.frequency = 0;
        main.addLast(oldest);
        if (main.size() > maximumSize - smallCapacity) {
          evictFromMain();
        }
      } else {
        entries.remove(oldest.key);
        addToGhost(oldest.key);
        return;
      }
    }
  }

  private void evictFromMain() {
    while (!main.isEmpty()) {
      Entry oldest = main.removeFirst();
      if (oldest.frequency > 0) {
        oldest.frequency--;
        main.addLast(oldest);
      } else {
        entries.remove(oldest.key);
        return;
      }
    }
  }

  private void addToGhost(Long key) {
    if (ghostCapacity == 0) {
      return;
    }
    if (ghost.size() >= ghostCapacity) {
      Iterator<Long> oldest = ghost.iterator();
      oldest.next();
      oldest.remove();
    }
    ghost.add(key);
  }

  @Override
  void clearQueues() {
    small.clear();
    main.clear();
    ghost.clear();
  }

  /** A resident entry: its key, its value and its hit count. */
  static final class Entry extends SimulatorCache.Entry {
    int frequency;

    Entry(Long key, Long value) {
      super(key, value);
    }
  }
}
