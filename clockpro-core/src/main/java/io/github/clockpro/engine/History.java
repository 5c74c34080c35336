package io.github.clockpro.engine;

/**
 * The non-resident history: hashes of recently evicted cold keys that were in their test period, each with the
 * logical time it was last placed at the head of the cold ring and whether it had been referenced (below the
 * promotion threshold) when it was evicted.
 *
 * <p>Holds no key or value objects, only 32-bit key hashes ({@link NodeTable#hash}), so evicted data can be
 * garbage collected. Two keys with the same hash share one history entry: a miss on one may count as a
 * test-period hit of the other, which makes it hot at a hot page's expense. That costs accuracy, never
 * correctness; little where hashes rarely collide, which is why a {@code Long} key's hash mixes its high half.
 *
 * <h2>Design</h2>
 * Each insertion is one long, its <em>record</em>: the hash in the high half; in the low half the stamp's low 30
 * bits, the referenced flag and a set lowest bit, which keeps every record apart from an empty slot. A FIFO ring
 * of up to {@code capacity} slots holds the records in insertion order, and an open-addressing table holds the
 * record of each live hash's newest insertion, the same long as in the ring. So a lookup answers the stamp and
 * the flag from the table's own cache lines and never reads the ring, and a probe compares hashes there too.
 * When the ring drops its oldest record, the table entry for that hash is deleted only if it is the very same
 * record; otherwise a newer insertion of the hash, or a hit, has replaced or removed it, and the
 * dropped record was a hole. Stamps are unique, one per placement, so equal records mean the same insertion, with
 * the exception below.
 *
 * <p>Records keep the stamp's low 30 bits only; a stamp is read back as the newest stamp ever added minus the
 * distance between the two in those bits. That is exact while a record is fewer than 2<sup>30</sup> placements
 * older than the newest one, which the policy's logical clock reaches only after a billion placements with no
 * eviction in between. Past that, the record's test period is misread, and a record of the same hash that many
 * placements newer could be taken for it when the ring drops it: one adaptation step of the policy, or one
 * history entry forgotten early, never a correctness property.
 *
 * <p>Insertions arrive in (nearly) increasing stamp order, because the cold hand evicts the oldest cold entry
 * first, so the front of the ring is where test periods end. An entry leaves the history when the ring drops it:
 * because {@link #limit} newer insertions followed it, or because the policy drops it from the front once its
 * stamp is older than the hot hand's. The limit is at most {@code capacity}, and the policy lowers and raises it
 * (the adaptive history length in {@link ClockProPolicy}); after it is lowered, each insertion drops up to
 * {@link #MAXIMUM_DROPS_PER_ADD} records until the ring is within it. A hit removes the hash from the table only;
 * its ring slot becomes a hole that is dropped in turn. Every operation does O(1) work, plus amortised growth of the
 * arrays while the cache warms up. The arrays never shrink.
 *
 * <p>While the limit is at its longest, where returns pay (see {@link ClockProPolicy}, "The adaptive history
 * length"), a live record that the limit drops goes on to the {@link FarHistory}, and a hash not live here is
 * looked up there ({@link #takeFar}): up to 9/16 of the capacity in more records, for keys that return 2 to 16
 * times the cache's size later, as on the multi2 trace (measured in docs/decisions.md).
 *
 * <p>Memory: 8 bytes per ring slot and 8 bytes per table slot. The table doubles when its load factor passes a
 * half, up to twice the capacity, and is indexed by multiply-shift, so its length need not be a power of two;
 * once the history is full that is 24 bytes per entry of the cache's maximum size (up to 40 with a power of two),
 * and 1.5 more for the far history. The load factor is
 * a trade of memory for time: every miss makes several lookups here, most of them for a hash that is absent, and
 * with linear probing an absent hash is probed to the end of its run, whose expected length grows with the
 * square of 1 / (1 - load). At a load factor of up to four fifths, which this table had before, the history took a
 * large share of a miss's time in single-threaded read-through profiles (see docs/decisions.md).
 *
 * <p>The table uses linear probing with backward-shift deletion. Its index mixes the hash with a per-instance
 * random seed, so a caller who controls {@code hashCode()} cannot aim many keys at one probe sequence. The seed
 * changes only the layout, never which hashes are present.
 *
 * <p>Not thread-safe: used only under the cache's eviction lock, but for {@link #prefetch}, which only reads.
 */
