package io.github.clockpro.examples;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.bench.memory.MemoryFootprint;
import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.ClockProAdapter;
import io.github.clockpro.peers.ClockProAdapter.PolicySnapshot;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
import io.github.clockpro.peers.ScanLengthHistogram;
import io.github.clockpro.stats.ClockProCacheMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 *
 * <p>Beside each round's wall-clock time it takes the CPU time the JVM's threads spent in it, from
 * {@link ThreadMXBean}: each worker's own, read by the worker when its share ends, and the growth of every other
 * live thread's, such as Caffeine's maintenance on the common pool and the metrics server. Time in which other
 * processes held the processors counts in the wall-clock time but not in the CPU time, so on a busy machine the
 * CPU time per request says which cache did more work where the request rate cannot.
 */
final class Showcase implements AutoCloseable {

  /** The rounds the measured requests are split into; each cache replays its share of a round in turn. */
  static final int MEASURED_ROUNDS = 5;
  /** Selects the key sequences of a cache's warm-up, and of every replay of {@link #replayUntilInterrupted}. */
  private static final int WARM_UP_STREAMS = 0;
  /** Selects the key sequences of a cache's measured rounds, which continue on the cache its warm-up left. */
  private static final int MEASURED_STREAMS = 1;
  /** Selects the key sequences of {@link #replayUntilInterrupted}, which continue from one replay to the next. */
  private static final int SERVING_STREAMS = 2;
  /** The {@code cache} tag of the published meters. */
  static final String CACHE_NAME = "showcase";
  /** The quantiles of entries examined per eviction that {@link #statisticsJson()} gives, as PromQL writes them. */
  static final String[] QUANTILES = {"0.5", "0.9", "0.99", "0.999", "0.9999", "0.99999"};

  private final ShowcaseOptions options;
  private final PrintStream progress;
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final MetricsServer server;
  private final KeySpace keys;
  /**
   * Ours, kept reachable so that its weakly held meters stay live while the server runs; written by the
   * showcase's thread before its replay starts, read by the server's thread for {@code /stats}.
   */
  private volatile ClockProCache<Long, Long> monitoredCache;
  /** Ours, as the replays use it; written and read by the showcase's thread only. */
  private PeerCache<Long, Long> monitoredAdapter;

  /**
   * Starts the metrics server.
   *
   * @param options the run's settings
   * @param progress receives a line after each warm-up and each round
   * @throws IOException if the port cannot be bound
   */
  Showcase(ShowcaseOptions options, PrintStream progress) throws IOException {
    this.options = options;
    this.progress = progress;
    this.server = new MetricsServer(registry, options.port(), this::statisticsJson);
    this.keys = new KeySpace(10L * options.capacity());
  }

  /** Returns the URL the metrics are served at. */
  String metricsUrl() {
    return server.url();
  }

  /** Returns the URL the cache's own statistics are served at. */
  String statisticsUrl() {
    return server.statisticsUrl();
  }

  /**
   * The monitored cache's own figures since it was created, as JSON: its evictions, the entries they examined,
   * the median, 99th percentile and maximum of entries examined per eviction, and under {@code quantiles} the
   * length at each of {@link #QUANTILES}, all from the policy's counts: the figures the Prometheus histogram must
   * agree with. All 0 before the cache exists.
   */
  String statisticsJson() {
    ClockProCache<Long, Long> cache = monitoredCache;
    ScanLengthHistogram scans = cache == null ? null : ScanLengthHistogram.of(ClockProAdapter.policy(cache));
    StringBuilder json = new StringBuilder();
    json.append(String.format(Locale.ROOT, "{\"evictions\":%d,\"entriesExamined\":%d,\"p50\":%d,\"p99\":%d,"
            + "\"max\":%d,\"quantiles\":{", scans == null ? 0 : scans.total(),
        cache == null ? 0 : cache.stats().scanCount(), scans == null ? 0 : scans.percentile(0.50),
        scans == null ? 0 : scans.percentile(0.99), scans == null ? 0 : scans.maximum()));
    for (int index = 0; index < QUANTILES.length; index++) {
      json.append(index == 0 ? "" : ",").append('"').append(QUANTILES[index]).append("\":")
          .append(scans == null ? 0 : scans.percentile(Double.parseDouble(QUANTILES[index])));
    }
    return json.append("}}\n").toString();
  }

