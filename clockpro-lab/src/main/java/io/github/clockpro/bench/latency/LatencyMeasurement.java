package io.github.clockpro.bench.latency;

import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
import io.github.clockpro.peers.ZipfianGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Measures the latency of each {@code getIfPresent} and {@code put} under a concurrent load of 90% reads and
 * 10% writes, with Zipfian keys (exponent 0.99) over twice the cache's capacity, so that writes insert and evict.
 *
 * <p>Each thread times every operation with {@link System#nanoTime()} into its own HdrHistogram (three
 * significant digits), after a warm-up that is not recorded; the histograms are added up at the end. The load
 * is closed-loop (the next operation starts when the previous one ends), so a stall delays later operations
 * instead of being recorded against them: the high percentiles are a lower bound. The timer's own cost (about
 * 20 ns) is included in every value.
 *
 * @param capacity the caches' maximum size
 * @param threads the threads running the load
 * @param warmupMillis unrecorded load before the measurement
 * @param measurementMillis recorded load
 */
public record LatencyMeasurement(int capacity, int threads, long warmupMillis, long measurementMillis) {

  private static final long HIGHEST_TRACKABLE_NANOSECONDS = 60_000_000_000L;

  /**
   * Runs the load against a new cache of the given implementation.
   *
   * @return the merged histograms
   * @throws InterruptedException if interrupted while waiting for the load threads
   */
  public LatencyResult measure(Implementation implementation) throws InterruptedException {
    KeySpace keys = new KeySpace(2L * capacity);
    ZipfianGenerator zipfian = new ZipfianGenerator(keys.size(), ZipfianGenerator.DEFAULT_EXPONENT);
    try (PeerCache<Long, Long> cache = implementation.create(capacity)) {
      for (long index = 0; index < capacity; index++) {
        cache.put(keys.key(index), keys.key(index));
      }
      List<Worker> workers = new ArrayList<>();
      for (int thread = 0; thread < threads; thread++) {
        Worker worker = new Worker(cache, keys, zipfian, ThreadSeeds.of(thread));
        worker.setDaemon(true);
        worker.start();
        workers.add(worker);
      }
      Thread.sleep(warmupMillis);
      workers.forEach(worker -> worker.recording = true);
      Thread.sleep(measurementMillis);
      workers.forEach(worker -> worker.stopped = true);
      Histogram gets = newHistogram();
      Histogram puts = newHistogram();
      for (Worker worker : workers) {
        worker.join();
        gets.add(worker.gets);
        puts.add(worker.puts);
      }
      return new LatencyResult(implementation, threads, gets, puts);
    }
  }

  private static Histogram newHistogram() {
    return new Histogram(HIGHEST_TRACKABLE_NANOSECONDS, 3);
  }

  /**
   * One load thread. Its histograms are read only after it has been joined. It makes its generator and histograms
   * itself, in its own allocation buffer, so that what it writes on every operation shares no cache line with
   * another worker's.
   */
  private static final class Worker extends Thread {
    private final PeerCache<Long, Long> cache;
    private final KeySpace keys;
    private final ZipfianGenerator zipfian;
    private final long seed;
    private Histogram gets;
    private Histogram puts;
    /** Set by the coordinating thread when the warm-up ends. */
    volatile boolean recording;
    /** Set by the coordinating thread when the measurement ends. */
    volatile boolean stopped;

    Worker(PeerCache<Long, Long> cache, KeySpace keys, ZipfianGenerator zipfian, long seed) {
      this.cache = cache;
      this.keys = keys;
      this.zipfian = zipfian;
      this.seed = seed;
    }

    @Override
    public void run() {
      SplittableRandom random = new SplittableRandom(seed);
      gets = newHistogram();
      puts = newHistogram();
      while (!stopped) {
        Long key = keys.key(zipfian.next(random));
        boolean read = random.nextInt(100) < 90;
        long start = System.nanoTime();
        if (read) {
          cache.getIfPresent(key);
        } else {
          cache.put(key, key);
        }
        long elapsed = System.nanoTime() - start;
        if (recording) {
          (read ? gets : puts).recordValue(Math.min(elapsed, HIGHEST_TRACKABLE_NANOSECONDS));
        }
      }
    }
  }
}