final class History {

  /** A table slot that holds no record. Every record has its lowest bit set, see {@link #record}. */
  private static final long EMPTY = 0L;
  /** Returned by {@link #take} for a hash that is not live: no record equals it. */
  static final long ABSENT = EMPTY;
  private static final int MINIMUM_LENGTH = 16;
  /** The most insertions one {@link #add} drops: one to make room, and two more while a lowered limit is reached. */
  static final int MAXIMUM_DROPS_PER_ADD = 3;
  /** The stamp bits a record keeps, above the referenced flag and the set bit. */
  private static final long STAMP_MASK = 0x3FFF_FFFFL;
  private static final long REFERENCED = 2L;
  private static final long PRESENT = 1L;

  /** The most insertions the ring may keep; the policy moves it with the cache's maximum (see {@link #setCapacity}). */
  private int capacity;
  private final int seed;
  /**
   * The most insertions the ring keeps now, from 1 to {@link #capacity}; the policy moves it (see
   * {@link #setLimit}).
   */
  private int limit;

  /** The records of the insertions in order, oldest at {@link #head}; see {@link #record}. */
  private long[] ring;
  /** The largest stamp added so far: the reference that {@link #stampIn} reads stored stamps against. */
  private long newestStamp;
  /** The ring slot of the oldest insertion. */
  private int head;
  /**
   * Insertions in the ring, live or holes; at most {@link #capacity}, but for a while after {@link #setCapacity}
   * lowered it.
   */
  private int ringCount;

  /** For each live hash, the record of its newest insertion; {@link #EMPTY} where no record is. */
  private long[] table;
  private int tableSize;

  /** Where the records the limit drops go while the limit is at its longest. */
  private final FarHistory far = new FarHistory();
  /** Whether {@link #far} is ever allocated; if not, it records nothing. */
  private final boolean keepsFarHistory;

  /**
   * @param capacity the most insertions the ring keeps, and so the most live entries; at least 1
   * @param seed mixes table indexes; any value
   * @param keepsFarHistory whether records the limit drops go on to a {@link FarHistory}
   */
  History(int capacity, int seed, boolean keepsFarHistory) {
    this.capacity = capacity;
    this.limit = capacity;
    this.seed = seed;
    int ringLength = Math.min(MINIMUM_LENGTH, capacity);
    this.ring = new long[ringLength];
    this.table = new long[MINIMUM_LENGTH];
    this.keepsFarHistory = keepsFarHistory;
    if (keepsFarHistory && ring.length == capacity) {
      far.allocate(capacity);
    }
  }

  /**
   * Removes the hash's record from the far history, if it has one there, and returns its stamp: the first of its
   * generation (see {@link FarHistory}); returns {@link FarHistory#ABSENT} if it has none. For a miss that
   * {@link #take} answered with {@link #ABSENT}.
   */
  long takeFar(int hash) {
    return far.take(hash);
  }

  /** The number of live entries. */
  int size() {
    return tableSize;
  }

  /** The most insertions the ring may keep: the limit's ceiling. */
  int capacity() {
    return capacity;
  }

  /** The ring's length: a bound on the insertions it holds, also while a lowered capacity takes effect. */
  int ringLength() {
    return ring.length;
  }

  /** The most insertions the ring keeps now. */
  int limit() {
    return limit;
  }

