package io.github.clockpro.offheap;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The bytes of one entry in a segment's ring, little-endian:
 *
 * <pre>
 * offset  size  field
 *  0       1    flags: {@link #PADDING} (the rest of the ring up to its end is unused) or {@link #DEAD}
 *  1       2    key length, unsigned
 *  3       4    value length
 *  7       4    hash of the key
 * 11       4    CRC32C of bytes 1 to 10 and of everything from 15 to the end of the entry
 * 15       8    deadline in the cache's time, only in a cache with expiry
 * 15 or 23      key, then value
 * </pre>
 *
 * The flags are outside the checksum: marking an entry dead is one byte written in place. An entry never wraps
 * around the end of the ring: where the next one does not fit, a byte {@link #PADDING} marks the rest as unused
 * (when there is room for a byte at all).
 */
final class EntryLayout {

  static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

  static final byte PADDING = 1;
  static final byte DEAD = 2;

  static final int FLAGS = 0;
  static final int KEY_LENGTH = 1;
  static final int VALUE_LENGTH = 3;
  static final int HASH = 7;
  static final int CHECKSUM = 11;
  static final int DEADLINE = 15;

  /** The largest serialized key. */
  static final int MAXIMUM_KEY_LENGTH = 0xFFFF;

  /** The header size: {@link #DEADLINE} without expiry, 8 more with. */
  final int headerSize;
  final boolean expires;

  EntryLayout(boolean expires) {
    this.expires = expires;
    this.headerSize = expires ? DEADLINE + Long.BYTES : DEADLINE;
  }

  /** {@return the size of an entry with these lengths, or -1 if it would exceed an int} */
  long entrySize(int keyLength, int valueLength) {
    return (long) headerSize + keyLength + valueLength;
  }

  static int keyLength(ByteBuffer ring, int offset) {
    return Short.toUnsignedInt(ring.getShort(offset + KEY_LENGTH));
  }

  static int valueLength(ByteBuffer ring, int offset) {
    return ring.getInt(offset + VALUE_LENGTH);
  }

  static int hash(ByteBuffer ring, int offset) {
    return ring.getInt(offset + HASH);
  }

  long deadline(ByteBuffer ring, int offset) {
    return expires ? ring.getLong(offset + DEADLINE) : Lifetimes.NEVER;
  }

  int keyOffset(int offset) {
    return offset + headerSize;
  }

  /** {@return the size of the entry at the offset, from its lengths} */
  int sizeAt(ByteBuffer ring, int offset) {
    return headerSize + keyLength(ring, offset) + valueLength(ring, offset);
  }

  /**
   * Fills in the header of an entry whose key and value are already in place, with its checksum.
   *
   * @param entry a heap buffer holding exactly the entry, in {@link #ORDER}
   */
  void writeHeader(ByteBuffer entry, int keyLength, int valueLength, int hash, long deadline) {
    entry.put(FLAGS, (byte) 0);
    entry.putShort(KEY_LENGTH, (short) keyLength);
    entry.putInt(VALUE_LENGTH, valueLength);
    entry.putInt(HASH, hash);
    if (expires) {
      entry.putLong(DEADLINE, deadline);
    }
    entry.putInt(CHECKSUM, checksum(entry, 0, entry.capacity()));
  }

  /** {@return the CRC32C of the entry of this size at the offset, over the bytes the checksum covers} */
  static int checksum(ByteBuffer buffer, int offset, int size) {
    CRC32C crc = new CRC32C();
    crc.update(buffer.duplicate().limit(offset + CHECKSUM).position(offset + KEY_LENGTH));
    crc.update(buffer.duplicate().limit(offset + size).position(offset + DEADLINE));
    return (int) crc.getValue();
  }

  /** {@return whether the entry at the offset has the checksum its header records} */
  static boolean checksumHolds(ByteBuffer ring, int offset, int size) {
    return ring.getInt(offset + CHECKSUM) == checksum(ring, offset, size);
  }
}
