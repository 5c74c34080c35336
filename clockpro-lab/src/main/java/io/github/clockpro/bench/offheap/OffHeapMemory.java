package io.github.clockpro.bench.offheap;

import io.github.clockpro.peers.ByteStore;
import io.github.clockpro.peers.OffHeapPeer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The bytes of overhead per entry, from the process's resident set: in a fresh JVM, the resident set before the
 * cache is built and after it was filled with twice as many distinct keys as fit (so that it is full and has
 * evicted), less the keys' and values' own bytes, divided by the entries held. For a heap cache the heap is
 * collected first and its growth counts too.
 */
final class OffHeapMemory {

  private OffHeapMemory() {}

  /** Measures one cache in this JVM and prints one table row. */
  static void measure(OffHeapPeer peer, long capacityBytes, int valueSize, PrintStream out) {
    byte[] value = new byte[valueSize];
    new SplittableRandom(1).nextBytes(value);
    System.gc();
    long before = residentBytes();
    ByteStore store = peer.create(capacityBytes, valueSize);
    long keys = 2 * capacityBytes / (valueSize + Long.BYTES);
    for (long key = 0; key < keys; key++) {
      store.put(key, value);
    }
    System.gc();
    long after = residentBytes();
    long entries = store.size();
    long payload = entries * (valueSize + Long.BYTES);
    out.println(String.format(Locale.ROOT, "| %s | %d | %,d | %,d | %,d | %.1f |", peer.displayName(), valueSize,
        capacityBytes, entries, after - before, (double) (after - before - payload) / entries));
    store.close();
  }

  /** {@return VmRSS of this process, in bytes} */
  static long residentBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
      throw new IllegalStateException("no VmRSS in /proc/self/status");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
