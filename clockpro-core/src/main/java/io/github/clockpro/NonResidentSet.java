package io.github.clockpro;

/**
 * The non-resident history: hashes of recently evicted cold keys that were in their test period, each with the
 * logical time it was last placed at the head of the cold clock and whether it had been referenced (below the
 * promotion threshold) when it was evicted.
 *
 * <p>Holds no key or value objects, only 32-bit key hashes, so evicted data can be garbage collected. Two keys
 * with the same hash share one history entry: a miss on one may count as a test-period hit of the other. That
 * costs a little accuracy, never correctness.
 *
 * <h2>Design</h2>
 * A FIFO ring of exactly {@code capacity} slots records every insertion in order: hash, stamp and the referenced
 * flag, packed into one long per insertion (the hash in the high half; the stamp shifted left by one, over the
 * flag, in the low half), so that an insertion writes and a drop reads one array, not two. The ring keeps the
 * stamp's low 31 bits only, and reads a stamp back as the newest stamp ever added minus the distance between the
 * two in those bits; that is exact while an entry is fewer than 2<sup>31</sup> placements older than the newest
 * one, which the policy's logical clock reaches only after two billion placements with no eviction in between.
 * Past that, the entry's test period is misread: one adaptation step of the policy, never a correctness
 * property. An open-addressing table maps each live hash to the ring slot of its newest insertion; each table
 * slot holds the hash and the ring slot together in one long, so that a probe compares hashes within the table's
 * own cache lines and never reads the ring. (An earlier table stored only the ring slot and read each probed hash
 * back from the ring: one scattered memory access per probe, which profiles of read-through workloads showed as
 * a large share of the time per miss.) Insertions arrive in (nearly) increasing stamp order, because the cold
 * hand evicts the oldest cold entry first, so the front of the ring is where test periods end. An entry leaves
 * the history when the ring drops it: because {@code capacity} newer insertions followed it, or because the policy
 * expires it from the front once its stamp is older than the hot hand's. A hit removes the hash from the table
 * only; its ring slot becomes a hole that expires in turn. Every operation does O(1) work, plus amortised growth
 * of the arrays while the cache warms up.
 *
 * <p>Memory: 8 bytes per ring slot and 8 bytes per table slot, the table at a load factor between a quarter and
 * a half; about 24 to 40 bytes per entry of the cache's maximum size once the history is full. The load factor is
 * a trade of memory for time: every miss makes several lookups here, most of them for a hash that is absent, and
 * with linear probing an absent hash is probed to the end of its run, whose expected length grows with the
 * square of 1 / (1 - load). At a load factor of up to four fifths, which this table had before, the history took a
 * large share of a miss's time in single-threaded read-through profiles (see docs/design.md).
 *
 * <p>The table uses linear probing with backward-shift deletion. Its index mixes the hash with a per-instance
 * random seed, so a caller who controls {@code hashCode()} cannot aim many keys at one probe sequence. The seed
 * changes only the layout, never which hashes are present.
 *
 * <p>Not thread-safe: used only under the cache's eviction lock.
 */
final class NonResidentSet {

  /** Returned by {@link #stampOf} for an absent hash. */
  static final long ABSENT = Long.MIN_VALUE;

  /**
   * A table slot that holds no entry. A live entry is its hash in the high 32 bits and its ring slot plus one in
   * the low 32 bits, which are therefore never all zero.
   */
  private static final long EMPTY = 0L;
  private static final int MINIMUM_LENGTH = 16;
  /** The stamp bits a ring slot keeps, below the referenced flag. */
  private static final long STAMP_MASK = 0x7FFF_FFFFL;

  private final int capacity;
  private final int seed;

  /**
   * Insertions in order, oldest at {@link #head}: the hash in the high 32 bits; in the low 32 bits, the low 31
   * bits of the stamp shifted left by one, {@code | referenced}. See {@link #ringEntry}.
   */
  private long[] ring;
  /** The largest stamp added so far: the reference that {@link #stampAt} reads stored stamps against. */
  private long newestStamp;
  /** The ring slot of the oldest insertion. */
  private int head;
  /** Insertions in the ring, live or holes; at most {@link #capacity}. */
  private int ringCount;

  /** For each live hash, the hash and its newest ring slot, see {@link #entry}; {@link #EMPTY} where no entry is. */
  private long[] table;
  private int tableSize;

  /**
   * @param capacity the most insertions the ring keeps, and so the most live entries; at least 1
   * @param seed mixes table indexes; any value
   */
  NonResidentSet(int capacity, int seed) {
    this.capacity = capacity;
    this.seed = seed;
    int ringLength = Math.min(MINIMUM_LENGTH, capacity);
    this.ring = new long[ringLength];
    this.table = new long[MINIMUM_LENGTH];
  }

  /** The number of live entries. */
  int size() {
    return tableSize;
  }

  /**
   * Records a hash at the newest end of the history.
   *
   * @param stamp a non-negative logical time
   * @return {@code true} if the ring was full and this insertion dropped a live entry
   */
  boolean add(int hash, long stamp, boolean referenced) {
    boolean dropped = false;
    if (ringCount == capacity) {
      dropped = dropOldest();
    } else if (ringCount == ring.length) {
      growRing();
    }
    int slot = slotAfter(head, ringCount);
    ring[slot] = ringEntry(hash, stamp, referenced);
    newestStamp = Math.max(newestStamp, stamp);
    ringCount++;
    int index = indexOf(hash);
    if (index >= 0) {
      table[index] = entry(hash, slot); // the older ring slot of this hash becomes a hole
    } else {
      insert(hash, slot);
    }
    return dropped;
  }

