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
 * A FIFO ring records every insertion in order (hash and stamp); an open-addressing table maps each live hash
 * to the sequence number of its newest insertion. Insertions arrive in (nearly) increasing stamp order, because
 * the cold hand evicts the oldest cold entry first, so the front of the ring is where test periods end. An entry
 * leaves the history when the ring drops it: because {@code capacity} newer insertions followed it, or because
 * the policy expires it from the front once its stamp is older than the hot hand's. A hit removes the hash
 * from the table only; its ring slot becomes a hole that expires in turn. Every operation does O(1) work, plus
 * amortised growth of the arrays while the cache warms up.
 *
 * <p>The table uses linear probing with backward-shift deletion at a load factor of at most one half. Its
 * index mixes the hash with a per-instance random seed, so a caller who controls {@code hashCode()} cannot
 * aim many keys at one probe sequence. The seed changes only the layout, never which hashes are present.
 *
 * <p>Not thread-safe: used only under the cache's eviction lock.
 */
final class NonResidentSet {

  /** Returned by {@link #stampOf} for an absent hash. */
  static final long ABSENT = Long.MIN_VALUE;

  private static final int EMPTY = 0;
  private static final int MINIMUM_LENGTH = 16;

  private final int capacity;
  private final int seed;

  /** Hashes in insertion order; slot {@code sequence & (length - 1)}. */
  private int[] ringHashes;
  /** The stamp of each insertion, parallel to {@link #ringHashes}. */
  private long[] ringStamps;
  /** Whether the entry was evicted with a reference count above zero, parallel to {@link #ringHashes}. */
  private boolean[] ringReferenced;
  /** Sequence number of the next insertion. Wraps around; only compared for equality. */
  private int nextSequence;
  /** Insertions still in the ring, live or holes; at most {@link #capacity}. */
  private int ringCount;

  /** Stored hash, never {@link #EMPTY} (see {@link #storedHash}). */
  private int[] tableHashes;
  /** Sequence number of the hash's newest insertion. */
  private int[] tableSequences;
  private int tableSize;

  /**
   * @param capacity the most insertions the ring keeps, and so the most live entries; at least 1
   * @param seed mixes table indexes; any value
   */
  NonResidentSet(int capacity, int seed) {
    this.capacity = capacity;
    this.seed = seed;
    int ringLength = Math.min(MINIMUM_LENGTH, ceilingPowerOfTwo(capacity));
    this.ringHashes = new int[ringLength];
    this.ringStamps = new long[ringLength];
    this.ringReferenced = new boolean[ringLength];
    this.tableHashes = new int[MINIMUM_LENGTH];
    this.tableSequences = new int[MINIMUM_LENGTH];
  }

  /** The number of live entries. */
  int size() {
    return tableSize;
  }

  /**
   * Records a hash at the newest end of the history.
   *
   * @return {@code true} if the ring was full and this insertion dropped a live entry
   */
  boolean add(int hash, long stamp, boolean referenced) {
    boolean dropped = false;
    if (ringCount == capacity) {
      dropped = dropOldest();
    } else if (ringCount == ringHashes.length) {
      growRing();
    }
    int sequence = nextSequence++;
    int slot = sequence & (ringHashes.length - 1);
    ringHashes[slot] = hash;
    ringStamps[slot] = stamp;
    ringReferenced[slot] = referenced;
    ringCount++;
    put(storedHash(hash), sequence);
    return dropped;
  }

  /** Returns the stamp of the hash's newest live insertion, or {@link #ABSENT}. */
  long stampOf(int hash) {
    int index = indexOf(storedHash(hash));
    if (index < 0) {
      return ABSENT;
    }
    return ringStamps[tableSequences[index] & (ringHashes.length - 1)];
  }

  /** Whether the hash's newest live insertion was evicted referenced; {@code false} if absent. */
  boolean wasReferenced(int hash) {
    int index = indexOf(storedHash(hash));
    return index >= 0 && ringReferenced[tableSequences[index] & (ringHashes.length - 1)];
  }

