package io.github.clockpro.bench.latency;

import io.github.clockpro.bench.cache.BenchmarkCache;
import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.workload.KeySpace;
import io.github.clockpro.bench.workload.ThreadSeeds;
import io.github.clockpro.bench.workload.ZipfianGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;

/**
 * Measures the latency of each {@code getIfPresent} and {@code put} under a concurrent load of 90% reads and
 * 10% writes, with Zipfian keys (exponent 0.99) over twice the cache's capacity, so that writes insert and evict.
 *
 * <p>Each thread times every operation with {@link System#nanoTime()} into its own HdrHistogram (three
 * significant digits), after a warm-up that is not recorded; the histograms are added up at the end. The load
 * is closed-loop (the next operation starts when the previous one ends), so a stall delays later operations
 * instead of being recorded against them: the high percentiles are a lower bound, as in the DiskCache and Koda
 * tables this mirrors. The timer's own cost (about 20 ns) is included in every value.
 */
public final class LatencyMeasurement {

  private static final long HIGHEST_TRACKABLE_NANOSECONDS = 60_000_000_000L;
  private static final int SIGNIFICANT_DIGITS = 3;
  private static final int READ_PERCENT = 90;

  private final int capacity;
  private final int threads;
  private final long warmupMillis;
  private final long measurementMillis;

  /**
   * @param capacity the caches' maximum size, at least 1
   * @param threads the threads running the load, at least 1
   * @param warmupMillis unrecorded load before the measurement
   * @param measurementMillis recorded load
   */
  public LatencyMeasurement(int capacity, int threads, long warmupMillis, long measurementMillis) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1 but was " + capacity);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1 but was " + threads);
    }
    this.capacity = capacity;
    this.threads = threads;
    this.warmupMillis = warmupMillis;
    this.measurementMillis = measurementMillis;
  }

  /**
   * Runs the load against a new cache of the given implementation.
   *
   * @param implementation a concurrent implementation
   * @return the merged histograms
   * @throws InterruptedException if interrupted while waiting for the load threads
   */
  public LatencyResult measure(Implementation implementation) throws InterruptedException {
    KeySpace keys = new KeySpace(2L * capacity);
    ZipfianGenerator zipfian = new ZipfianGenerator(keys.size(), ZipfianGenerator.DEFAULT_EXPONENT);
    try (BenchmarkCache cache = implementation.create(capacity)) {
      for (long index = 0; index < capacity; index++) {
        cache.put(keys.key(index), keys.key(index));
      }
      List<Worker> workers = new ArrayList<>();
      CountDownLatch finished = new CountDownLatch(threads);
      for (int thread = 0; thread < threads; thread++) {
        Worker worker = new Worker(cache, keys, zipfian, ThreadSeeds.of(thread), finished);
        workers.add(worker);
        Thread runner = new Thread(worker, "latency-" + implementation.displayName() + "-" + thread);
        runner.setDaemon(true);
        runner.start();
      }
      Thread.sleep(warmupMillis);
      for (Worker worker : workers) {
        worker.recording = true;
      }
      Thread.sleep(measurementMillis);
      for (Worker worker : workers) {
        worker.stopped = true;
      }
      finished.await();
      Histogram gets = newHistogram();
      Histogram puts = newHistogram();
      for (Worker worker : workers) {
        gets.add(worker.gets);
        puts.add(worker.puts);
      }
      return new LatencyResult(implementation, threads, gets, puts);
    }
  }

  private static Histogram newHistogram() {
    return new Histogram(HIGHEST_TRACKABLE_NANOSECONDS, SIGNIFICANT_DIGITS);
  }

  /**
   * One load thread. Its histograms are read only after {@link #finished} counts it down. The thread makes its
   * generator and histograms itself, in its own allocation buffer, so that what it writes on every operation
   * shares no cache line with another worker's (workers are made one after another by one thread).
   */
  private static final class Worker implements Runnable {
    private final BenchmarkCache cache;
    private final KeySpace keys;
    private final ZipfianGenerator zipfian;
    private final long seed;
    private final CountDownLatch finished;
    /** Made and written by this worker's thread; read by others after {@link #finished}. */
    private Histogram gets;
    private Histogram puts;
    /** Set by the coordinating thread when the warm-up ends. */
    volatile boolean recording;
    /** Set by the coordinating thread when the measurement ends. */
    volatile boolean stopped;

    Worker(BenchmarkCache cache, KeySpace keys, ZipfianGenerator zipfian, long seed, CountDownLatch finished) {
      this.cache = cache;
      this.keys = keys;
      this.zipfian = zipfian;
      this.seed = seed;
      this.finished = finished;
    }

    @Override
    public void run() {
      SplittableRandom random = new SplittableRandom(seed);
      gets = newHistogram();
      puts = newHistogram();
      try {
        while (!stopped) {
          Long key = keys.key(zipfian.next(random));
          boolean read = random.nextInt(100) < READ_PERCENT;
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
      } finally {
        finished.countDown();
      }
    }
  }
}
