package io.github.clockpro.bench.redis;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.peers.LocalRedis;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.ZipfianGenerator;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Compares, on one Redis (the embedded one, or {@code CLOCKPRO_REDIS_URL}), four readers of the same Zipfian
 * read-mostly workload: clockpro's {@code RedisNearCache}, Lettuce's {@code ClientSideCaching} over a
 * {@code ConcurrentHashMap}, Spring Data's {@code RedisCacheManager} (no near cache) and clockpro-spring's
 * two-level cache. Per contender it preloads the keys, runs worker threads for a fixed time, each doing reads
 * through the contender and, with the write probability, a {@code SET} of a new value through a second, plain
 * connection; then, once the writes have stopped and a quiescence pause has passed, reads every key through the
 * contender and counts those that differ from Redis (stale entries left behind; coherence says none).
 *
 * <p>Reported per contender: the near cache's hit ratio, operations per second (reads and writes), CPU time per
 * operation of the worker threads ({@link ThreadMXBean}; the Lettuce I/O threads are not in it) and of the whole
 * process, and the reads' latency percentiles from HdrHistogram. Single runs on a shared machine: peers in the
 * same run compare, absolute numbers do not carry.
 */
public final class RedisNearBenchmarkCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "redis-near [--seconds 10] [--threads 2] [--keys 10000] "
      + "[--near-cache-size 1000] [--write-percent 5]";

  private static final long QUIESCENCE_MILLIS = 500;

  private RedisNearBenchmarkCommand() {}

  /**
   * Runs the benchmark and prints its table.
   *
   * @param arguments the arguments after {@code redis-near}
   * @throws InterruptedException if interrupted while waiting for the threads
   */
  public static void run(String[] arguments) throws InterruptedException {
    run(arguments, System.out);
  }

  static void run(String[] arguments, PrintStream out) throws InterruptedException {
    Arguments parsed = Arguments.parse("redis-near", arguments,
        Set.of("seconds", "threads", "keys", "near-cache-size", "write-percent"), Set.of());
    int seconds = parsed.intValue("seconds", 10, 1, 3_600);
    int threads = parsed.intValue("threads", 2, 1, 256);
    int keys = parsed.intValue("keys", 10_000, 1, 10_000_000);
    int nearCacheSize = parsed.intValue("near-cache-size", 1_000, 1, 10_000_000);
    int writePercent = parsed.intValue("write-percent", 5, 0, 100);
    out.printf("Redis near cache benchmark: %d threads x %d s per contender, Zipfian keys (exponent 0.99) over "
        + "%,d keys, %d%% reads / %d%% SETs through a second connection, clockpro near caches of %,d entries "
        + "(Lettuce's map is unbounded)%n%n", threads, seconds, keys, 100 - writePercent, writePercent,
        nearCacheSize);
    out.printf("%-26s %9s %10s %12s %12s %8s %8s %8s %9s %9s %12s%n", "contender", "hit ratio", "ops/s",
        "CPU ns/op", "proc ns/op", "p50 us", "p90 us", "p99 us", "p99.9 us", "max us", "stale after");
    try (LocalRedis redis = LocalRedis.start()) {
      for (Function<LocalRedis, NearCacheContender> factory : NearCacheContender.all(nearCacheSize)) {
        Result result = measure(redis, factory, seconds, threads, keys, writePercent);
        out.printf("%-26s %9s %,10.0f %,12.0f %,12.0f %8.1f %8.1f %8.1f %9.1f %,9.1f %12d%n", result.name(),
            Double.isNaN(result.hitRatio()) ? "-" : String.format("%.3f", result.hitRatio()),
            result.operationsPerSecond(), result.workerCpuNanosPerOperation(),
            result.processCpuNanosPerOperation(), micros(result.reads(), 50), micros(result.reads(), 90),
            micros(result.reads(), 99), micros(result.reads(), 99.9), result.reads().getMaxValue() / 1_000.0,
            result.staleAfterQuiescence());
      }
    }
    out.println();
    out.println("Latencies are of reads. CPU ns/op: the worker threads' CPU time (ThreadMXBean) per operation; "
        + "proc ns/op: the whole JVM's (Lettuce's I/O threads too; Redis is another process). Stale after: keys "
        + "whose value read through the contender differs from Redis's, " + QUIESCENCE_MILLIS + " ms after the "
        + "last write (must be 0).");
  }

  private static double micros(Histogram histogram, double percentile) {
    return histogram.getValueAtPercentile(percentile) / 1_000.0;
  }

  /** What one contender measured. */
  record Result(String name, double hitRatio, double operationsPerSecond, double workerCpuNanosPerOperation,
      double processCpuNanosPerOperation, Histogram reads, int staleAfterQuiescence) {}

  private static Result measure(LocalRedis redis, Function<LocalRedis, NearCacheContender> factory, int seconds,
      int threadCount, int keys, int writePercent) throws InterruptedException {
    try (StatefulRedisConnection<String, String> writer = redis.client().connect()) {
      // Before the contender starts tracking: the previous contender's keys go without a flush message.
      writer.sync().flushall();
      try (NearCacheContender contender = factory.apply(redis)) {
        return measure(contender, writer, seconds, threadCount, keys, writePercent);
      }
    }
  }

  private static Result measure(NearCacheContender contender, StatefulRedisConnection<String, String> writer,
      int seconds, int threadCount, int keys, int writePercent) throws InterruptedException {
    String[] keyNames = new String[keys];
    Map<String, String> batch = new HashMap<>();
    for (int i = 0; i < keys; i++) {
      keyNames[i] = "near:" + i;
      batch.put(contender.redisKey(keyNames[i]), "0");
      if (batch.size() == 1_000 || i == keys - 1) {
        writer.sync().mset(batch);
        batch.clear();
      }
    }
    ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    AtomicLong versions = new AtomicLong();
    List<Histogram> histograms = new ArrayList<>();
    long[] operations = new long[threadCount];
    long[] cpuNanos = new long[threadCount];
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < threadCount; t++) {
      Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
      histograms.add(histogram);
      int index = t;
      threads.add(new Thread(() -> {
        long cpuStart = threadBean.getCurrentThreadCpuTime();
        operations[index] = work(contender, writer, keyNames, writePercent, index, deadline, versions, histogram);
        cpuNanos[index] = threadBean.getCurrentThreadCpuTime() - cpuStart;
      }, "redis-near worker " + t));
    }
    long processCpuStart = processCpuNanos();
    long start = System.nanoTime();
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }
    long elapsed = System.nanoTime() - start;
    long processCpu = processCpuNanos() - processCpuStart;
    Thread.sleep(QUIESCENCE_MILLIS);
    int stale = 0;
    for (String key : keyNames) {
      String seen = contender.get(key);
      if (seen == null || !seen.equals(writer.sync().get(contender.redisKey(key)))) {
        stale++;
      }
    }
    Histogram reads = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
    histograms.forEach(reads::add);
    long totalOperations = 0;
    long totalCpu = 0;
    for (int t = 0; t < threadCount; t++) {
      totalOperations += operations[t];
      totalCpu += cpuNanos[t];
    }
    long divisor = Math.max(1, totalOperations);
    return new Result(contender.name(), contender.hitRatio(), totalOperations * 1e9 / elapsed,
        (double) totalCpu / divisor, (double) processCpu / divisor, reads, stale);
  }

  private static long work(NearCacheContender contender, StatefulRedisConnection<String, String> writer,
      String[] keyNames, int writePercent, int seed, long deadline, AtomicLong versions, Histogram reads) {
    SplittableRandom random = ThreadSeeds.generator(seed);
    ZipfianGenerator zipfian = new ZipfianGenerator(keyNames.length, ZipfianGenerator.DEFAULT_EXPONENT);
    long operations = 0;
    long now = System.nanoTime();
    while (now < deadline) {
      String key = keyNames[(int) zipfian.next(random)];
      if (random.nextInt(100) < writePercent) {
        writer.sync().set(contender.redisKey(key), Long.toString(versions.incrementAndGet()));
        now = System.nanoTime();
      } else {
        contender.get(key);
        long end = System.nanoTime();
        reads.recordValue(Math.min(end - now, reads.getHighestTrackableValue()));
        now = end;
      }
      operations++;
    }
    return operations;
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