  /**
   * Sets the most insertions the ring may keep, and clamps the limit to it. A lower capacity takes effect as a lower
   * limit does, gradually; the arrays keep their length. A higher one allocates nothing: the ring and the table
   * grow with the records, and the far history, sized by the capacity, is dropped until the ring reaches it.
   *
   * @param newCapacity at least 1
   */
  void setCapacity(int newCapacity) {
    capacity = newCapacity;
    limit = Math.min(limit, capacity);
    if (!far.isAllocated()) {
      return;
    }
    if (ring.length >= capacity) {
      far.allocate(capacity);
    } else {
      far.release(); // allocated again when the ring grows to the new capacity, as at first: see growRing
    }
  }

  /**
   * Sets the most insertions the ring keeps, clamped to 1 .. capacity. A lower limit takes effect gradually:
   * each {@link #add} drops at most {@link #MAXIMUM_DROPS_PER_ADD} of the oldest insertions.
   */
  void setLimit(int newLimit) {
    limit = Math.max(1, Math.min(capacity, newLimit));
  }

  /**
   * Records a hash at the newest end of the history, first dropping the oldest insertions while the ring holds
   * {@link #limit} or more, at most {@link #MAXIMUM_DROPS_PER_ADD} of them.
   *
   * @param stamp a non-negative logical time, unique to this insertion (the policy's stamps are)
   * @return how many of the dropped insertions were live entries evicted unreferenced: tests cut short with no
   *     reference seen. A live entry evicted referenced was judged when it was evicted, and is not counted.
   */
  int add(int hash, long stamp, boolean referenced) {
    int dropped = 0;
    for (int drops = 0; drops < MAXIMUM_DROPS_PER_ADD && ringCount >= limit; drops++) {
      long live = dropOldest();
      if (live != EMPTY && limit == capacity) {
        far.add(hashOf(live), stampIn(live));
      }
      if (live != EMPTY && !wasReferenced(live)) {
        dropped++;
      }
    }
    if (ringCount == ring.length) {
      growRing();
    }
    long record = record(hash, stamp, referenced);
    ring[slotAfter(head, ringCount)] = record;
    newestStamp = Math.max(newestStamp, stamp);
    ringCount++;
    int index = slotOf(hash);
    boolean present = table[index] != EMPTY; // if so, its older record, still in the ring, becomes a hole
    table[index] = record;
    if (!present && ++tableSize * 2L > table.length) { // above a load factor of one half
      growTable();
    }
    return dropped;
  }

  /**
   * Removes the hash's live entry, if it has one, and returns that entry's record, which {@link #stampIn} and
   * {@link #wasReferenced} read; returns {@link #ABSENT} if the hash is not live. One probe of the table answers
   * both questions a miss asks of the history and removes the entry.
   */
  long take(int hash) {
    int index = slotOf(hash);
    long record = table[index];
    if (record != EMPTY) {
      deleteAt(index);
    }
    return record;
  }

  /**
   * Reads, without the eviction lock, the table slots where the next eviction's probes will most likely start:
   * those of {@link #take} for {@code admitted}, of {@link #add} for {@code evicted}, and of dropping the ring's
   * oldest record. Returns the sum of the slots read, which means nothing; see {@link ClockProPolicy#prefetch}.
   * The reads race with the lock holder's writes: each index is bounded by the array it reads, so a stale or
   * half-updated view costs only a load that turns out useless.
   */
  long prefetch(int admitted, int evicted) {
    long[] slots = table;
    long seen = slots[home(admitted, slots.length)] + slots[home(evicted, slots.length)];
    long[] records = ring;
    int oldest = head;
    if (oldest < records.length) {
      seen += slots[home(hashOf(records[oldest]), slots.length)];
    }
    return seen;
  }

  /** The full stamp of a record that {@link #take} returned; see the class comment. */
  long stampIn(long record) {
    long low = (record >>> 2) & STAMP_MASK;
    return newestStamp - ((newestStamp - low) & STAMP_MASK);
  }

