package io.github.clockpro.bench.offheap;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.github.clockpro.peers.ByteStore;
import io.github.clockpro.peers.OffHeapPeer;
import io.github.clockpro.peers.ZipfianGenerator;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The garbage collector's pauses while a cache serves a workload, in two phases in one JVM: first with the cache
 * nearly empty (its keys span only 16 MiB of data), then with it filled to its capacity (keys over twice the
 * capacity). Each phase runs the same mix (90% reads, 10% puts of 512-byte values, Zipfian keys) for the same
 * time; the pauses are those the JVM's collector notifications report (their duration), counted from the start of
 * each phase.
 */
final class OffHeapGcPauses {

  private static final int VALUE_SIZE = 512;

  private final AtomicLong maximumPause = new AtomicLong();
  private final AtomicLong totalPause = new AtomicLong();
  private final AtomicLong pauses = new AtomicLong();

  private OffHeapGcPauses() {
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) collector).addNotificationListener((notification, handback) -> {
        if (notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
          var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
          if (!info.getGcAction().contains("concurrent") && !info.getGcCause().contains("No GC")) {
            long millis = info.getGcInfo().getDuration();
            maximumPause.accumulateAndGet(millis, Math::max);
            totalPause.addAndGet(millis);
            pauses.incrementAndGet();
          }
        }
      }, null, null);
    }
  }

  static void run(OffHeapPeer peer, long capacityBytes, int seconds, PrintStream out) {
    OffHeapGcPauses recorder = new OffHeapGcPauses();
    byte[] value = new byte[VALUE_SIZE];
    new SplittableRandom(1).nextBytes(value);
    long entries = capacityBytes / (VALUE_SIZE + Long.BYTES);
    try (ByteStore store = peer.create(capacityBytes, VALUE_SIZE)) {
      recorder.phase("empty", store, value, (16L << 20) / VALUE_SIZE, seconds, peer, out);
      for (long key = 0; key < entries; key++) {
        store.put(key, value);
      }
      recorder.phase("full", store, value, 2 * entries, seconds, peer, out);
    }
  }

  private void phase(String name, ByteStore store, byte[] value, long keySpace, int seconds, OffHeapPeer peer,
      PrintStream out) {
    System.gc();
    maximumPause.set(0);
    totalPause.set(0);
    pauses.set(0);
    ZipfianGenerator keys = new ZipfianGenerator(keySpace, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(3);
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long operations = 0;
    long hits = 0;
    while (System.nanoTime() < end) {
      for (int step = 0; step < 1000; step++) {
        long key = keys.next(random);
        if (random.nextInt(10) == 0) {
          store.put(key, value);
        } else if (store.get(key) != null) {
          hits++;
        }
      }
      operations += 1000;
    }
    Runtime runtime = Runtime.getRuntime();
    out.println(String.format(Locale.ROOT, "| %s | %s | %,d | %,d MiB | %,d | %d ms | %d ms | %.1f%% | %,d |",
        peer.displayName(), name, store.size(), runtime.maxMemory() >> 20, pauses.get(), maximumPause.get(),
        totalPause.get(), 100.0 * hits / (operations * 0.9), operations / seconds));
  }
}
