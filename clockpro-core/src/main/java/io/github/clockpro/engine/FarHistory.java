package io.github.clockpro.engine;

/**
 * The far history: a compact memory of the key hashes that {@link History}'s limit dropped while the limit was at
 * its longest, so that a key that returns beyond the history's reach still counts as a history hit.
 *
 * <p>Holds 14-bit fingerprints of hashes, no stamps and no referenced flag: a record answers the stamp of the first
 * record of its generation, the oldest of that generation, so a hit here is judged in test only if the whole of its
 * generation may still be. (Answering the generation's last stamp instead lost hit rate on the gli trace: see
 * docs/decisions.md, "A far history of 16-bit fingerprints".) Two hashes with the same bucket and fingerprint share
 * a record, which, as in the history, costs accuracy, never correctness: live records fill at most three quarters
 * of the slots, so a miss with no record here meets another's for at most about 3 in 16,384 misses.
 *
 * <h2>Design</h2>
 * The table is an array of {@code long} buckets of four 16-bit slots: a slot holds a fingerprint, never 0, above
 * the two bits of the generation it was added in, and 0 when it is empty. A hash has one bucket, chosen by a
 * multiply-shift of its mixed hash so that the bucket count need not be a power of two, and a fingerprint from a
 * second mix. A lookup compares the four slots of one bucket and clears the one that matches, so a key returns
 * from here once, as from the history.
 *
 * <p>Age is counted in generations: each is a quarter of the slots' worth of additions, and the three newest are
 * live, so live records fill at most three quarters of the slots. An addition takes an empty or dead slot of its
 * bucket, or if none, the slot of the oldest record there, which leaves early; a hash already live in the bucket
 * is renewed in place. Generation numbers repeat every four generations, so a record must be cleared before its
 * number comes round again: each addition also clears the dead slots of the next few buckets, enough to pass the
 * whole table once a generation, and a record dead for a whole generation has been cleared before its number is
 * reused.
 *
 * <p>Memory: three quarters of a slot, 12 bits, per record of the history's capacity, so 1.5 bytes per entry of
 * the cache's maximum size. It is allocated when the history's ring first reaches its capacity, since no record
 * comes here before then, and allocated again, empty, if the capacity changes (a higher capacity once the ring
 * reaches it); so a cache that never filled its history pays nothing, nor does raising the maximum. Every operation is O(1): one bucket, and a sweep of at most a few.
 *
 * <p>Why this form: the far history that kept {@code maximumSize} hashes with their stamps, in the history's own
 * table layout, cost 6 to 8 bytes per entry; two generations of a Bloom filter cost about 1.5 but could not
 * forget a key that returned, so a key of the short-lived working set stayed there and returned hot more than once.
 * Fingerprints in buckets cost the Bloom filter's memory and can be removed. Measured in docs/decisions.md.
 *
 * <p>Not thread-safe: used only by the history, under the cache's eviction lock.
 */
final class FarHistory {

  private static final int LANES = 4;
  private static final int LANE_BITS = 16;
  private static final long LANE_MASK = 0xFFFFL;
  private static final int GENERATION_BITS = 2;
  private static final int GENERATION_MASK = (1 << GENERATION_BITS) - 1;
  /** The generations whose records are live: the current one and the two before it. */
  private static final int LIVE_GENERATIONS = 3;
  /** Slots per record of the history's capacity: {@code SLOTS_NUMERATOR / SLOTS_DENOMINATOR}. */
  private static final long SLOTS_NUMERATOR = 3;
  private static final long SLOTS_DENOMINATOR = 4;
  /** No hash has this stamp: what {@link #take} answers for a hash with no live record. */
  static final long ABSENT = -1;

  /**
   * Mixed into every hash before its bucket and fingerprint are taken. A constant, not a per-instance seed as the
   * history's table has: here the bucket decides which records collide, so a per-instance seed would make two
   * caches given the same operations decide differently. Aiming many keys at one bucket only makes records there
   * leave early; each operation stays O(1).
   */
  private static final int SALT = 0x7F4A_7C15;
  /** The buckets, or {@code null} until {@link #allocate}. */
  private long[] buckets;
  /** The generation that additions join now. */
  private int generation;
  /** Additions in one generation: a quarter of the slots. */
  private int generationLength;
  /** Additions to the current generation so far. */
  private int addedInGeneration;
  /** For each generation number, the stamp of its first record. */
  private final long[] firstStamps = new long[GENERATION_MASK + 1];
  /** The next bucket the sweep clears of dead records. */
  private int sweepCursor;
  /** Buckets swept per addition: enough to pass the whole table in one generation. */
  private int sweepPerAddition;

