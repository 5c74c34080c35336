package io.github.clockpro.offheap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * A persisted segment's index as its last clean {@code close()} left it, so that reopening adopts it instead of
 * rebuilding it by scanning the ring. A file {@code segment-NNN.index} beside the segment's file, little-endian:
 *
 * <pre>
 *  0  8  magic "CLKPROIX"                 8  4  format version ({@link SegmentFile#VERSION})
 * 12  4  table capacity in slots         16  4  slots filled (live and tombstones)
 * 20  1  1 if slots carry a deadline     24  8  generation: the segment file's clean mark it belongs to
 * 32  8  the ring's head                 40  8  the ring's tail
 * 48  4  resident entries                52  4  hot entries             56  4  non-resident keys
 * 64  8  resident bytes                  72  8  hot bytes
 * 80  8  the position of the padding between head and tail, or -1
 * 88  4  CRC32C of the table's slots     92  4  CRC32C of bytes 0 to 91
 * 96     the table's slots
 * </pre>
 *
 * The file counts only while the segment file's header carries its generation as the clean mark: close writes
 * and forces this file, then sets the mark; an open reads the file and clears the mark before anything else is
 * written, so that after a crash the mark is absent and the ring is scanned. A file that is missing, of another
 * generation, head or tail, or whose checksums fail is ignored ({@link #read} returns null).
 */
final class IndexFile {

  private static final long MAGIC_VALUE = 0x58494F52504B4C43L; // "CLKPROIX" little-endian
  private static final int HEADER_BYTES = 96;
  private static final int CHECKED_BYTES = 92;

  /** An adopted index and the segment's sizes that go with it. */
  record Snapshot(IndexTable table, int residentCount, int hotCount, int historyCount, long residentBytes,
      long hotBytes, long paddingPosition) {}

  private IndexFile() {}

  static Path pathOf(Path segmentFile) {
    String name = segmentFile.getFileName().toString();
    return segmentFile.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".index");
  }

  /**
   * Writes the snapshot and forces it to the device.
   *
   * @throws UncheckedIOException if writing failed (the clean mark must then not be set)
   */
  static void write(Path path, long generation, long head, long tail, Snapshot snapshot) {
    IndexTable table = snapshot.table();
    ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(EntryLayout.ORDER);
    header.putLong(0, MAGIC_VALUE);
    header.putInt(8, SegmentFile.VERSION);
    header.putInt(12, table.capacity);
    header.putInt(16, table.filled);
    header.put(20, (byte) (table.hasDeadlines() ? 1 : 0));
    header.putLong(24, generation);
    header.putLong(32, head);
    header.putLong(40, tail);
    header.putInt(48, snapshot.residentCount());
    header.putInt(52, snapshot.hotCount());
    header.putInt(56, snapshot.historyCount());
    header.putLong(64, snapshot.residentBytes());
    header.putLong(72, snapshot.hotBytes());
    header.putLong(80, snapshot.paddingPosition());
    header.putInt(88, table.checksum());
    header.putInt(CHECKED_BYTES, headerChecksum(header));
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      while (header.hasRemaining()) {
        channel.write(header, header.position());
      }
      table.writeTo(channel, HEADER_BYTES);
      channel.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + path, e);
    }
  }

  /**
   * Reads the snapshot written with this generation, head and tail.
   *
   * @return the snapshot, or null if the file is missing or unreadable, belongs to another close, or fails its
   *     checksums
   */
  static Snapshot read(Path path, long generation, long head, long tail, boolean deadlines) {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(EntryLayout.ORDER);
      while (header.hasRemaining()) {
        if (channel.read(header, header.position()) < 0) {
          return null;
        }
      }
      int capacity = header.getInt(12);
      if (header.getLong(0) != MAGIC_VALUE || header.getInt(CHECKED_BYTES) != headerChecksum(header)
          || header.getInt(8) != SegmentFile.VERSION || header.getLong(24) != generation
          || header.getLong(32) != head || header.getLong(40) != tail || (header.get(20) == 1) != deadlines
          || !IndexTable.validCapacity(capacity)
          || channel.size() != HEADER_BYTES + (long) capacity * (deadlines ? 2 : 1) * Long.BYTES) {
        return null;
      }
      IndexTable table = IndexTable.readFrom(channel, HEADER_BYTES, capacity, deadlines, header.getInt(16));
      if (table == null || table.checksum() != header.getInt(88)) {
        return null;
      }
      return new Snapshot(table, header.getInt(48), header.getInt(52), header.getInt(56), header.getLong(64),
          header.getLong(72), header.getLong(80));
    } catch (IOException unreadable) {
      // Missing or unreadable: the ring is scanned instead, which needs nothing from this file.
      return null;
    }
  }

  private static int headerChecksum(ByteBuffer header) {
    CRC32C crc = new CRC32C();
    crc.update(header.duplicate().clear().limit(CHECKED_BYTES));
    return (int) crc.getValue();
  }
}
