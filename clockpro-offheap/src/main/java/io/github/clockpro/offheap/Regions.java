package io.github.clockpro.offheap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Allocates memory outside the heap through public JDK APIs only (mapped and direct buffers, no internal
 * memory-access class), without JVM flags.
 *
 * <p>A small region is a direct buffer. A larger one is a private mapping of a sparse temporary file, deleted at
 * once: its pages are anonymous memory that the operating system allocates when first written and never writes
 * back to the file, and unlike a direct buffer it is not limited by {@code -XX:MaxDirectMemorySize} (which is the
 * heap size by default, so a 1 GiB heap could not hold an 8 GiB direct cache). Either kind is returned to the
 * operating system when the garbage collector frees the buffer: Java 17 has no supported way to unmap earlier.
 * Direct buffers stay small because a freed one may not leave the process at all: the C allocator raises its
 * threshold for mapping a block of its own to the size of the largest mapped block freed, after which such
 * blocks come from its heap, whose freed memory it keeps (an index grown through tables of up to a mebibyte each
 * left about 20 bytes per entry of freed tables in the resident set, docs/offheap.md).
 */
final class Regions {

  /** Regions up to this size are direct buffers (the C allocator's smallest threshold for mapping a block). */
  private static final long DIRECT_LIMIT = 128 << 10;

  private Regions() {}

  /**
   * Returns a zeroed region of the given size.
   *
   * @param bytes at most {@link Integer#MAX_VALUE}
   * @throws UncheckedIOException if the temporary file could not be created or mapped
   */
  static ByteBuffer anonymous(long bytes) {
    if (bytes <= DIRECT_LIMIT) {
      return ByteBuffer.allocateDirect((int) bytes);
    }
    try {
      Path file = Files.createTempFile("clockpro-offheap-", ".region");
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        channel.write(ByteBuffer.allocate(1), bytes - 1);
        return channel.map(FileChannel.MapMode.PRIVATE, 0, bytes);
      } finally {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not allocate " + bytes + " bytes outside the heap", e);
    }
  }

  /**
   * Maps the given range of a file, shared: what is written there reaches the file.
   *
   * @throws UncheckedIOException if mapping failed
   */
  static MappedByteBuffer shared(FileChannel channel, long position, long bytes) {
    try {
      return channel.map(FileChannel.MapMode.READ_WRITE, position, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("could not map " + bytes + " bytes of the cache's file", e);
    }
  }
}
