package io.github.clockpro.offheap;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
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
 * <p>Removed slots become tombstones, which lookups probe past; {@link Segment} rebuilds the table into a new one,
 * a few slots per write, when tombstones and live slots together pass three quarters of it; the new table has
 * the smallest power of two at least twice the live slots.
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

  private static final VarHandle WORDS = MethodHandles.byteBufferViewVarHandle(long[].class,
      ByteOrder.nativeOrder());

  private final ByteBuffer slots;
  final int capacity;
  final int mask;
  private final int stride;

  /** Slots that are not {@link #EMPTY}, tombstones included. Written by the segment's writer under its lock. */
  int filled;

  IndexTable(int capacity, boolean deadlines) {
    if (Integer.bitCount(capacity) != 1 || capacity > MAXIMUM_CAPACITY) {
      throw new IllegalArgumentException("capacity must be a power of two up to 2^28 but was " + capacity);
    }
    this.capacity = capacity;
    this.mask = capacity - 1;
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

  int home(int hash) {
    return hash & mask;
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
      slot = (slot + 1) & mask;
    }
    return -1;
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

  /** {@return whether tombstones and live slots together fill more than three quarters of the table} */
  boolean crowded() {
    return filled > capacity - (capacity >>> 2);
  }
}
