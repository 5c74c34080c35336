package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PersistenceTest {

  private static final long BYTES = 4L << 20;
  /** Makes entries of about 130 bytes, so that 45,000 of them overfill the cache by a half. */
  private static final String PADDING = "-".repeat(100);

  @TempDir
  Path directory;

  private OffHeapCache<Long, String> open() {
    return OffHeapCache.builder(Serializer.longs(), Serializer.string()).maximumBytes(BYTES).persistTo(directory)
        .build();
  }

  @Test
  void shouldServeEntriesAgainAfterReopening() {
    try (OffHeapCache<Long, String> cache = open()) {
      for (long key = 0; key < 10_000; key++) {
        cache.put(key, "value-" + key);
      }
      cache.put(5L, "replaced");
      cache.invalidate(6L);
    }
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals(9_999, cache.size());
      assertEquals("replaced", cache.getIfPresent(5L));
      assertNull(cache.getIfPresent(6L));
      for (long key = 7; key < 10_000; key++) {
        assertEquals("value-" + key, cache.getIfPresent(key));
      }
      cache.put(20_000L, "new");
    }
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals("new", cache.getIfPresent(20_000L));
    }
  }

  /**
   * A small cache that has evicted and replaced entries serves, after reopening, exactly what it served before its
   * close, the newest puts included: adopting the index after a clean close, and scanning the ring without it.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void shouldServeASmallCachesNewestPutsAfterReopening(boolean withoutIndex) throws IOException {
    long bytes = 16 << 10;
    int keys = 500;
    Map<Long, String> before = new HashMap<>();
    SplittableRandom random = new SplittableRandom(7);
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(bytes).persistTo(directory).build()) {
      for (int put = 0; put < 3 * keys; put++) {
        cache.put((long) random.nextInt(keys), "value-" + put + "-".repeat(random.nextInt(40)));
        cache.getIfPresent((long) random.nextInt(keys));
      }
      for (long key = 0; key < keys; key++) {
        String value = cache.getIfPresent(key);
        if (value != null) {
          before.put(key, value);
        }
      }
    }
    if (withoutIndex) {
      try (var files = Files.list(directory)) {
        for (Path file : files.filter(file -> file.toString().endsWith(".index")).toList()) {
          Files.delete(file);
        }
      }
    }
    Map<Long, String> after = new HashMap<>();
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(bytes).persistTo(directory).build()) {
      for (long key = 0; key < keys; key++) {
        String value = cache.getIfPresent(key);
        if (value != null) {
          after.put(key, value);
        }
      }
    }
    assertTrue(before.size() > 50, "the cache held " + before.size());
    assertEquals(before, after);
  }

  /**
   * Fills the cache past its capacity while reading a small set of keys, so that some entries are hot.
   *
   * @return the cache's contents among the keys read
   */
  private static Map<Long, String> fillWithHotEntries(OffHeapCache<Long, String> cache) {
    for (long key = 0; key < 45_000; key++) {
      cache.put(key, "value-" + key + PADDING);
      cache.getIfPresent(key % 1000);
    }
    return readKeys(cache);
  }

  private static Map<Long, String> readKeys(OffHeapCache<Long, String> cache) {
    Map<Long, String> found = new HashMap<>();
    for (long key = 0; key < 1000; key++) {
      String value = cache.getIfPresent(key);
      if (value != null) {
        found.put(key, value);
      }
    }
    return found;
  }

  @Test
  void shouldAdoptTheIndexOfACleanCloseWithItsHotEntries() {
    long size;
    int hot;
    Map<Long, String> found;
    try (OffHeapCache<Long, String> cache = open()) {
      found = fillWithHotEntries(cache);
      assertTrue(found.size() > 500, found.size() + " of the keys read are cached");
      size = cache.estimatedSize();
      hot = cache.policy().hotSize();
      assertTrue(hot > 0);
    }
    assertTrue(Files.exists(IndexFile.pathOf(SegmentFile.pathOf(directory, 0))));
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals(size, cache.estimatedSize());
      assertEquals(hot, cache.policy().hotSize(), "a scan would have made every entry cold");
      assertEquals(found, readKeys(cache));
    }
  }

  @Test
  void shouldClearTheCleanMarkOnFirstUseSoThatACrashLeadsToTheScan() throws IOException {
    try (OffHeapCache<Long, String> cache = open()) {
      fillWithHotEntries(cache);
    }
    Path file = SegmentFile.pathOf(directory, 0);
    assertTrue(readLong(file, 80) != 0);
    try (OffHeapCache<Long, String> cache = open()) {
      cache.estimatedSize();
      for (int segment = 0; segment < 4; segment++) {
        assertEquals(0, readLong(SegmentFile.pathOf(directory, segment), 80));
      }
    }
    assertTrue(readLong(file, 80) != 0);
  }

  @Test
  void shouldScanTheRingWhenTheCleanMarkIsMissingOrTheIndexFileIsDamaged() throws IOException {
    long size;
    Map<Long, String> found;
    try (OffHeapCache<Long, String> cache = open()) {
      found = fillWithHotEntries(cache);
      size = cache.estimatedSize();
    }
    for (int segment = 0; segment < 4; segment++) {
      if (segment % 2 == 0) {
        overwriteLong(SegmentFile.pathOf(directory, segment), 80, 0);
      } else {
        overwriteLong(IndexFile.pathOf(SegmentFile.pathOf(directory, segment)), 200, 12345);
      }
    }
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals(size, cache.estimatedSize());
      assertEquals(0, cache.policy().hotSize(), "a scan makes every entry cold");
      assertEquals(found, readKeys(cache));
    }
  }

  @Test
  void shouldKeepTheFilesOfSegmentsNeverUsedAfterReopening() throws IOException {
    Map<Long, String> found;
    try (OffHeapCache<Long, String> cache = open()) {
      found = fillWithHotEntries(cache);
    }
    long mark = readLong(SegmentFile.pathOf(directory, 0), 80);
    open().close();
    assertEquals(mark, readLong(SegmentFile.pathOf(directory, 0), 80));
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals(found, readKeys(cache));
    }
  }

  @Test
  void shouldRefuseASecondCacheOnTheSameDirectory() {
    try (OffHeapCache<Long, String> cache = open()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, this::open);
      assertTrue(e.getMessage().contains("in use"), e.getMessage());
    }
    open().close();
  }

  @Test
  void shouldRefuseAnotherMaximumClearly() {
    open().close();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> OffHeapCache.builder(Serializer.longs(), Serializer.string()).maximumBytes(BYTES * 2)
            .persistTo(directory).build());
    assertTrue(e.getMessage().contains("maximumBytes"), e.getMessage());
    open().close();
  }

  /** A segment file of the format before the dense index (version 1), or of a later one, is refused. */
  @ParameterizedTest
  @ValueSource(ints = {SegmentFile.VERSION - 1, SegmentFile.VERSION + 1})
  void shouldRefuseAnotherFormatVersionClearly(int version) throws IOException {
    open().close();
    overwriteInt(SegmentFile.pathOf(directory, 0), 8, version);
    fixHeaderChecksum(SegmentFile.pathOf(directory, 0));
    IllegalStateException e = assertThrows(IllegalStateException.class, this::open);
    assertTrue(e.getMessage().contains("format version " + version), e.getMessage());
  }

  /**
   * An index file of the format before the dense index, whose slots the dense table would misplace, is not adopted:
   * the segment rebuilds its index from the ring and serves every entry.
   */
  @Test
  void shouldRebuildTheIndexInsteadOfAdoptingAnOlderFormat() throws IOException {
    long size;
    Map<Long, String> found;
    try (OffHeapCache<Long, String> cache = open()) {
      found = fillWithHotEntries(cache);
      size = cache.estimatedSize();
      assertTrue(cache.policy().hotSize() > 0);
    }
    for (int segment = 0; segment < SegmentedCache.segmentCount(BYTES); segment++) {
      Path index = IndexFile.pathOf(SegmentFile.pathOf(directory, segment));
      overwriteInt(index, 8, SegmentFile.VERSION - 1);
      fixChecksum(index, 92);
    }
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals(size, cache.estimatedSize());
      assertEquals(0, cache.policy().hotSize(), "a scan makes every entry cold");
      assertEquals(found, readKeys(cache));
    }
  }

  @Test
  void shouldRefuseACorruptHeaderClearly() throws IOException {
    open().close();
    overwriteInt(SegmentFile.pathOf(directory, 1), 20, 12345);
    IllegalStateException e = assertThrows(IllegalStateException.class, this::open);
    assertTrue(e.getMessage().contains("checksum"), e.getMessage());
  }

  @Test
  void shouldNeverServeAnEntryWhoseBytesWereDamaged() throws IOException {
    try (OffHeapCache<Long, String> cache = open()) {
      for (long key = 0; key < 1000; key++) {
        cache.put(key, "value-" + key);
      }
    }
    // Flip a byte of the value of some entry in the middle of segment 0's ring.
    Path file = SegmentFile.pathOf(directory, 0);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      long position = SegmentFile.HEADER_BYTES + 200;
      channel.read(one, position);
      one.flip();
      byte flipped = (byte) (one.get() ^ 0x5A);
      channel.write(ByteBuffer.wrap(new byte[] {flipped}), position);
    }
    try (OffHeapCache<Long, String> cache = open()) {
      for (long key = 0; key < 1000; key++) {
        String value = cache.getIfPresent(key);
        assertTrue(value == null || value.equals("value-" + key), value);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {FLAGS_TO_DEAD, FLAGS_TO_PADDING, KEY_LENGTH, VALUE_BYTE})
  void shouldNeverServeADamagedAdoptedEntryNorLetTheHandTrustIt(int damage) throws IOException {
    try (OffHeapCache<Long, String> cache = open()) {
      fillWithHotEntries(cache);
    }
    Path file = SegmentFile.pathOf(directory, 0);
    long entry = entryAfterHead(file, 100);
    long position = switch (damage) {
      case FLAGS_TO_DEAD, FLAGS_TO_PADDING -> entry;
      case KEY_LENGTH -> entry + 1;
      default -> entry + 40;
    };
    byte value = switch (damage) {
      case FLAGS_TO_DEAD -> 2;
      case FLAGS_TO_PADDING -> 1;
      default -> (byte) (readByte(file, position) ^ 0x5A);
    };
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(new byte[] {value}), position);
    }
    for (int round = 0; round < 2; round++) {
      try (OffHeapCache<Long, String> cache = open()) {
        assertWholeOrAbsent(cache, 0, 45_000);
        // Enough writes for the hand to pass the damaged entry, about 100 entries after segment 0's head.
        for (long key = 100_000; key < 110_000; key++) {
          cache.put(key, "value-" + key + PADDING);
        }
        assertWholeOrAbsent(cache, 0, 45_000);
        assertWholeOrAbsent(cache, 100_000, 110_000);
        assertTrue(cache.policy().weightedSize().getAsLong() <= BYTES);
      }
    }
  }

  /**
   * A put of a value of the same size rewrites its entry in place; a crash that tore such a rewrite leaves an entry
   * whose checksum fails but whose lengths, key and hash are intact. The scan after the crash drops that entry and
   * goes on to restore every entry after it.
   */
  @Test
  void shouldDropATornRewriteAndKeepTheEntriesAfterIt() throws IOException {
    Map<Long, String> written = new HashMap<>();
    try (OffHeapCache<Long, String> cache = open()) {
      for (long key = 0; key < 1000; key++) {
        cache.put(key, "value-" + key + PADDING);
      }
      for (long key = 0; key < 1000; key++) {
        String value = "VALUE-" + key + PADDING;
        cache.put(key, value);
        written.put(key, value);
      }
      assertEquals(1000, cache.estimatedSize());
    }
    Path file = SegmentFile.pathOf(directory, 0);
    overwriteLong(file, 80, 0); // no clean mark: the reopened segment scans its ring, as after a crash
    long entry = entryAfterHead(file, 10);
    long lastValueByte = entry + 15 + Short.toUnsignedInt((short) readInt(file, entry + 1)) + readInt(file, entry + 3)
        - 1;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(new byte[] {(byte) (readByte(file, lastValueByte) ^ 0x5A)}), lastValueByte);
    }
    try (OffHeapCache<Long, String> cache = open()) {
      assertEquals(999, cache.estimatedSize());
      Map<Long, String> served = new HashMap<>();
      for (long key = 0; key < 1000; key++) {
        String value = cache.getIfPresent(key);
        if (value != null) {
          served.put(key, value);
        }
      }
      assertEquals(999, served.size());
      written.keySet().retainAll(served.keySet());
      assertEquals(written, served);
    }
  }

  private static final int FLAGS_TO_DEAD = 0;
  private static final int FLAGS_TO_PADDING = 1;
  private static final int KEY_LENGTH = 2;
  private static final int VALUE_BYTE = 3;

  private static void assertWholeOrAbsent(OffHeapCache<Long, String> cache, long from, long to) {
    for (long key = from; key < to; key++) {
      String value = cache.getIfPresent(key);
      assertTrue(value == null || value.equals("value-" + key + PADDING), value);
    }
  }

  /** {@return the file position of the entry this many entries after the head of the segment's ring} */
  private static long entryAfterHead(Path file, int entries) throws IOException {
    long capacity = Files.size(file) - SegmentFile.HEADER_BYTES;
    long offset = readLong(file, 48) % capacity;
    for (int entry = 0; entry < entries; entry++) {
      if (readByte(file, SegmentFile.HEADER_BYTES + offset) == 1) {
        offset = 0;
      }
      int keyLength = Short.toUnsignedInt((short) readInt(file, SegmentFile.HEADER_BYTES + offset + 1));
      int valueLength = readInt(file, SegmentFile.HEADER_BYTES + offset + 3);
      offset += 15 + keyLength + valueLength;
    }
    return SegmentFile.HEADER_BYTES + offset;
  }

  private static byte readByte(Path file, long position) throws IOException {
    return (byte) readLong(file, position);
  }

  private static int readInt(Path file, long position) throws IOException {
    return (int) readLong(file, position);
  }

  @Test
  void shouldContinueTheCachesTimeAcrossReopening() {
    AtomicLong time = new AtomicLong(1_000_000_000_000L);
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(BYTES).persistTo(directory).expireAfterWrite(Duration.ofHours(1)).ticker(time::get).build()) {
      cache.put(1L, "one");
    }
    AtomicLong otherClock = new AtomicLong(-5);
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(BYTES).persistTo(directory).expireAfterWrite(Duration.ofHours(1)).ticker(otherClock::get)
        .build()) {
      assertEquals("one", cache.getIfPresent(1L));
      otherClock.addAndGet(Duration.ofHours(1).toNanos());
      assertNull(cache.getIfPresent(1L));
    }
    IllegalStateException e = assertThrows(IllegalStateException.class, this::open);
    assertTrue(e.getMessage().contains("expiry"), e.getMessage());
  }

  private static long readLong(Path file, long position) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer bytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      channel.read(bytes, position);
      return bytes.getLong(0);
    }
  }

  private static void overwriteLong(Path file, long position, long value) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value), position);
    }
  }

  private static void overwriteInt(Path file, long position, int value) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value), position);
    }
  }

  private static void fixHeaderChecksum(Path file) throws IOException {
    fixChecksum(file, 44);
  }

  /** Writes at {@code position} the CRC32C of the file's bytes before it. */
  private static void fixChecksum(Path file, int position) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer fixed = ByteBuffer.allocate(position);
      channel.read(fixed, 0);
      fixed.flip();
      java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
      crc.update(fixed);
      overwriteInt(file, position, (int) crc.getValue());
    }
  }
}
