package io.github.clockpro.offheap;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.function.IntConsumer;
import java.util.zip.CRC32C;

/**
 * One segment's index: an open-addressing table with linear probing, in a direct buffer outside the heap. Each
 * slot is one word of 8 bytes, followed in a cache with expiry by the entry's deadline (8 bytes more):
 *
 * <pre>
 * bits 61-63  kind: {@link #EMPTY}, {@link #TOMBSTONE}, {@link #COLD}, {@link #HOT} or {@link #NON_RESIDENT}
 * bit  60     referenced since the hand last passed the entry
 * bits 32-59  tag: the low 28 bits of the key's hash, so that a table of up to 2^28 slots places a slot from its
 *             word alone, and most slots of other keys are passed without reading their entry
 * bits 0-31   a resident entry's offset in the ring; a non-resident key's ring position when it was evicted
 * </pre>
 *
 * <p>Concurrency: the segment's writer changes slots under its write lock, with opaque stores, so that an optimistic
 * reader reads each word whole (never torn) and then validates the lock's stamp. Readers set {@link #REFERENCED}
 * with a compare-and-set against the word they read, which fails harmlessly if a writer changed it; a writer's
 * store may in turn erase a concurrent reader's bit, which only costs the entry one reference (benign).
 * Accessors are named by access mode: {@code ...Opaque}, {@code compareAndSet...}.
 *
 * <p>The table is dense: any number of slots, a key's home slot the tag's mixed bits scaled to the capacity, and
 * {@link Segment} grows it only when live slots and tombstones pass {@link #CROWDED_PERCENT} of it, into a new one
 * of {@link #GROWTH_PERCENT} of its live slots and of the words the writes of its migration may add, migrated a
 * few slots per write. A removal from the current table empties the slot and shifts the rest of its probe run
 * back into the gap (Knuth's algorithm R for linear probing), so that a full cache's churn leaves no tombstones
 * and never rebuilds the table: a writer moves words only under the write lock, and an optimistic reader that
 * raced such a move fails its stamp's validation and looks again under the read lock. Tombstones remain where
 * slots must not move: in a table being migrated, and where a sweep removes, as it walks a range of hash order
 * under one lock hold.
 */
final class IndexTable {

  static final int EMPTY = 0;
  static final int TOMBSTONE = 1;
  static final int COLD = 2;
  static final int HOT = 3;
  static final int NON_RESIDENT = 4;

  static final long REFERENCED = 1L << 60;
  static final int TAG_MASK = 0x0FFFFFFF;
  private static final int KIND_SHIFT = 61;
  private static final int TAG_SHIFT = 32;

  /** The largest table: the tag must cover every bit of a slot's home. */
  static final int MAXIMUM_CAPACITY = 1 << 28;
  /** The end of hash order ({@link #hashOrder}), exclusive. */
  static final int HASH_ORDER_END = 1 << 28;
  /** The smallest table. */
  static final int MINIMUM_CAPACITY = 64;
  /**
   * Live slots and tombstones past this share of the table make it crowded. Linear probing at this load takes
   * about 1 + 1/(2(1 - 0.85)) = 4.3 probes to find a key and 1 + 1/(2(1 - 0.85)^2) = 23 to miss one (Knuth), the
   * words of a miss lying mostly in three or four cache lines.
   */
  static final int CROWDED_PERCENT = 85;
  /** A new table has this share of the live slots: a load of 0.71 when it starts. */
  static final int GROWTH_PERCENT = 140;
  /** Spreads the tag's bits over the ones that choose the home slot (an odd multiplier: a bijection mod 2^28). */
  private static final int HOME_MIX = 0x9E3779B1;

  private static final VarHandle WORDS = MethodHandles.byteBufferViewVarHandle(long[].class,
      ByteOrder.nativeOrder());

  private final ByteBuffer slots;
  final int capacity;
  private final int stride;

  /** Slots that are not {@link #EMPTY}, tombstones included. Written by the segment's writer under its lock. */
  int filled;

  IndexTable(int capacity, boolean deadlines) {
    if (!validCapacity(capacity)) {
      throw new IllegalArgumentException("capacity must be from " + MINIMUM_CAPACITY + " to 2^28 but was "
          + capacity);
    }
    this.capacity = capacity;
    this.stride = deadlines ? 2 * Long.BYTES : Long.BYTES;
    this.slots = Regions.anonymous((long) capacity * stride);
  }

  static int kind(long word) {
    return (int) (word >>> KIND_SHIFT);
  }

  static int tag(long word) {
    return (int) (word >>> TAG_SHIFT) & TAG_MASK;
  }

  static int offset(long word) {
    return (int) word;
  }

  static boolean isResident(long word) {
    int kind = kind(word);
    return kind == COLD || kind == HOT;
  }

  static long word(int kind, int hash, int offset) {
    return ((long) kind << KIND_SHIFT) | ((long) (hash & TAG_MASK) << TAG_SHIFT) | (offset & 0xFFFFFFFFL);
  }

  static long withKind(long word, int kind) {
    return (word & ~(7L << KIND_SHIFT)) | ((long) kind << KIND_SHIFT);
  }

  static long withOffset(long word, int offset) {
    return (word & ~0xFFFFFFFFL) | (offset & 0xFFFFFFFFL);
  }

  static boolean validCapacity(int capacity) {
    return capacity >= MINIMUM_CAPACITY && capacity <= MAXIMUM_CAPACITY;
  }

  /** {@return the capacity of a new table for this many live slots} */
  static int capacityFor(int live) {
    long wanted = Math.max(MINIMUM_CAPACITY, (long) live * GROWTH_PERCENT / 100);
    return (int) Math.min(MAXIMUM_CAPACITY, wanted);
  }

