package io.github.clockpro.engine;

import io.github.clockpro.engine.NodeShape.ExpiringNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The expiring cache's timer: a hierarchical timer wheel (Varghese and Lauck, <em>Hashed and Hierarchical Timing
 * Wheels</em>, SOSP 1987; the shape of Caffeine's {@code TimerWheel}) whose work is handed out one node at a time,
 * so that the cache can bound the work of each operation. Not thread-safe: every method but {@link #time()} runs
 * under the cache's eviction lock.
 *
 * <h2>Structure</h2>
 * Five levels of buckets; a bucket is a circular doubly linked list of {@link ExpiringNode}s headed by a sentinel,
 * so scheduling, descheduling and rescheduling a node are O(1). A node is scheduled at a time, usually its
 * deadline, in the level whose range holds the delay from the wheel's time:
 * <table>
 *   <caption>Levels</caption>
 *   <tr><th>level</th><th>buckets</th><th>each spans</th><th>holds delays below</th></tr>
 *   <tr><td>0</td><td>64</td><td>2<sup>30</sup> ns, 1.07 s</td><td>2<sup>36</sup> ns, 1.15 min</td></tr>
 *   <tr><td>1</td><td>64</td><td>2<sup>36</sup> ns</td><td>2<sup>42</sup> ns, 1.22 h</td></tr>
 *   <tr><td>2</td><td>32</td><td>2<sup>42</sup> ns</td><td>2<sup>47</sup> ns, 1.63 d</td></tr>
 *   <tr><td>3</td><td>4</td><td>2<sup>47</sup> ns</td><td>2<sup>49</sup> ns, 6.5 d</td></tr>
 *   <tr><td>4</td><td>1</td><td>(overflow)</td><td>any</td></tr>
 * </table>
 * A node whose time has already come goes to the <em>draining</em> list, the work at hand.
 *
 * <h2>Time and draining</h2>
 * {@link #advance} moves the wheel's time forward (never back: a reading that goes back changes nothing) and
 * marks as pending the buckets the move passed: on level 0, the buckets of the ticks the time has left, all of
 * whose nodes are now due; on the higher levels, the buckets of the ticks the time has entered, whose nodes are
 * due within one of that level's spans and must move down to a finer level. A move longer than a level's
 * revolution marks each of its buckets once. {@link #next} hands out the nodes of the pending buckets one at a
 * time, level 0 first: it moves a whole pending bucket to the draining list in O(1) when the draining list is
 * empty, and unlinks and returns that list's first node. The caller either expires the node or schedules it
 * again, by its deadline read now: a node whose deadline a read or an update moved later since it was scheduled
 * (expiry after access renews without a lock) is found in its old bucket and simply moves on. A node scheduled
 * again never lands in a pending bucket except by aliasing one revolution ahead, so one pass of the time over the
 * wheel hands out each node at most twice, and every call of {@link #next} visits at most each bucket once
 * before it returns.
 *
 * <p>Resolution: a node on level 0 is handed out when the time leaves its tick, so the wheel finds an entry up
 * to one tick (2<sup>30</sup> ns) after its deadline; {@link #drainCurrentTick} also hands out the current tick's
 * bucket, for {@code cleanUp()}. Reads never depend on the wheel: they compare the deadline themselves.
 *
 * <p>Times are compared by their difference, so the ticker may start anywhere; ticks are times shifted right
 * (arithmetic shift, so floor division). Both assume that the wheel's time stays within 2<sup>62</sup> ns of
 * every deadline, which the cache's cap on a lifetime (about 146 years) keeps.
 *
 * <p>Fields: all guarded by the eviction lock.
 */
final class TimerWheel<K, V> {

  /** Buckets per level. */
  static final int[] BUCKETS = {64, 64, 32, 4, 1};
  /** Each level's tick, as a shift: a bucket of level {@code l} spans {@code 1L << SHIFTS[l]} nanoseconds. */
  static final int[] SHIFTS = {30, 36, 42, 47, 49};
  /** The finest tick: the wheel's resolution, about 1.07 s. */
  static final long TICK = 1L << SHIFTS[0];

  private static final int LEVELS = BUCKETS.length;

  /** The buckets' sentinels, by level and index. */
  private final ExpiringNode<K, V>[][] buckets;
  /** The nodes handed out next: whole pending buckets moved here, and nodes scheduled at a time already come. */
  private final ExpiringNode<K, V> draining = ExpiringNode.sentinel();
  /** Per level, the next pending tick; the level has pending buckets while it is at most {@link #lastPending}. */
  private final long[] nextPending = new long[LEVELS];
  /** Per level, the last pending tick. */
  private final long[] lastPending = new long[LEVELS];
  /** Whether the bucket of the current level-0 tick is pending too, after the others. */
  private boolean currentTickPending;
  /** The wheel's time: the latest time it was advanced to. */
  private long time;

  @SuppressWarnings({"unchecked", "rawtypes"}) // arrays of a generic type are made raw
  TimerWheel(long start) {
    buckets = new ExpiringNode[LEVELS][];
    for (int level = 0; level < LEVELS; level++) {
      buckets[level] = new ExpiringNode[BUCKETS[level]];
      for (int index = 0; index < BUCKETS[level]; index++) {
        buckets[level][index] = ExpiringNode.sentinel();
      }
      nextPending[level] = 0;
      lastPending[level] = -1;
    }
    time = start;
  }

  /** The wheel's time: the latest time it was advanced to, never back. */
  long time() {
    return time;
  }

  /** Moves the time forward to {@code now}, if later, and marks the buckets it passed as pending. */
  void advance(long now) {
    long previous = time;
    if (now - previous <= 0) {
      return;
    }
    for (int level = 0; level < LEVELS; level++) {
      long previousTick = previous >> SHIFTS[level];
      long currentTick = now >> SHIFTS[level];
      if (currentTick == previousTick) {
        break; // the coarser levels' ticks cannot have changed either
      }
      // Level 0 drains the ticks left behind (their nodes are due); the others the ticks entered (to cascade).
      long first = level == 0 ? previousTick : previousTick + 1;
      long last = level == 0 ? currentTick - 1 : currentTick;
      if (nextPending[level] > lastPending[level]) {
        nextPending[level] = first;
      }
      lastPending[level] = last;
      nextPending[level] = Math.max(nextPending[level], last - BUCKETS[level] + 1); // one revolution at most
    }
    time = now;
  }

  /** Marks the bucket of the current level-0 tick as pending, after the others: for {@code cleanUp()}. */
  void drainCurrentTick() {
    currentTickPending = true;
  }

  /**
   * Schedules a node that is in no list at time {@code at}: in the bucket whose range holds it, or in the
   * draining list if that time has come.
   */
  void schedule(ExpiringNode<K, V> node, long at) {
    long delay = at - time;
    ExpiringNode<K, V> list = draining;
    if (delay > 0) {
      int level = 0;
      while (level < LEVELS - 1 && delay >= 1L << SHIFTS[level + 1]) {
        level++;
      }
      list = buckets[level][(int) ((at >> SHIFTS[level]) & (BUCKETS[level] - 1))];
    }
    ExpiringNode<K, V> last = list.previousInWheel;
    node.previousInWheel = last;
    node.nextInWheel = list;
    last.nextInWheel = node;
    list.previousInWheel = node;
  }

  /** Removes a node from whichever list holds it; does nothing if none does. */
  void deschedule(ExpiringNode<K, V> node) {
    if (!node.inWheel()) {
      return;
    }
    node.previousInWheel.nextInWheel = node.nextInWheel;
    node.nextInWheel.previousInWheel = node.previousInWheel;
    node.previousInWheel = null;
    node.nextInWheel = null;
  }

  /**
   * Unlinks and returns the next node whose bucket the time has passed, or {@code null} if there is none. The
   * caller expires it or schedules it again. Visits each bucket at most once per call.
   */
  ExpiringNode<K, V> next() {
    for (;;) {
      ExpiringNode<K, V> first = draining.nextInWheel;
      if (first != draining) {
        deschedule(first);
        return first;
      }
      if (!drainNextBucket()) {
        return null;
      }
    }
  }

  /** Whether {@link #next} has work: a node to hand out, or a pending bucket (perhaps empty) to look at. */
  boolean hasPending() {
    if (draining.nextInWheel != draining || currentTickPending) {
      return true;
    }
    for (int level = 0; level < LEVELS; level++) {
      if (nextPending[level] <= lastPending[level]) {
        return true;
      }
    }
    return false;
  }

  /**
   * The earliest time at which {@link #advance} will make work pending: the wheel's time if work is pending now;
   * otherwise the time the earliest nonempty bucket will be drained; empty if the wheel holds nothing. Looks at
   * every bucket, O(165): for the scheduler's pacing, after a {@code cleanUp()}.
   */
  OptionalLong nextWorkTime() {
    if (hasPending()) {
      return OptionalLong.of(time);
    }
    boolean found = false;
    long earliest = 0;
    for (int level = 0; level < LEVELS; level++) {
      long currentTick = time >> SHIFTS[level];
      int count = BUCKETS[level];
      for (int step = 0; step < count; step++) {
        // Level 0 drains a tick when the time leaves it; the other levels when the time enters it.
        long tick = level == 0 ? currentTick + step : currentTick + 1 + step;
        ExpiringNode<K, V> bucket = buckets[level][(int) (tick & (count - 1))];
        if (bucket.nextInWheel != bucket) {
          long drainTime = (level == 0 ? tick + 1 : tick) << SHIFTS[level];
          if (!found || drainTime - earliest < 0) {
            earliest = drainTime;
            found = true;
          }
          break;
        }
      }
    }
    return found ? OptionalLong.of(earliest) : OptionalLong.empty();
  }

  /**
   * Checks the wheel's structure and returns every node it holds, each once, mapped to the number of times it
   * was found; for {@link Invariants}.
   */
  Map<ExpiringNode<K, V>, Integer> checkStructure(List<String> violations) {
    Map<ExpiringNode<K, V>, Integer> seen = new IdentityHashMap<>();
    List<ExpiringNode<K, V>> lists = new ArrayList<>();
    lists.add(draining);
    for (ExpiringNode<K, V>[] level : buckets) {
      lists.addAll(List.of(level));
    }
    for (ExpiringNode<K, V> sentinel : lists) {
      ExpiringNode<K, V> node = sentinel;
      do {
        ExpiringNode<K, V> following = node.nextInWheel;
        if (following == null || following.previousInWheel != node) {
          violations.add("WHEEL_STRUCTURE: a list of the timer wheel is broken");
          break;
        }
        node = following;
        if (node != sentinel) {
          if (seen.merge(node, 1, Integer::sum) > lists.size()) {
            violations.add("WHEEL_STRUCTURE: a list of the timer wheel does not close");
            return seen;
          }
        }
      } while (node != sentinel);
    }
    return seen;
  }

  /** Moves the next pending bucket's nodes to the draining list; returns {@code false} if none is pending. */
  private boolean drainNextBucket() {
    for (int level = 0; level < LEVELS; level++) {
      if (nextPending[level] <= lastPending[level]) {
        long tick = nextPending[level]++;
        moveAll(buckets[level][(int) (tick & (BUCKETS[level] - 1))]);
        return true;
      }
    }
    if (currentTickPending) {
      currentTickPending = false;
      moveAll(buckets[0][(int) ((time >> SHIFTS[0]) & (BUCKETS[0] - 1))]);
      return true;
    }
    return false;
  }

  /** Splices a bucket's nodes onto the end of the draining list, in O(1), and empties the bucket. */
  private void moveAll(ExpiringNode<K, V> bucket) {
    ExpiringNode<K, V> first = bucket.nextInWheel;
    if (first == bucket) {
      return;
    }
    ExpiringNode<K, V> last = bucket.previousInWheel;
    ExpiringNode<K, V> tail = draining.previousInWheel;
    tail.nextInWheel = first;
    first.previousInWheel = tail;
    last.nextInWheel = draining;
    draining.previousInWheel = last;
    bucket.nextInWheel = bucket;
    bucket.previousInWheel = bucket;
  }
}
