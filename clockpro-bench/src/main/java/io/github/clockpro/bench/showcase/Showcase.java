package io.github.clockpro.bench.showcase;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.bench.cache.BenchmarkCache;
import io.github.clockpro.bench.cache.ClockProAdapter;
import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.cache.ScanLengthHistogram;
import io.github.clockpro.bench.memory.MemoryFootprint;
import io.github.clockpro.bench.workload.KeySpace;
import io.github.clockpro.stats.ClockProCacheMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Replays the {@link MixedWorkload} through ClockProCache, Caffeine and cache2k in turn, with the same threads
 * and key sequences, while serving ClockProCache's live metrics in Prometheus format on the loopback address.
 *
 * <p>Every request is a read-through {@code get(key, loader)}; the loader burns {@code missCostTokens} of CPU
 * with {@link Blackhole#consumeCPU}, so that the request rate reflects the hit rate as it would with a real
 * backing store. Each implementation gets one cache. Before the measured runs, as many requests as each measures
 * go through each cache unmeasured, so that the JIT has compiled both the code all runs share (workload,
 * generator, loader) and each implementation's own before the first measurement; each measured run then
 * continues on the cache its warm-up filled, with key sequences of its own. A tenth as many was not enough: a
 * {@code jdk.Compilation} recording showed the C2 compiler busy through the measured runs, on a processor the
 * replaying threads needed. Measuring a new cache after the warm-up was not enough either: a recording showed
 * ours recompiled during its measured run, as the new cache filled and its policy took branches in a different
 * mix than at the end of the warm-up. Use from one thread; {@link #close()} stops the metrics server.
 */
final class Showcase implements AutoCloseable {

  /** How often the progress line is refreshed on a terminal. */
  private static final long PROGRESS_MILLIS = 500;
  /** How often a progress line is printed when the output is not a terminal. */
  private static final long PROGRESS_LINE_MILLIS = 2_000;
  /** Each worker publishes its request count after this many requests. */
  private static final int PUBLISH_INTERVAL = 1024;
  /** The round of a cache's warm-up, and of every replay of {@link #replayUntilInterrupted}. */
  private static final int WARM_UP_ROUND = 0;
  /** The round of a cache's measured run, which continues on the cache its warm-up left. */
  private static final int MEASURED_ROUND = 1;

  private final ShowcaseOptions options;
  private final PrintStream progress;
  /** Whether progress overwrites one line (a terminal) or prints a line every few seconds. */
  private final boolean interactive;
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final MetricsServer server;
  private final KeySpace keys;
  /** Ours, kept reachable so that its weakly held meters stay live while the server runs. */
  private ClockProCache<Long, Long> monitoredCache;
  /** The scan-length histogram that observes ours during its warm-up; replaced for the measured run. */
  private ScanLengthHistogram warmUpScanLengths;

  /**
   * Starts the metrics server.
   *
   * @param options the run's settings
   * @param progress receives the progress lines
   * @param interactive whether {@code progress} is a terminal, where one line is overwritten in place
   * @throws IOException if the port cannot be bound
   */
  Showcase(ShowcaseOptions options, PrintStream progress, boolean interactive) throws IOException {
    this.options = options;
    this.progress = progress;
    this.interactive = interactive;
    this.server = new MetricsServer(registry, options.port());
    this.keys = new KeySpace(10L * options.capacity());
  }

  /** Returns the URL the metrics are served at. */
  String metricsUrl() {
    return server.url();
  }

  /**
   * Replays the workload through every implementation, ours first, then measures each one's memory. Each
   * implementation gets one cache: all three are warmed up first, then each is measured on its warmed cache.
   *
   * @return one result per implementation
   * @throws InterruptedException if interrupted while waiting for the workers
   */
  List<ShowcaseResult> compare() throws InterruptedException {
    progress.println("warming up each cache and the JIT: the same number of requests, not measured");
    Map<Implementation, BenchmarkCache> caches = new LinkedHashMap<>();
    for (Implementation implementation : Implementation.CONCURRENT) {
      BenchmarkCache cache = create(implementation);
      caches.put(implementation, cache);
      replay(implementation, cache, options.requests(), WARM_UP_ROUND);
    }
    progress.println();
    List<ShowcaseResult> results = new ArrayList<>();
    for (Map.Entry<Implementation, BenchmarkCache> entry : caches.entrySet()) {
      results.add(replay(entry.getKey(), entry.getValue(), options.requests(), MEASURED_ROUND));
    }
    caches.forEach((implementation, cache) -> {
      if (implementation != Implementation.CLOCKPRO) {
        cache.close(); // ours stays open: its meters are served until the end
      }
    });
    progress.println("measuring retained memory per entry with JOL ...");
    List<ShowcaseResult> withMemory = new ArrayList<>();
    for (ShowcaseResult result : results) {
      withMemory.add(new ShowcaseResult(result.implementation(), result.requests(), result.hits(),
          result.nanoseconds(), result.scanLengths(),
          MemoryFootprint.measure(result.implementation(), options.capacity())));
    }
    return withMemory;
  }

  /**
   * Replays the workload through ClockProCache again and again, so that its metrics keep moving, until the
   * thread is interrupted. Each replay is a new cache, so the metrics show it filling as well.
   *
   * @throws InterruptedException when interrupted
   */
  void replayUntilInterrupted() throws InterruptedException {
    while (!Thread.currentThread().isInterrupted()) {
      replay(Implementation.CLOCKPRO, create(Implementation.CLOCKPRO), options.requests(), WARM_UP_ROUND);
    }
    throw new InterruptedException();
  }

  /**
   * Creates an implementation's cache; ours is published as the live metrics from the start, and observed by a
   * scan-length histogram, so that its warm-up runs the same code as its measured run (a warm-up without the
   * observers would leave the JIT to compile their code, and to recompile the insert whose observer loop had
   * never run, during the measurement).
   */
  private BenchmarkCache create(Implementation implementation) {
    BenchmarkCache cache = implementation.create(options.capacity());
    if (cache instanceof ClockProAdapter clockPro) {
      monitoredCache = clockPro.cache();
      ClockProCacheMetrics.monitor(registry, monitoredCache, "showcase", "implementation", "clockpro");
      warmUpScanLengths = new ScanLengthHistogram(monitoredCache.maximumScanPerEviction());
      monitoredCache.addEvictionObserver(warmUpScanLengths);
    }
    return cache;
  }

  /**
   * Replays requests through a cache, each thread continuing the workload with key sequences of the round's own.
   *
   * @param implementation the implementation
   * @param cache that implementation's cache
   * @param requests the requests over all threads
   * @param round {@link #WARM_UP_ROUND} or {@link #MEASURED_ROUND}: selects the threads' key sequences, so that a
   *     measured run does not repeat its warm-up's keys, and whether our scan lengths are counted for the table
   */
  private ShowcaseResult replay(Implementation implementation, BenchmarkCache cache, long requests, int round)
      throws InterruptedException {
    ScanLengthHistogram scanLengths = null;
    if (round == MEASURED_ROUND && cache instanceof ClockProAdapter clockPro) {
      // A histogram of the measured run's own, in place of the warm-up's, of the same class: the observers'
      // call site sees the types it was compiled for.
      ClockProCache<Long, Long> observed = clockPro.cache();
      scanLengths = new ScanLengthHistogram(observed.maximumScanPerEviction());
      observed.removeEvictionObserver(warmUpScanLengths);
      observed.addEvictionObserver(scanLengths);
    }
    long requestsPerThread = requests / options.threads();
    List<Worker> workers = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    long start = System.nanoTime();
    for (int index = 0; index < options.threads(); index++) {
      Worker worker = new Worker(cache, keys, options.capacity(), round * options.threads() + index,
          requestsPerThread, options.missCostTokens());
      workers.add(worker);
      Thread thread = new Thread(worker, "showcase-" + implementation.displayName() + "-" + index);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
    long total = requestsPerThread * options.threads();
    long lastLine = start;
    while (threads.stream().anyMatch(Thread::isAlive)) {
      threads.get(0).join(PROGRESS_MILLIS);
      long now = System.nanoTime();
      if (interactive || now - lastLine >= PROGRESS_LINE_MILLIS * 1_000_000) {
        printProgress(implementation, workers, total, now - start, false);
        lastLine = now;
      }
    }
    for (Thread thread : threads) {
      thread.join();
    }
    long elapsed = System.nanoTime() - start;
    printProgress(implementation, workers, total, elapsed, true);
    long misses = workers.stream().mapToLong(worker -> worker.misses).sum();
    return new ShowcaseResult(implementation, total, total - misses, elapsed, scanLengths, null);
  }

  private void printProgress(Implementation implementation, List<Worker> workers, long total, long elapsed,
      boolean done) {
    long requests = workers.stream().mapToLong(worker -> worker.published.get()).sum();
    long misses = workers.stream().mapToLong(worker -> worker.publishedMisses.get()).sum();
    double percent = 100.0 * requests / total;
    int filled = (int) (percent / 5);
    String line = String.format(Locale.ROOT,
        "%-9s [%s%s] %5.1f%%  %,12d requests  %,11.0f requests/s  hit rate %5.2f%%",
        implementation.displayName(), "#".repeat(filled), ".".repeat(20 - filled), percent, requests,
        elapsed == 0 ? 0.0 : requests * 1e9 / elapsed, requests == 0 ? 0.0 : 100.0 * (requests - misses) / requests);
    if (interactive) {
      progress.print("\r" + line + (done ? System.lineSeparator() : ""));
    } else {
      progress.println(line);
    }
    progress.flush();
  }

  /** Stops the metrics server. */
  @Override
  public void close() {
    server.close();
    registry.close();
  }

  /** One replaying thread. Its final counts are read after it has been joined. */
  private static final class Worker implements Runnable {
    private final BenchmarkCache cache;
    private final KeySpace keys;
    private final int capacity;
    /** Selects the key sequence and the scan keys: unique to the thread and the round. */
    private final int stream;
    private final long requests;
    private final long missCostTokens;
    /** Requests done, published every {@link #PUBLISH_INTERVAL} for the progress line. */
    final AtomicLong published = new AtomicLong();
    /** Misses, published with {@link #published}. */
    final AtomicLong publishedMisses = new AtomicLong();
    /** Written by this thread once, at its end; read by others after join. */
    long misses;

    Worker(BenchmarkCache cache, KeySpace keys, int capacity, int stream, long requests, long missCostTokens) {
      this.cache = cache;
      this.keys = keys;
      this.capacity = capacity;
      this.stream = stream;
      this.requests = requests;
      this.missCostTokens = missCostTokens;
    }

    @Override
    public void run() {
      // The state this thread writes on every request is made here, in this thread's allocation buffer, so that
      // it shares no cache line with another worker's (workers are made one after another by one thread).
      MixedWorkload workload = new MixedWorkload(keys, capacity, stream);
      long[] loads = new long[1];
      Function<Long, Long> loader = key -> {
        loads[0]++;
        Blackhole.consumeCPU(missCostTokens);
        return key;
      };
      for (long done = 1; done <= requests; done++) {
        cache.get(workload.nextKey(), loader);
        if (done % PUBLISH_INTERVAL == 0 || done == requests) {
          publishedMisses.set(loads[0]);
          published.set(done);
        }
      }
      misses = loads[0];
    }
  }
}