  /** Returns the stamp of the hash's newest live insertion, or {@link #ABSENT}. */
  long stampOf(int hash) {
    int index = indexOf(hash);
    return index < 0 ? ABSENT : stampAt(ringSlotOf(table[index]));
  }

  /** Whether the hash's newest live insertion was evicted referenced; {@code false} if absent. */
  boolean wasReferenced(int hash) {
    int index = indexOf(hash);
    return index >= 0 && (ring[ringSlotOf(table[index])] & 1) != 0;
  }

  /** Removes the hash if it is live; returns whether it was. */
  boolean remove(int hash) {
    int index = indexOf(hash);
    if (index < 0) {
      return false;
    }
    deleteAt(index);
    return true;
  }

  /**
   * Drops up to {@code limit} insertions from the front of the ring while their stamps are below
   * {@code stamp}.
   *
   * @return how many of the dropped insertions were live entries
   */
  int dropOlderThan(long stamp, int limit) {
    int live = 0;
    for (int i = 0; i < limit && ringCount > 0; i++) {
      if (stampAt(head) >= stamp) {
        break;
      }
      if (dropOldest()) {
        live++;
      }
    }
    return live;
  }

  /** Reads back the full stamp of a ring slot; see the class comment. */
  private long stampAt(int slot) {
    long low = ((int) ring[slot] >>> 1) & STAMP_MASK;
    return newestStamp - ((newestStamp - low) & STAMP_MASK);
  }

  private boolean dropOldest() {
    int slot = head;
    head = slotAfter(head, 1);
    ringCount--;
    int index = indexOf(hashOf(ring[slot]));
    if (index >= 0 && ringSlotOf(table[index]) == slot) {
      deleteAt(index);
      return true;
    }
    return false;
  }

  private int slotAfter(int slot, int distance) {
    int next = slot + distance;
    return next >= ring.length ? next - ring.length : next;
  }

  /** Doubles the ring (up to the capacity), moving the oldest insertion to slot 0; rebuilds the table. */
  private void growRing() {
    int length = (int) Math.min(capacity, 2L * ring.length);
    long[] grown = new long[length];
    for (int i = 0; i < ringCount; i++) {
      grown[i] = ring[slotAfter(head, i)];
    }
    int oldHead = head;
    int oldLength = ring.length;
    ring = grown;
    head = 0;
    for (int index = 0; index < table.length; index++) {
      long entry = table[index];
      if (entry != EMPTY) {
        int oldSlot = ringSlotOf(entry);
        int newSlot = oldSlot >= oldHead ? oldSlot - oldHead : oldSlot + oldLength - oldHead;
        table[index] = entry(hashOf(entry), newSlot); // same hash, so the same place in the table
      }
    }
  }

  private void insert(int hash, int slot) {
    int mask = table.length - 1;
    int index = home(hash, mask);
    while (table[index] != EMPTY) {
      index = (index + 1) & mask;
    }
    table[index] = entry(hash, slot);
    tableSize++;
    if (tableSize * 2L > table.length) { // above a load factor of one half
      growTable();
    }
  }

  private int indexOf(int hash) {
    int mask = table.length - 1;
    int index = home(hash, mask);
    for (long entry = table[index]; entry != EMPTY; entry = table[index]) {
      if (hashOf(entry) == hash) {
        return index;
      }
      index = (index + 1) & mask;
    }
    return -1;
  }

  /** Deletes the slot and shifts later members of its probe run back, so no tombstones are needed. */
  private void deleteAt(int index) {
    int mask = table.length - 1;
    int hole = index;
    int probe = (hole + 1) & mask;
    while (table[probe] != EMPTY) {
      int home = home(hashOf(table[probe]), mask);
      // Move the entry into the hole unless its home lies cyclically within (hole, probe].
      if (((probe - home) & mask) >= ((probe - hole) & mask)) {
        table[hole] = table[probe];
        hole = probe;
      }
      probe = (probe + 1) & mask;
    }
    table[hole] = EMPTY;
    tableSize--;
  }

  private void growTable() {
    long[] old = table;
    table = new long[old.length * 2];
    int mask = table.length - 1;
    for (long entry : old) {
      if (entry != EMPTY) {
        int index = home(hashOf(entry), mask);
        while (table[index] != EMPTY) {
          index = (index + 1) & mask;
        }
        table[index] = entry;
      }
    }
  }

  /** A ring entry: see {@link #ring}. The low half is at most 32 bits wide, so it never reaches the hash. */
  private static long ringEntry(int hash, long stamp, boolean referenced) {
    return ((long) hash << 32) | ((stamp & STAMP_MASK) << 1) | (referenced ? 1 : 0);
  }

  /** A table entry: the hash in the high 32 bits, the ring slot plus one in the low 32 bits. */
  private static long entry(int hash, int ringSlot) {
    return ((long) hash << 32) | (ringSlot + 1L);
  }

  /** The hash of a table entry or a ring entry. */
  private static int hashOf(long entry) {
    return (int) (entry >>> 32);
  }

  private static int ringSlotOf(long entry) {
    return (int) entry - 1;
  }

  private int home(int hash, int mask) {
    int mixed = hash ^ seed;
    mixed ^= mixed >>> 16;
    mixed *= 0x85ebca6b;
    mixed ^= mixed >>> 13;
    mixed *= 0xc2b2ae35;
    mixed ^= mixed >>> 16;
    return mixed & mask;
  }

  @Override
  public String toString() {
    return "NonResidentSet[size=" + tableSize + ", capacity=" + capacity + ", ring=" + ringCount + "]";
  }
}
