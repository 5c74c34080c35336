package io.github.clockpro.bench.offheap;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.bench.workload.Trace;
import io.github.clockpro.offheap.OffHeapCache;
import io.github.clockpro.offheap.Serializer;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Replays each shared trace at each of its suggested sizes through the heap clockpro cache bounded by that entry
 * count and through the off-heap cache bounded by the bytes of that many entries (a key of 8 bytes, a value of 100
 * bytes and the 15-byte header), and prints the hit rates side by side: a read that misses puts the key.
 */
final class OffHeapHitRate {

  /** The value every key gets; its size sets the off-heap cache's entry size. */
  private static final byte[] VALUE = new byte[100];
  /** The bytes one entry takes in the off-heap cache: header, key and value. */
  static final int ENTRY_BYTES = 15 + Long.BYTES + 100;

  private OffHeapHitRate() {}

  static void run(List<Trace> traces, PrintStream out) {
    out.println("| trace | entries | heap clockpro hit rate | off-heap hit rate | difference (points) |");
    out.println("|---|---:|---:|---:|---:|");
    double worst = 0;
    for (Trace trace : traces) {
      for (int size : trace.sizes()) {
        double heap = heap(trace.keys(), size);
        double offHeap = offHeap(trace.keys(), size);
        worst = Math.max(worst, heap - offHeap);
        out.println(String.format(Locale.ROOT, "| %s | %,d | %.2f%% | %.2f%% | %+.2f |", trace.name(), size,
            100 * heap, 100 * offHeap, 100 * (offHeap - heap)));
      }
    }
    out.println(String.format(Locale.ROOT, "%nLargest shortfall of the off-heap cache: %.2f points", 100 * worst));
  }

  private static double heap(long[] keys, int size) {
    ClockProCache<Long, byte[]> cache = ClockProCache.builder().maximumSize(size).build();
    long hits = 0;
    for (long key : keys) {
      if (cache.getIfPresent(key) == null) {
        cache.put(key, VALUE);
      } else {
        hits++;
      }
    }
    return (double) hits / keys.length;
  }

  private static double offHeap(long[] keys, int size) {
    try (OffHeapCache<Long, byte[]> cache = OffHeapCache.builder(Serializer.longs(), Serializer.bytes())
        .maximumBytes(Math.max(4096, (long) size * ENTRY_BYTES)).build()) {
      long hits = 0;
      for (long key : keys) {
        if (cache.getIfPresent(key) == null) {
          cache.put(key, VALUE);
        } else {
          hits++;
        }
      }
      return (double) hits / keys.length;
    }
  }
}