  /** Whether the insertion of a record that {@link #take} returned was evicted referenced. */
  static boolean wasReferenced(long record) {
    return (record & REFERENCED) != 0;
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
      if (stampIn(ring[head]) >= stamp) {
        break;
      }
      if (dropOldest() != EMPTY) {
        live++;
      }
    }
    return live;
  }

  /** Drops the oldest insertion; returns its record if it was a live entry, else {@link #EMPTY}. */
  private long dropOldest() {
    long record = ring[head];
    head = slotAfter(head, 1);
    ringCount--;
    int index = slotOf(hashOf(record));
    if (table[index] == record) {
      deleteAt(index);
      return record;
    }
    return EMPTY;
  }

  private int slotAfter(int slot, int distance) {
    int next = slot + distance;
    return next >= ring.length ? next - ring.length : next;
  }

  /** Doubles the ring (up to the capacity), moving the oldest insertion to slot 0. The table holds no slots. */
  private void growRing() {
    int length = (int) Math.max(ring.length + 1L, Math.min(capacity, 2L * ring.length));
    long[] grown = new long[length];
    for (int i = 0; i < ringCount; i++) {
      grown[i] = ring[slotAfter(head, i)];
    }
    ring = grown;
    head = 0;
    if (keepsFarHistory && length >= capacity) {
      far.allocate(capacity); // the ring is full length: the limit may drop records from now on
    }
  }

  /**
   * The table slot of the hash's record, or, if the hash has none, the empty slot that ends its probe run, where
   * its record would go.
   */
  private int slotOf(int hash) {
    int index = home(hash, table.length);
    for (long entry = table[index]; entry != EMPTY && hashOf(entry) != hash; entry = table[index]) {
      index = next(index, table.length);
    }
    return index;
  }

  /** Deletes the slot and shifts later members of its probe run back, so no tombstones are needed. */
  private void deleteAt(int index) {
    int length = table.length;
    int hole = index;
    int probe = next(hole, length);
    while (table[probe] != EMPTY) {
      int home = home(hashOf(table[probe]), length);
      // Move the entry into the hole unless its home lies cyclically within (hole, probe].
      if (distance(home, probe, length) >= distance(hole, probe, length)) {
        table[hole] = table[probe];
        hole = probe;
      }
      probe = next(probe, length);
    }
    table[hole] = EMPTY;
    tableSize--;
  }

  /**
   * Doubles the table, but to no more than twice the live entries the capacity allows, so that a full history
   * holds its table at a load factor of a half, whatever the capacity (a power of two would cost up to twice that).
   * Called when {@link #tableSize} has just passed half the length, so the new length is always larger.
   */
  private void growTable() {
    long[] old = table;
    int length = (int) Math.min(2L * old.length, 2L * Math.max(capacity, tableSize));
    table = new long[length];
    for (long entry : old) {
      if (entry != EMPTY) {
        int index = home(hashOf(entry), length);
        while (table[index] != EMPTY) {
          index = next(index, length);
        }
        table[index] = entry;
      }
    }
  }

  /**
   * The record of an insertion: the hash in the high 32 bits; below it the stamp's low 30 bits, the referenced
   * flag and a set bit, so that no record is {@link #EMPTY}. The low half is 32 bits wide and never reaches the
   * hash.
   */
  private static long record(int hash, long stamp, boolean referenced) {
    return ((long) hash << 32) | ((stamp & STAMP_MASK) << 2) | (referenced ? REFERENCED : 0) | PRESENT;
  }

  /** The hash of a record. */
  private static int hashOf(long record) {
    return (int) (record >>> 32);
  }

  /** The slot where the hash's probe run starts: multiply-shift of its mixed hash, so any table length will do. */
  private int home(int hash, int length) {
    return (int) (((Hashing.mix(hash ^ seed) & 0xFFFF_FFFFL) * length) >>> 32);
  }

  /** The slot after this one, wrapping round. */
  private static int next(int slot, int length) {
    int next = slot + 1;
    return next == length ? 0 : next;
  }

  /** How many slots a probe walks from {@code from} to {@code to}, wrapping round. */
  private static int distance(int from, int to, int length) {
    int distance = to - from;
    return distance < 0 ? distance + length : distance;
  }

  @Override
  public String toString() {
    return "History[size=" + tableSize + ", capacity=" + capacity + ", ring=" + ringCount + "]";
  }
}
