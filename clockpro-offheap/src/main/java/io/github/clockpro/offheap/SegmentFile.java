package io.github.clockpro.offheap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The file of one persisted segment: a header page, then the ring, both mapped shared so that every store reaches
 * the file even if the process is killed. The header, little-endian:
 *
 * <pre>
 *  0  8  magic "CLKPROOH"
 *  8  4  format version ({@link #VERSION})
 * 12  4  segment count          16  4  segment index        20  4  ring capacity in bytes
 * 24  8  the cache's maximumBytes                           32  8  hash seed
 * 40  1  1 if entries carry a deadline
 * 44  4  CRC32C of bytes 0 to 43
 * 48  8  head: the ring position of the oldest entry        56  8  tail: where the next entry goes
 * 64  8  the cache's time when it was last opened           72  8  wall-clock nanoseconds then
 * 80  8  clean mark: the generation of the {@link IndexFile} the last clean close wrote, or 0
 * </pre>
 *
 * The fixed part is checked at open; head and tail are published by the segment's writer with plain stores under
 * its write lock, head before any write that could overwrite the entries it freed, tail after the entry it covers
 * is complete, so that the entries between them are always whole (a process killed mid-write leaves its last
 * entry beyond the published tail).
 */
final class SegmentFile {

  static final int VERSION = 2;
  static final int HEADER_BYTES = 4096;

  private static final long MAGIC_VALUE = 0x484F4F52504B4C43L; // "CLKPROOH" little-endian
  private static final int FIXED_BYTES = 44;
  private static final int CHECKSUM = 44;
  private static final int HEAD = 48;
  private static final int TAIL = 56;
  private static final int TIME = 64;
  private static final int WALL = 72;
  private static final int CLEAN = 80;

  final Path path;
  private final MappedByteBuffer header;
  final MappedByteBuffer ring;
  final boolean existed;

  private SegmentFile(Path path, MappedByteBuffer header, MappedByteBuffer ring, boolean existed) {
    this.path = path;
    this.header = header;
    this.ring = ring;
    this.existed = existed;
  }

  static Path pathOf(Path directory, int index) {
    return directory.resolve(String.format("segment-%03d.data", index));
  }

  /**
   * Opens or creates the file of one segment.
   *
   * @param seed the seed to record in a new file
   * @throws IllegalStateException if an existing file is of another version or other settings, or corrupt
   */
  static SegmentFile open(Path path, int segmentCount, int index, int capacity, long maximumBytes, long seed,
      boolean expires) {
    try {
      boolean existed = Files.exists(path);
      try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE)) {
        long size = (long) HEADER_BYTES + capacity;
        if (existed && channel.size() != size) {
          throw new IllegalStateException(path + " is " + channel.size() + " bytes, but a segment of this cache"
              + " takes " + size + ": it was written with another maximumBytes, or is damaged; delete the"
              + " directory to start empty");
        }
        if (!existed) {
          channel.write(ByteBuffer.allocate(1), size - 1);
        }
        MappedByteBuffer header = Regions.shared(channel, 0, HEADER_BYTES);
        header.order(EntryLayout.ORDER);
        MappedByteBuffer ring = Regions.shared(channel, HEADER_BYTES, capacity);
        ring.order(EntryLayout.ORDER);
        SegmentFile file = new SegmentFile(path, header, ring, existed);
        if (existed) {
          file.check(segmentCount, index, capacity, maximumBytes, expires);
        } else {
          file.initialize(segmentCount, index, capacity, maximumBytes, seed, expires);
        }
        return file;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not open " + path, e);
    }
  }

  private void initialize(int segmentCount, int index, int capacity, long maximumBytes, long seed,
      boolean expires) {
    header.putLong(0, MAGIC_VALUE);
    header.putInt(8, VERSION);
    header.putInt(12, segmentCount);
    header.putInt(16, index);
    header.putInt(20, capacity);
    header.putLong(24, maximumBytes);
    header.putLong(32, seed);
    header.put(40, (byte) (expires ? 1 : 0));
    header.putInt(CHECKSUM, fixedChecksum());
    header.putLong(HEAD, 0);
    header.putLong(TAIL, 0);
  }

  private void check(int segmentCount, int index, int capacity, long maximumBytes, boolean expires) {
    if (header.getLong(0) != MAGIC_VALUE) {
      throw corrupt("it does not start with the header of a clockpro off-heap cache");
    }
    if (header.getInt(CHECKSUM) != fixedChecksum()) {
      throw corrupt("its header's checksum does not match");
    }
    int version = header.getInt(8);
    if (version != VERSION) {
      throw new IllegalStateException(path + " was written in format version " + version + ", but this version of"
          + " clockpro-offheap reads only version " + VERSION + "; delete the directory to start empty");
    }
    if (header.getInt(12) != segmentCount || header.getInt(16) != index || header.getInt(20) != capacity
        || header.getLong(24) != maximumBytes) {
      throw new IllegalStateException(path + " belongs to a cache built with maximumBytes " + header.getLong(24)
          + ", not " + maximumBytes + "; build with the same maximum, or delete the directory to start empty");
    }
    if ((header.get(40) == 1) != expires) {
      throw new IllegalStateException(path + " belongs to a cache built " + (expires ? "without" : "with")
          + " expiry; build with the same kind of expiry, or delete the directory to start empty");
    }
    long head = head();
    long tail = tail();
    if (head < 0 || tail < head || tail - head > capacity) {
      throw corrupt("its ring positions are out of range (head " + head + ", tail " + tail + ")");
    }
  }

  private IllegalStateException corrupt(String reason) {
    return new IllegalStateException(path + " cannot be read as a cache segment: " + reason + "; delete the"
        + " directory to start empty");
  }

  private int fixedChecksum() {
    CRC32C crc = new CRC32C();
    crc.update(header.duplicate().position(0).limit(FIXED_BYTES));
    return (int) crc.getValue();
  }

  long seed() {
    return header.getLong(32);
  }

  long head() {
    return header.getLong(HEAD);
  }

  long tail() {
    return header.getLong(TAIL);
  }

  void publishHead(long head) {
    header.putLong(HEAD, head);
  }

  void publishTail(long tail) {
    header.putLong(TAIL, tail);
  }

  /** {@return the cache time now, continuing the time of the previous open by the wall-clock time since} */
  long continuedTime(long wallNanos) {
    long time = header.getLong(TIME);
    long wall = header.getLong(WALL);
    if (wall == 0) {
      return 0;
    }
    return time + Math.max(0, wallNanos - wall);
  }

  void recordOpen(long time, long wallNanos) {
    header.putLong(TIME, time);
    header.putLong(WALL, wallNanos);
  }

  /** {@return the generation of the index file a clean close left, or 0 if the segment was not closed cleanly} */
  long cleanGeneration() {
    return header.getLong(CLEAN);
  }

  /** Sets or clears the clean mark, and forces the header to the device. */
  void markClean(long generation) {
    header.putLong(CLEAN, generation);
    header.force();
  }

  /** Writes the mapped pages to the file. */
  void force() {
    header.force();
    ring.force();
  }
}
