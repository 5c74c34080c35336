package io.github.clockpro.model;

/**
 * The model's far history: where the history's live records go when its limit drops them while the limit is at
 * the history's capacity, so that a key that returns beyond the history's reach may still count as a history hit.
 * Written from the rules of {@code FarHistory} in the core, in a plainer form; see rule "The far history" of
 * {@link ReferenceModel}.
 *
 * <p>The table is a number of buckets of four slots. A hash (the history's fingerprint of a key) has one bucket
 * and one 14-bit tag, both from the MurmurHash3 32-bit finalizer of the hash XOR a constant salt; the core calls
 * the tag a fingerprint too. A record is live for three generations: the one it was added in and the two after it;
 * a generation ends after as many additions as the table has buckets (a quarter of its slots).
 *
 * <p>Generations are counted here from the start, with no end, and a record keeps its own generation's number
 * and first stamp. The core counts them modulo four in two bits of the slot, keeps one first stamp per number
 * (overwritten only when that number's next generation starts, when the record is dead), and clears dead slots
 * with a sweep that passes the whole table once a generation, before a number can come round again. Here a dead
 * record simply stays: no rule tells a dead record from an empty slot, so the sweep changes nothing that can be
 * seen.
 */
final class FarHistoryModel {

  /** What {@link #take} answers for a hash with no live record; no stamp is negative. */
  static final long ABSENT = -1;

  private static final int LANES = 4;
  private static final int LIVE_GENERATIONS = 3;
  /** The tag keeps the top 14 bits of the second mix. */
  private static final int TAG_SHIFT = Integer.SIZE - 14;
  /** Mixed into every hash: a constant, so that every cache, and every trial copy, has the same buckets. */
  private static final int SALT = 0x7F4A_7C15;

  /** A record: its tag, the generation it was added in, and the stamp of that generation's first record. */
  private record Slot(int tag, long generation, long firstStamp) {}

  /** The buckets of four slots, {@code null} for an empty slot; the table itself is {@code null} until allocated. */
  private Slot[][] buckets;
  private long generation;
  private int addedInGeneration;
  private long firstStampOfGeneration;

  boolean isAllocated() {
    return buckets != null;
  }

  /**
   * Makes the table for a history of this capacity, empty, unless it has that number of buckets already: three
   * slots for every four records of the capacity, rounded up to whole buckets (at least one bucket). The
   * generation number carries on; the next addition starts a generation.
   */
  void allocate(int capacity) {
    int length = (int) Math.max(1, (capacity * 3L + 4 * LANES - 1) / (4 * LANES));
    if (buckets != null && buckets.length == length) {
      return;
    }
    buckets = new Slot[length][LANES];
    addedInGeneration = 0;
  }

  /**
   * Drops the table, and every record, until the next {@link #allocate}: the history's capacity grew past its
   * ring, and the table for the new capacity waits until the ring reaches it.
   */
  void release() {
    buckets = null;
  }

  /**
   * Adds a record for the hash, if the table is allocated: a live record of the same tag in its bucket is
   * renewed in place; else the record takes the slot of the highest age, where an empty or dead slot counts as
   * age 3 and ties go to the lowest slot.
   */
  void add(int hash, long stamp) {
    if (buckets == null) {
      return;
    }
    if (addedInGeneration == 0) {
      firstStampOfGeneration = stamp;
    }
    int mixed = mix(hash ^ SALT);
    Slot[] bucket = buckets[bucketOf(mixed)];
    int tag = tagOf(mixed);
    int chosen = 0;
    int oldest = -1;
    for (int lane = 0; lane < LANES; lane++) {
      int age = ageOf(bucket[lane]);
      if (age < LIVE_GENERATIONS && bucket[lane].tag() == tag) {
        chosen = lane;
        break;
      }
      if (age > oldest) {
        oldest = age;
        chosen = lane;
      }
    }
    bucket[chosen] = new Slot(tag, generation, firstStampOfGeneration);
    if (++addedInGeneration == buckets.length * LANES / (LIVE_GENERATIONS + 1)) {
      addedInGeneration = 0;
      generation++;
    }
  }

  /**
   * Removes the first live record of the hash's tag in its bucket and returns the first stamp of that
   * record's generation; returns {@link #ABSENT} if there is none.
   */
  long take(int hash) {
    if (buckets == null) {
      return ABSENT;
    }
    int mixed = mix(hash ^ SALT);
    Slot[] bucket = buckets[bucketOf(mixed)];
    int tag = tagOf(mixed);
    for (int lane = 0; lane < LANES; lane++) {
      if (ageOf(bucket[lane]) < LIVE_GENERATIONS && bucket[lane].tag() == tag) {
        long stamp = bucket[lane].firstStamp();
        bucket[lane] = null;
        return stamp;
      }
    }
    return ABSENT;
  }

  /** Generations since the slot's record was added, at most 3 (dead); 3 for an empty slot. */
  private int ageOf(Slot slot) {
    return slot == null ? LIVE_GENERATIONS : (int) Math.min(LIVE_GENERATIONS, generation - slot.generation());
  }

  /** The bucket: the mixed hash, as an unsigned fraction of 2^32, times the number of buckets. */
  private int bucketOf(int mixed) {
    return (int) (Integer.toUnsignedLong(mixed) * buckets.length >>> 32);
  }

  /** The top 14 bits of a second mix, of the mixed hash plus a constant; 1 instead of 0. */
  private static int tagOf(int mixed) {
    int tag = mix(mixed + 0x632B_E5AB) >>> TAG_SHIFT;
    return tag == 0 ? 1 : tag;
  }

  /** The 32-bit finalizer of MurmurHash3. */
  private static int mix(int value) {
    int mixed = value;
    mixed ^= mixed >>> 16;
    mixed *= 0x85EB_CA6B;
    mixed ^= mixed >>> 13;
    mixed *= 0xC2B2_AE35;
    mixed ^= mixed >>> 16;
    return mixed;
  }
}