  /**
   * Allocates the table for a history of this capacity, empty, unless it has that size already.
   *
   * @param capacity the history's capacity in records; at least 1
   */
  void allocate(int capacity) {
    int length = (int) Math.max(1, (capacity * SLOTS_NUMERATOR + SLOTS_DENOMINATOR * LANES - 1)
        / (SLOTS_DENOMINATOR * LANES));
    if (buckets != null && buckets.length == length) {
      return;
    }
    buckets = new long[length];
    generationLength = Math.max(1, length * LANES / (LIVE_GENERATIONS + 1));
    sweepPerAddition = (int) ((length + generationLength - 1L) / generationLength);
    addedInGeneration = 0;
    sweepCursor = 0;
  }

  /**
   * Drops the table, and with it every record, until the next {@link #allocate}: the history's capacity grew past
   * its ring, and the table for the new capacity waits until the ring reaches it.
   */
  void release() {
    buckets = null;
  }

  /** Whether {@link #allocate} has been called since the last {@link #release}. */
  boolean isAllocated() {
    return buckets != null;
  }

  /** The number of buckets, 0 before {@link #allocate}; for tests. */
  int length() {
    return buckets == null ? 0 : buckets.length;
  }

  /**
   * Records a hash the history dropped, with the stamp of its record; does nothing before {@link #allocate}.
   *
   * @param stamp the record's stamp; stamps arrive in (nearly) increasing order
   */
  void add(int hash, long stamp) {
    if (buckets == null) {
      return;
    }
    if (addedInGeneration == 0) {
      firstStamps[generation] = stamp;
    }
    int mixed = Hashing.mix(hash ^ SALT);
    int index = bucketOf(mixed);
    int fingerprint = fingerprintOf(mixed);
    long bucket = buckets[index];
    int chosen = 0;
    int oldest = -1;
    for (int lane = 0; lane < LANES; lane++) {
      int slot = slotIn(bucket, lane);
      int age = slot == 0 ? LIVE_GENERATIONS : ageOf(slot);
      if (age < LIVE_GENERATIONS && (slot >>> GENERATION_BITS) == fingerprint) {
        chosen = lane; // live already: renewed
        break;
      }
      if (age > oldest) {
        oldest = age;
        chosen = lane;
      }
    }
    long slot = ((long) fingerprint << GENERATION_BITS) | generation;
    int shift = LANE_BITS * chosen;
    buckets[index] = (bucket & ~(LANE_MASK << shift)) | (slot << shift);
    sweep();
    if (++addedInGeneration == generationLength) {
      addedInGeneration = 0;
      generation = (generation + 1) & GENERATION_MASK;
    }
  }

  /**
   * Removes the hash's live record, if it has one, and returns the stamp of the first record of its generation;
   * returns {@link #ABSENT} if it has none.
   */
  long take(int hash) {
    if (buckets == null) {
      return ABSENT;
    }
    int mixed = Hashing.mix(hash ^ SALT);
    int index = bucketOf(mixed);
    int fingerprint = fingerprintOf(mixed);
    long bucket = buckets[index];
    for (int lane = 0; lane < LANES; lane++) {
      int slot = slotIn(bucket, lane);
      if (slot != 0 && (slot >>> GENERATION_BITS) == fingerprint && ageOf(slot) < LIVE_GENERATIONS) {
        buckets[index] = bucket & ~(LANE_MASK << (LANE_BITS * lane));
        return firstStamps[slot & GENERATION_MASK];
      }
    }
    return ABSENT;
  }

  /** Clears the dead slots of the next {@link #sweepPerAddition} buckets. */
  private void sweep() {
    for (int i = 0; i < sweepPerAddition; i++) {
      long bucket = buckets[sweepCursor];
      for (int lane = 0; lane < LANES; lane++) {
        int slot = slotIn(bucket, lane);
        if (slot != 0 && ageOf(slot) >= LIVE_GENERATIONS) {
          bucket &= ~(LANE_MASK << (LANE_BITS * lane));
        }
      }
      buckets[sweepCursor] = bucket;
      sweepCursor = sweepCursor + 1 == buckets.length ? 0 : sweepCursor + 1;
    }
  }

  private static int slotIn(long bucket, int lane) {
    return (int) (bucket >>> (LANE_BITS * lane)) & (int) LANE_MASK;
  }

  /** Generations since the slot's record was added: 0 for the current one. */
  private int ageOf(int slot) {
    return (generation - slot) & GENERATION_MASK;
  }

  /** A bucket from the mixed hash's 32 bits, by multiply-shift: any bucket count, no modulo. */
  private int bucketOf(int mixed) {
    return (int) (((mixed & 0xFFFF_FFFFL) * buckets.length) >>> 32);
  }

  /** 14 bits, never 0, from a second mix, so that they do not follow the bucket's index. */
  private static int fingerprintOf(int mixed) {
    int fingerprint = Hashing.mix(mixed + 0x632B_E5AB) >>> (Integer.SIZE - LANE_BITS + GENERATION_BITS);
    return fingerprint == 0 ? 1 : fingerprint;
  }

  @Override
  public String toString() {
    return "FarHistory[buckets=" + length() + ", generation=" + generation + "]";
  }
}