  /**
   * Replays the workload through every implementation, then measures each one's memory. All three caches are
   * built and warmed up first, ours last, since the cache built first in a JVM tends to run faster and one run
   * cannot balance that; then each replays its share of every measured round on its warmed cache.
   *
   * @return one result per implementation, ours first
   * @throws InterruptedException if interrupted while waiting for the workers
   */
  List<ShowcaseResult> compare() throws InterruptedException {
    List<Replay> replays = new ArrayList<>();
    for (int index = Implementation.CONCURRENT.size() - 1; index >= 0; index--) {
      Implementation implementation = Implementation.CONCURRENT.get(index);
      Replay warmUp = new Replay(implementation, create(implementation), WARM_UP_STREAMS);
      warmUp.round(options.requests() / options.threads(), "warm-up, not measured");
      replays.add(0, new Replay(implementation, warmUp.cache, MEASURED_STREAMS));
    }
    PolicySnapshot beforeMeasuring = ClockProAdapter.policy(monitoredCache);
    long requestsPerThread = Math.max(1, options.requests() / ((long) options.threads() * MEASURED_ROUNDS));
    for (int round = 0; round < MEASURED_ROUNDS; round++) {
      for (int turn = 0; turn < replays.size(); turn++) {
        replays.get((round + turn) % replays.size())
            .round(requestsPerThread, "round " + (round + 1) + "/" + MEASURED_ROUNDS);
      }
    }
    ScanLengthHistogram measuredScanLengths =
        ScanLengthHistogram.between(beforeMeasuring, ClockProAdapter.policy(monitoredCache));
    progress.println("measuring retained memory per entry with JOL ...");
    List<ShowcaseResult> results = new ArrayList<>();
    for (Replay replay : replays) {
      if (replay.implementation != Implementation.CLOCKPRO) {
        replay.cache.close(); // ours stays open: its meters are served until the end
      }
      long misses = replay.workers.stream().mapToLong(Worker::misses).sum();
      results.add(new ShowcaseResult(replay.implementation, replay.requests, replay.requests - misses,
          replay.nanoseconds, replay.cpuNanoseconds, replay.implementation == Implementation.CLOCKPRO ? measuredScanLengths : null,
          MemoryFootprint.measure(replay.implementation, options.capacity())));
    }
    return results;
  }

  /**
   * Replays the workload through the ClockProCache that {@link #compare()} measured, again and again, on key
   * sequences that continue from one replay to the next, until the thread is interrupted: the published meters
   * are that cache's, so they keep moving for as long as it serves.
   *
   * @throws InterruptedException when interrupted
   * @throws IllegalStateException if {@link #compare()} has not run
   */
  void replayUntilInterrupted() throws InterruptedException {
    if (monitoredAdapter == null) {
      throw new IllegalStateException("compare() builds the cache to replay through; run it first");
    }
    Replay serving = new Replay(Implementation.CLOCKPRO, monitoredAdapter, SERVING_STREAMS);
    long requestsPerThread = Math.max(1, options.requests() / ((long) options.threads() * MEASURED_ROUNDS));
    while (!Thread.currentThread().isInterrupted()) {
      serving.round(requestsPerThread, "replay");
    }
    throw new InterruptedException();
  }

  /**
   * Creates an implementation's cache; ours is published as the live metrics from the start, so that its
   * warm-up runs the same code as its measured run. It is the only ClockProCache the showcase builds: a second
   * one bound under the same name would publish the first one's values, since the registry keeps the meters
   * registered first.
   */
  private PeerCache<Long, Long> create(Implementation implementation) {
    PeerCache<Long, Long> cache = implementation.create(options.capacity());
    if (cache instanceof ClockProAdapter<Long, Long> clockPro) {
      monitoredAdapter = cache;
      monitoredCache = clockPro.cache();
      ClockProCacheMetrics.monitor(registry, monitoredCache, CACHE_NAME, "implementation", "clockpro");
    }
    return cache;
  }