  /**
   * {@return a key's place in hash order, from 0 to {@link #HASH_ORDER_END}: its tag's mixed bits, which
   * {@link #home} scales to the capacity, so that a key earlier in hash order has its home no later, in every table}
   */
  static int hashOrder(int hash) {
    return (hash * HOME_MIX) & TAG_MASK;
  }

  /** {@return the slot where the probe for a key of this hash starts} */
  int home(int hash) {
    return homeOf(hashOrder(hash));
  }

  private int homeOf(int hashOrder) {
    return (int) (((long) hashOrder * capacity) >>> 28);
  }

  /** {@return the slot after this one, wrapping around} */
  int next(int slot) {
    return slot + 1 == capacity ? 0 : slot + 1;
  }

  long wordOpaque(int slot) {
    return (long) WORDS.getOpaque(slots, slot * stride);
  }

  void setWordOpaque(int slot, long word) {
    WORDS.setOpaque(slots, slot * stride, word);
  }

  boolean compareAndSetWord(int slot, long expected, long word) {
    return WORDS.compareAndSet(slots, slot * stride, expected, word);
  }

  long deadlineOpaque(int slot) {
    return (long) WORDS.getOpaque(slots, slot * stride + Long.BYTES);
  }

  void setDeadlineOpaque(int slot, long deadline) {
    WORDS.setOpaque(slots, slot * stride + Long.BYTES, deadline);
  }

  boolean hasDeadlines() {
    return stride > Long.BYTES;
  }

  /** {@return the bytes this table takes outside the heap} */
  long bytes() {
    return (long) capacity * stride;
  }

  /**
   * Claims a slot for a new word: the first empty slot or tombstone from the hash's home. The caller holds the
   * write lock and then stores the word.
   *
   * @return the slot, or -1 if the table is full
   */
  int claim(int hash) {
    int slot = home(hash);
    for (int probe = 0; probe < capacity; probe++) {
      int kind = kind(wordOpaque(slot));
      if (kind == EMPTY) {
        filled++;
        return slot;
      }
      if (kind == TOMBSTONE) {
        return slot;
      }
      slot = next(slot);
    }
    return -1;
  }

  /**
   * Empties a slot of the table and shifts the rest of its probe run back, each word to the first gap at or after
   * its home, so that no lookup needs a tombstone to probe past it (up to a tombstone in the run, where it leaves
   * one). The caller holds the write lock, and no slot
   * number of this table that it holds is valid afterwards.
   */
  void vacate(int slot) {
    int gap = slot;
    int probe = slot;
    while (true) {
      probe = next(probe);
      long word = wordOpaque(probe);
      int kind = kind(word);
      if (kind == EMPTY) {
        break;
      }
      if (kind == TOMBSTONE) {
        // A sweep's tombstone ends the shifting: the words after it may need it to be probed past, and so may
        // the gap; the gap becomes a tombstone too, as the table rebuilt when crowded clears them all.
        setWordOpaque(gap, word(TOMBSTONE, 0, 0));
        return;
      }
      int home = home(tag(word));
      boolean staysPut = gap <= probe ? gap < home && home <= probe : gap < home || home <= probe;
      if (!staysPut) {
        if (stride > Long.BYTES) {
          setDeadlineOpaque(gap, deadlineOpaque(probe));
        }
        setWordOpaque(gap, word);
        gap = probe;
      }
    }
    setWordOpaque(gap, word(EMPTY, 0, 0));
    filled--;
  }

  /**
   * Passes the slot of every resident word whose key's hash order lies from {@code from} (inclusive) to
   * {@code to} (exclusive) to the action, whatever slots removals and growth have moved words to: linear probing
   * keeps each word between its home and the first empty slot after it, so they all lie from the home of
   * {@code from} to the first empty slot after the home of {@code to - 1}. The caller holds the lock, shared or
   * exclusive.
   */
  void forEachResidentInHashOrder(int from, int to, IntConsumer action) {
    int first = homeOf(from);
    int homes = homeOf(to - 1) - first;
    int slot = first;
    for (int step = 0; step < capacity; step++) {
      long word = wordOpaque(slot);
      if (kind(word) == EMPTY && step >= homes) {
        return;
      }
      if (isResident(word)) {
        int order = hashOrder(tag(word));
        if (order >= from && order < to) {
          action.accept(slot);
        }
      }
      slot = next(slot);
    }
  }

  /** {@return the CRC32C of every slot's bytes} */
  int checksum() {
    CRC32C crc = new CRC32C();
    crc.update(slots.duplicate().clear());
    return (int) crc.getValue();
  }

  /** Writes every slot's bytes to the channel from the position; the caller holds the write lock. */
  void writeTo(FileChannel channel, long position) throws IOException {
    ByteBuffer bytes = slots.duplicate().clear();
    while (bytes.hasRemaining()) {
      position += channel.write(bytes, position);
    }
  }

  /**
   * Reads a table that {@link #writeTo} wrote.
   *
   * @param filled the table's {@link #filled} when it was written
   * @return the table, or null if the channel ends before all its slots
   */
  static IndexTable readFrom(FileChannel channel, long position, int capacity, boolean deadlines, int filled)
      throws IOException {
    IndexTable table = new IndexTable(capacity, deadlines);
    ByteBuffer bytes = table.slots.duplicate().clear();
    while (bytes.hasRemaining()) {
      int read = channel.read(bytes, position);
      if (read < 0) {
        return null;
      }
      position += read;
    }
    table.filled = filled;
    return table;
  }

  /** {@return whether tombstones and live slots together fill more than {@link #CROWDED_PERCENT} of the table} */
  boolean crowded() {
    return filled > (long) capacity * CROWDED_PERCENT / 100;
  }
}
