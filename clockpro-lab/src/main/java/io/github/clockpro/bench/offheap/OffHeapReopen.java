package io.github.clockpro.bench.offheap;

import io.github.clockpro.offheap.OffHeapCache;
import io.github.clockpro.offheap.Serializer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The time from building a persisted cache on a directory that holds a full cache to serving its hits: fills a
 * cache of the given bytes with 512-byte values and closes it, then reopens it twice: after the clean close (the
 * index files are adopted) and with the index files deleted, as after a crash (each segment's ring is scanned on
 * its first use). For each it times the build, the first read that hits, the opening of every segment (by
 * counting the entries), and the reads of a sample of every 97th key written, and counts the sampled keys served.
 */
final class OffHeapReopen {

  private OffHeapReopen() {}

  static void run(Path directory, long capacityBytes, PrintStream out) {
    byte[] value = new byte[512];
    long keys = capacityBytes / (value.length + Long.BYTES + 15);
    long start = System.nanoTime();
    long closing;
    try (OffHeapCache<Long, byte[]> cache = open(directory, capacityBytes)) {
      for (long key = 0; key < keys; key++) {
        cache.put(key, value);
      }
      closing = System.nanoTime();
    }
    long closed = System.nanoTime();
    out.println(String.format(Locale.ROOT, "filled %,d bytes in %.2f s, closed in %.3f s", capacityBytes,
        (closing - start) / 1e9, (closed - closing) / 1e9));
    out.println("| reopened after | entries | build | to first hit | to every segment open | to every sampled hit"
        + " | served |");
    out.println("|---|---:|---:|---:|---:|---:|---:|");
    reopen("a clean close", directory, capacityBytes, keys, out);
    deleteIndexFiles(directory);
    reopen("a crash (index files deleted)", directory, capacityBytes, keys, out);
  }

  private static void reopen(String after, Path directory, long capacityBytes, long keys, PrintStream out) {
    long start = System.nanoTime();
    try (OffHeapCache<Long, byte[]> cache = open(directory, capacityBytes)) {
      long opened = System.nanoTime();
      long key = keys - 1;
      while (cache.getIfPresent(key) == null) {
        key--;
      }
      long firstHit = System.nanoTime();
      long entries = cache.estimatedSize();
      long everySegment = System.nanoTime();
      long served = 0;
      for (long probe = 0; probe < keys; probe += 97) {
        served += cache.getIfPresent(probe) == null ? 0 : 1;
      }
      long sampled = System.nanoTime();
      out.println(String.format(Locale.ROOT, "| %s | %,d | %.3f s | %.3f s | %.3f s | %.3f s | %.1f%% |", after,
          entries, (opened - start) / 1e9, (firstHit - start) / 1e9, (everySegment - start) / 1e9,
          (sampled - start) / 1e9, 100.0 * served / ((keys + 96) / 97)));
    }
  }

  private static void deleteIndexFiles(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : (Iterable<Path>) files.filter(path -> path.toString().endsWith(".index"))::iterator) {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static OffHeapCache<Long, byte[]> open(Path directory, long capacityBytes) {
    return OffHeapCache.builder(Serializer.longs(), Serializer.bytes()).maximumBytes(capacityBytes)
        .persistTo(directory).build();
  }
}
