package io.github.clockpro.bench.offheap;

import io.github.clockpro.offheap.OffHeapCache;
import io.github.clockpro.offheap.Serializer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The time from building a persisted cache on a directory that holds a full cache to serving its hits: fills a
 * cache of the given bytes with 512-byte values, closes it, then times the build (which rebuilds the index by
 * scanning and checking the files) and the first read that hits, and counts the entries served.
 */
final class OffHeapReopen {

  private OffHeapReopen() {}

  static void run(Path directory, long capacityBytes, PrintStream out) {
    byte[] value = new byte[512];
    long keys = capacityBytes / (value.length + Long.BYTES + 15);
    long start = System.nanoTime();
    try (OffHeapCache<Long, byte[]> cache = open(directory, capacityBytes)) {
      for (long key = 0; key < keys; key++) {
        cache.put(key, value);
      }
    }
    long filled = System.nanoTime();
    long opened;
    long firstHit;
    long served = 0;
    try (OffHeapCache<Long, byte[]> cache = open(directory, capacityBytes)) {
      opened = System.nanoTime();
      long key = keys - 1;
      while (cache.getIfPresent(key) == null) {
        key--;
      }
      firstHit = System.nanoTime();
      for (long probe = 0; probe < keys; probe += 97) {
        served += cache.getIfPresent(probe) == null ? 0 : 1;
      }
      out.println(String.format(Locale.ROOT, "| %,d | %,d | %.2f s | %.3f s | %.3f s | %.1f%% |", capacityBytes,
          cache.size(), (filled - start) / 1e9, (opened - filled) / 1e9, (firstHit - filled) / 1e9,
          100.0 * served / ((keys + 96) / 97)));
    }
  }

  private static OffHeapCache<Long, byte[]> open(Path directory, long capacityBytes) {
    return OffHeapCache.builder(Serializer.longs(), Serializer.bytes()).maximumBytes(capacityBytes)
        .persistTo(directory).build();
  }
}