  /** Removes the hash if it is live; returns whether it was. */
  boolean remove(int hash) {
    int index = indexOf(storedHash(hash));
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
      int slot = (nextSequence - ringCount) & (ringHashes.length - 1);
      if (ringStamps[slot] >= stamp) {
        break;
      }
      if (dropOldest()) {
        live++;
      }
    }
    return live;
  }

  private boolean dropOldest() {
    int sequence = nextSequence - ringCount;
    int hash = ringHashes[sequence & (ringHashes.length - 1)];
    ringCount--;
    int index = indexOf(storedHash(hash));
    if (index >= 0 && tableSequences[index] == sequence) {
      deleteAt(index);
      return true;
    }
    return false;
  }

  private void growRing() {
    int length = ringHashes.length * 2;
    int[] hashes = new int[length];
    long[] stamps = new long[length];
    boolean[] referenced = new boolean[length];
    for (int sequence = nextSequence - ringCount; sequence != nextSequence; sequence++) {
      int from = sequence & (ringHashes.length - 1);
      int to = sequence & (length - 1);
      hashes[to] = ringHashes[from];
      stamps[to] = ringStamps[from];
      referenced[to] = ringReferenced[from];
    }
    ringHashes = hashes;
    ringStamps = stamps;
    ringReferenced = referenced;
  }

  private void put(int stored, int sequence) {
    int mask = tableHashes.length - 1;
    int index = home(stored, mask);
    while (tableHashes[index] != EMPTY) {
      if (tableHashes[index] == stored) {
        tableSequences[index] = sequence;
        return;
      }
      index = (index + 1) & mask;
    }
    tableHashes[index] = stored;
    tableSequences[index] = sequence;
    tableSize++;
    if (tableSize * 2 > tableHashes.length) {
      growTable();
    }
  }

  private int indexOf(int stored) {
    int mask = tableHashes.length - 1;
    int index = home(stored, mask);
    while (tableHashes[index] != EMPTY) {
      if (tableHashes[index] == stored) {
        return index;
      }
      index = (index + 1) & mask;
    }
    return -1;
  }

  /** Deletes the slot and shifts later members of its probe run back, so no tombstones are needed. */
  private void deleteAt(int index) {
    int mask = tableHashes.length - 1;
    int hole = index;
    int probe = (hole + 1) & mask;
    while (tableHashes[probe] != EMPTY) {
      int home = home(tableHashes[probe], mask);
      // Move the entry into the hole unless its home lies cyclically within (hole, probe].
      if (((probe - home) & mask) >= ((probe - hole) & mask)) {
        tableHashes[hole] = tableHashes[probe];
        tableSequences[hole] = tableSequences[probe];
        hole = probe;
      }
      probe = (probe + 1) & mask;
    }
    tableHashes[hole] = EMPTY;
    tableSequences[hole] = 0;
    tableSize--;
  }

  private void growTable() {
    int[] oldHashes = tableHashes;
    int[] oldSequences = tableSequences;
    tableHashes = new int[oldHashes.length * 2];
    tableSequences = new int[oldHashes.length * 2];
    int mask = tableHashes.length - 1;
    for (int i = 0; i < oldHashes.length; i++) {
      if (oldHashes[i] != EMPTY) {
        int index = home(oldHashes[i], mask);
        while (tableHashes[index] != EMPTY) {
          index = (index + 1) & mask;
        }
        tableHashes[index] = oldHashes[i];
        tableSequences[index] = oldSequences[i];
      }
    }
  }

  private int home(int stored, int mask) {
    int mixed = stored ^ seed;
    mixed ^= mixed >>> 16;
    mixed *= 0x85ebca6b;
    mixed ^= mixed >>> 13;
    mixed *= 0xc2b2ae35;
    mixed ^= mixed >>> 16;
    return mixed & mask;
  }

  /** Maps the one hash that collides with the empty marker onto another value. */
  private static int storedHash(int hash) {
    return hash == EMPTY ? 1 : hash;
  }

  private static int ceilingPowerOfTwo(int value) {
    return value <= 1 ? 1 : Integer.highestOneBit(value - 1) << 1;
  }

  @Override
  public String toString() {
    return "NonResidentSet[size=" + tableSize + ", capacity=" + capacity + ", ring=" + ringCount + "]";
  }
}