  /** Stops the metrics server. */
  @Override
  public void close() {
    server.close();
    registry.close();
  }

  /**
   * One cache and the threads' workloads that replay through it, which continue from one round to the next; and
   * the totals of its rounds. Each round's threads are joined before it returns.
   */
  private final class Replay {
    final Implementation implementation;
    final PeerCache<Long, Long> cache;
    final List<Worker> workers = new ArrayList<>();
    long requests;
    long nanoseconds;
    long cpuNanoseconds;

    /** @param streams selects the threads' key sequences, apart from those of every other replay */
    Replay(Implementation implementation, PeerCache<Long, Long> cache, int streams) {
      this.implementation = implementation;
      this.cache = cache;
      for (int index = 0; index < options.threads(); index++) {
        workers.add(new Worker(streams * options.threads() + index));
      }
    }

    /** Replays {@code requestsPerThread} requests on each thread, then prints a line under the label. */
    void round(long requestsPerThread, String label) throws InterruptedException {
      long missesBefore = workers.stream().mapToLong(Worker::misses).sum();
      long workersCpuBefore = workers.stream().mapToLong(Worker::cpuNanoseconds).sum();
      ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();
      long[] otherThreads = threadBean.getAllThreadIds();
      long othersCpuBefore = cpuTime(threadBean, otherThreads);
      List<Thread> threads = new ArrayList<>();
      long start = System.nanoTime();
      for (Worker worker : workers) {
        Thread thread = new Thread(() -> worker.replay(cache, requestsPerThread), "showcase-" + threads.size());
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      long elapsed = System.nanoTime() - start;
      long cpu = workers.stream().mapToLong(Worker::cpuNanoseconds).sum() - workersCpuBefore
          + cpuTime(threadBean, otherThreads) - othersCpuBefore;
      long total = requestsPerThread * workers.size();
      long misses = workers.stream().mapToLong(Worker::misses).sum() - missesBefore;
      progress.printf(Locale.ROOT,
          "%-9s %-22s %,12d requests  %,11.0f requests/s  %,7.0f CPU ns/request  hit rate %5.2f%%%n",
          implementation.displayName(), label, total, total * 1e9 / elapsed, (double) cpu / total,
          100.0 * (total - misses) / total);
      requests += total;
      nanoseconds += elapsed;
      cpuNanoseconds += cpu;
    }

    /**
     * The CPU time the given threads have spent so far, summed; a thread that has ended since the ids were taken
     * counts what it spent until the first reading only, since it has none to give at the second.
     */
    private static long cpuTime(ThreadMXBean threadBean, long[] threads) {
      long sum = 0;
      for (long thread : threads) {
        long time = threadBean.getThreadCpuTime(thread);
        sum += Math.max(0, time);
      }
      return sum;
    }
  }

  /**
   * One replaying thread's state, which continues from one round to the next: a new thread runs each round, and
   * the showcase's thread reads {@link #misses()} after joining it.
   */
  private final class Worker {
    /** Selects the key sequence and the scan keys: unique to the thread and to the warm-up or measured rounds. */
    private final int stream;
    /** Made by the first round's thread, see {@link #replay}. */
    private MixedWorkload workload;
    private long[] loads;
    private Function<Long, Long> loader;
    /** The CPU time of this worker's threads, over all rounds; written by each round's thread before it ends. */
    private long cpuNanoseconds;

    Worker(int stream) {
      this.stream = stream;
    }

    void replay(PeerCache<Long, Long> cache, long requests) {
      if (workload == null) {
        // Made here, in this thread's allocation buffer, so that what the thread writes on every request shares
        // no cache line with another worker's (workers are made one after another by one thread).
        workload = new MixedWorkload(keys, options.capacity(), stream);
        long[] counts = new long[1];
        loads = counts;
        loader = key -> {
          counts[0]++;
          Blackhole.consumeCPU(options.missCostTokens());
          return key;
        };
      }
      long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      for (long done = 0; done < requests; done++) {
        cache.get(workload.nextKey(), loader);
      }
      cpuNanoseconds += ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart;
    }

    long cpuNanoseconds() {
      return cpuNanoseconds;
    }

    long misses() {
      return loads == null ? 0 : loads[0];
    }
  }
}
