package io.github.clockpro.bench.offheap;

import io.github.clockpro.peers.ByteStore;
import io.github.clockpro.peers.OffHeapPeer;
import io.github.clockpro.peers.ZipfianGenerator;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The off-heap cache beside OHC (and the heap caches holding the same bytes) on the showcase's workload: Zipfian
 * keys with exponent 0.99 over twice what the cache holds, with scans of one-time keys mixed in (one request in
 * ten), a read that misses putting the value. Prints, per cache, the hit rate, the throughput on one thread and its
 * CPU time per operation, and the entries held.
 */
final class OffHeapShowcase {

  private OffHeapShowcase() {}

  static void run(long capacityBytes, int valueSize, long requests, PrintStream out) {
    out.println(String.format(Locale.ROOT, "Workload: %,d requests, Zipfian(0.99) keys over twice the capacity plus"
        + " one-time scan keys (10%%), %d-byte values, %,d bytes per cache; one thread.%n", requests, valueSize,
        capacityBytes));
    out.println("| cache | hit rate | requests/s | CPU ns/request | entries held |");
    out.println("|---|---:|---:|---:|---:|");
    for (OffHeapPeer peer : new OffHeapPeer[] {OffHeapPeer.CLOCKPRO_OFFHEAP, OffHeapPeer.OHC_LINKED,
        OffHeapPeer.CLOCKPRO_HEAP, OffHeapPeer.CAFFEINE}) {
      run(peer, capacityBytes, valueSize, requests, out);
    }
  }

  private static void run(OffHeapPeer peer, long capacityBytes, int valueSize, long requests, PrintStream out) {
    byte[] value = new byte[valueSize];
    long entries = capacityBytes / (valueSize + Long.BYTES);
    ZipfianGenerator keys = new ZipfianGenerator(2 * entries, ZipfianGenerator.DEFAULT_EXPONENT);
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try (ByteStore store = peer.create(capacityBytes, valueSize)) {
      for (int round = 0; round < 2; round++) {
        SplittableRandom random = new SplittableRandom(11);
        long scanKey = Long.MAX_VALUE / 2;
        long hits = 0;
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (long request = 0; request < requests; request++) {
          long key = random.nextInt(10) == 0 ? scanKey++ : keys.next(random);
          if (store.get(key) == null) {
            store.put(key, value);
          } else {
            hits++;
          }
        }
        long elapsed = System.nanoTime() - start;
        long cpu = threads.getCurrentThreadCpuTime() - cpuStart;
        if (round == 1) {
          out.println(String.format(Locale.ROOT, "| %s | %.2f%% | %,.0f | %.0f | %,d |", peer.displayName(),
              100.0 * hits / requests, requests * 1e9 / elapsed, (double) cpu / requests, store.size()));
        }
      }
    }
  }
}
