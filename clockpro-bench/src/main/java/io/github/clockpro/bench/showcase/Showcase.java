package io.github.clockpro.bench.showcase;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.bench.cache.BenchmarkCache;
import io.github.clockpro.bench.cache.ClockProAdapter;
import io.github.clockpro.bench.cache.ClockProAdapter.PolicySnapshot;
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
 * backing store. Each implementation gets one cache, warmed up first with as many unmeasured requests as it then
 * measures, so that the JIT has compiled every cache's code before the first measurement (a tenth as many left
 * the C2 compiler busy through the measured runs in a {@code jdk.Compilation} recording). The measured requests
 * run in {@link #MEASURED_ROUNDS} rounds: in each, every cache replays its share, in an order that rotates from
 * round to round, so that the drift of a shared machine's load over seconds reaches all caches alike. Use from
 * one thread; {@link #close()} stops the metrics server.
 */
final class Showcase implements AutoCloseable {

  /** How often the progress line is refreshed on a terminal. */
  private static final long PROGRESS_MILLIS = 500;
  /** How often a progress line is printed when the output is not a terminal. */
  private static final long PROGRESS_LINE_MILLIS = 2_000;
  /** Each worker publishes its request count after this many requests. */
  private static final int PUBLISH_INTERVAL = 1024;
  /** The rounds the measured requests are split into; each cache replays its share of a round in turn. */
  static final int MEASURED_ROUNDS = 5;
  /** Selects the key sequences of a cache's warm-up, and of every replay of {@link #replayUntilInterrupted}. */
  private static final int WARM_UP_STREAMS = 0;
  /** Selects the key sequences of a cache's measured rounds, which continue on the cache its warm-up left. */
  private static final int MEASURED_STREAMS = 1;

  private final ShowcaseOptions options;
  private final PrintStream progress;
  /** Whether progress overwrites one line (a terminal) or prints a line every few seconds. */
  private final boolean interactive;
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final MetricsServer server;
  private final KeySpace keys;
  /** Ours, kept reachable so that its weakly held meters stay live while the server runs. */
  private ClockProCache<Long, Long> monitoredCache;

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
   * Replays the workload through every implementation, then measures each one's memory. Each implementation gets
   * one cache: all three are built and warmed up first, ours last, since the cache built first in a JVM tends to
   * run faster and one run cannot balance that; then each replays its share of every measured round on its warmed
   * cache, in an order that rotates from round to round.
   *
   * @return one result per implementation, ours first
   * @throws InterruptedException if interrupted while waiting for the workers
   */
  List<ShowcaseResult> compare() throws InterruptedException {
    progress.println("warming up each cache and the JIT: the same number of requests, not measured");
    List<Replay> replays = new ArrayList<>();
    for (int index = Implementation.CONCURRENT.size() - 1; index >= 0; index--) {
      Implementation implementation = Implementation.CONCURRENT.get(index);
      Replay warmUp = new Replay(implementation, create(implementation), WARM_UP_STREAMS);
      warmUp.round(options.requests() / options.threads(), "warm-up");
      replays.add(0, new Replay(implementation, warmUp.cache, MEASURED_STREAMS));
    }
    PolicySnapshot beforeMeasuring = ClockProAdapter.policy(monitoredCache);
    long requestsPerThread = Math.max(1, options.requests() / ((long) options.threads() * MEASURED_ROUNDS));
    progress.println();
    progress.printf(Locale.ROOT, "measuring: %d rounds of %,d requests per cache, in an order that rotates from "
        + "round to round%n", MEASURED_ROUNDS, requestsPerThread * options.threads());
    for (int round = 0; round < MEASURED_ROUNDS; round++) {
      for (int turn = 0; turn < replays.size(); turn++) {
        Replay replay = replays.get((round + turn) % replays.size());
        replay.round(requestsPerThread, "round " + (round + 1) + "/" + MEASURED_ROUNDS);
      }
    }
    for (Replay replay : replays) {
      if (replay.implementation != Implementation.CLOCKPRO) {
        replay.cache.close(); // ours stays open: its meters are served until the end
      }
    }
    ScanLengthHistogram measuredScanLengths =
        ScanLengthHistogram.between(beforeMeasuring, ClockProAdapter.policy(monitoredCache));
    progress.println("measuring retained memory per entry with JOL ...");
    List<ShowcaseResult> results = new ArrayList<>();
    for (Replay replay : replays) {
      results.add(new ShowcaseResult(replay.implementation, replay.requests, replay.requests - replay.misses(),
          replay.nanoseconds,
          replay.implementation == Implementation.CLOCKPRO ? measuredScanLengths : null,
          MemoryFootprint.measure(replay.implementation, options.capacity())));
    }
    return results;
  }

  /**
   * Replays the workload through ClockProCache again and again, so that its metrics keep moving, until the
   * thread is interrupted. Each replay is a new cache, so the metrics show it filling as well.
   *
   * @throws InterruptedException when interrupted
   */
  void replayUntilInterrupted() throws InterruptedException {
    while (!Thread.currentThread().isInterrupted()) {
      new Replay(Implementation.CLOCKPRO, create(Implementation.CLOCKPRO), WARM_UP_STREAMS)
          .round(options.requests() / options.threads(), "replay");
    }
    throw new InterruptedException();
  }

  /**
   * Creates an implementation's cache; ours is published as the live metrics from the start, so that its
   * warm-up runs the same code as its measured run. Its table's scan lengths come from the policy's own counts,
   * which the metrics read too.
   */
  private BenchmarkCache create(Implementation implementation) {
    BenchmarkCache cache = implementation.create(options.capacity());
    if (cache instanceof ClockProAdapter clockPro) {
      monitoredCache = clockPro.cache();
      ClockProCacheMetrics.monitor(registry, monitoredCache, "showcase", "implementation", "clockpro");
    }
    return cache;
  }

  /**
   * One cache and the threads' workloads that replay through it, which continue from one round to the next; and
   * the totals of its rounds. Used by the showcase's one thread; each round's workers are joined before it
   * returns.
   */
  private final class Replay {
    final Implementation implementation;
    final BenchmarkCache cache;
    final List<Worker> workers = new ArrayList<>();
    long requests;
    long nanoseconds;

    /**
     * @param streams {@link #WARM_UP_STREAMS} or {@link #MEASURED_STREAMS}: selects the threads' key sequences,
     *     so that the measured rounds do not repeat the warm-up's keys
     */
    Replay(Implementation implementation, BenchmarkCache cache, int streams) {
      this.implementation = implementation;
      this.cache = cache;
      for (int index = 0; index < options.threads(); index++) {
        workers.add(new Worker(cache, keys, options.capacity(), streams * options.threads() + index,
            options.missCostTokens()));
      }
    }

    /** Replays {@code requestsPerThread} requests on each thread, showing progress under the label. */
    void round(long requestsPerThread, String label) throws InterruptedException {
      String name = String.format(Locale.ROOT, "%-9s %-9s", implementation.displayName(), label);
      List<Thread> threads = new ArrayList<>();
      long start = System.nanoTime();
      for (int index = 0; index < workers.size(); index++) {
        Worker worker = workers.get(index);
        worker.published.set(0);
        worker.publishedMisses.set(0);
        Thread thread = new Thread(() -> worker.replay(requestsPerThread),
            "showcase-" + implementation.displayName() + "-" + index);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
      }
      long total = requestsPerThread * workers.size();
      long lastLine = start;
      while (threads.stream().anyMatch(Thread::isAlive)) {
        threads.get(0).join(PROGRESS_MILLIS);
        long now = System.nanoTime();
        if (interactive || now - lastLine >= PROGRESS_LINE_MILLIS * 1_000_000) {
          printProgress(name, workers, total, now - start, false);
          lastLine = now;
        }
      }
      for (Thread thread : threads) {
        thread.join();
      }
      long elapsed = System.nanoTime() - start;
      printProgress(name, workers, total, elapsed, true);
      requests += total;
      nanoseconds += elapsed;
    }

    /** The misses of every round so far; read after the rounds' threads have joined. */
    long misses() {
      return workers.stream().mapToLong(worker -> worker.misses).sum();
    }
  }

  private void printProgress(String name, List<Worker> workers, long total, long elapsed, boolean done) {
    long requests = workers.stream().mapToLong(worker -> worker.published.get()).sum();
    long misses = workers.stream().mapToLong(worker -> worker.publishedMisses.get()).sum();
    double percent = 100.0 * requests / total;
    int filled = (int) (percent / 5);
    String line = String.format(Locale.ROOT,
        "%s [%s%s] %5.1f%%  %,12d requests  %,11.0f requests/s  hit rate %5.2f%%",
        name, "#".repeat(filled), ".".repeat(20 - filled), percent, requests,
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

  /**
   * One replaying thread's state, which continues from one round to the next: a new thread runs each round.
   * Its counts are read by the showcase's thread after it has joined the round's threads, or, for the progress
   * line, through the published counters.
   */
  private static final class Worker {
    private final BenchmarkCache cache;
    private final KeySpace keys;
    private final int capacity;
    /** Selects the key sequence and the scan keys: unique to the thread and to the warm-up or measured rounds. */
    private final int stream;
    private final long missCostTokens;
    /** Made by the first round's thread, see {@link #replay}. */
    private MixedWorkload workload;
    private long[] loads;
    private Function<Long, Long> loader;
    /** This round's requests done, published every {@link #PUBLISH_INTERVAL} for the progress line. */
    final AtomicLong published = new AtomicLong();
    /** This round's misses, published with {@link #published}. */
    final AtomicLong publishedMisses = new AtomicLong();
    /** Misses over every round so far; written by the round's thread at its end, read after it has joined. */
    long misses;

    Worker(BenchmarkCache cache, KeySpace keys, int capacity, int stream, long missCostTokens) {
      this.cache = cache;
      this.keys = keys;
      this.capacity = capacity;
      this.stream = stream;
      this.missCostTokens = missCostTokens;
    }

    void replay(long requests) {
      if (workload == null) {
        // The state this thread writes on every request is made here, in this thread's allocation buffer, so that
        // it shares no cache line with another worker's (workers are made one after another by one thread).
        workload = new MixedWorkload(keys, capacity, stream);
        long[] counts = new long[1];
        loads = counts;
        loader = key -> {
          counts[0]++;
          Blackhole.consumeCPU(missCostTokens);
          return key;
        };
      }
      long loadsBefore = loads[0];
      for (long done = 1; done <= requests; done++) {
        cache.get(workload.nextKey(), loader);
        if (done % PUBLISH_INTERVAL == 0 || done == requests) {
          publishedMisses.set(loads[0] - loadsBefore);
          published.set(done);
        }
      }
      misses = loads[0];
    }
  }
}
