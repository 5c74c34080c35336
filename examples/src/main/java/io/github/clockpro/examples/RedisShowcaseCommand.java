package io.github.clockpro.examples;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.bench.Arguments;
import io.github.clockpro.peers.LocalRedis;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.ZipfianGenerator;
import io.github.clockpro.redis.NearCacheStats;
import io.github.clockpro.redis.RedisNearCache;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Starts a Redis (the embedded one, or {@code CLOCKPRO_REDIS_URL}), runs two application instances, each with a
 * {@link RedisNearCache} read by two threads with Zipfian keys, and one writer that replaces random values at a
 * steady rate; then prints per instance the near cache's hit ratio, the invalidations received, the stale reads
 * observed, and, after the writer stops and the last invalidation has arrived, the near cache entries that differ
 * from Redis (coherence says none).
 *
 * <p>A stale read is a read that started after the writer's {@code SET} of a newer version of the key had been
 * acknowledged and yet returned an older version: the staleness that one invalidation delivery allows. Its age is
 * the time from that acknowledgement to the start of the read.
 */
public final class RedisShowcaseCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "redis-showcase [--seconds 10] [--keys 10000] [--near-cache-size 1000] "
      + "[--writes-per-second 500]";

  private static final int INSTANCES = 2;
  private static final int READERS_PER_INSTANCE = 2;

  private RedisShowcaseCommand() {}

  /**
   * Runs the showcase and prints its report.
   *
   * @param arguments the arguments after {@code redis-showcase}
   * @throws InterruptedException if interrupted while waiting for the threads
   */
  public static void run(String[] arguments) throws InterruptedException {
    Arguments parsed = Arguments.parse("redis-showcase", arguments,
        Set.of("seconds", "keys", "near-cache-size", "writes-per-second"), Set.of());
    int seconds = parsed.intValue("seconds", 10, 1, 3_600);
    int keys = parsed.intValue("keys", 10_000, 1, 10_000_000);
    int nearCacheSize = parsed.intValue("near-cache-size", 1_000, 1, 10_000_000);
    int writesPerSecond = parsed.intValue("writes-per-second", 500, 1, 100_000);
    try (LocalRedis redis = LocalRedis.start()) {
      print(System.out, new RedisShowcaseCommand.Run(redis, keys).run(seconds, nearCacheSize, writesPerSecond),
          seconds, keys, nearCacheSize, writesPerSecond);
    }
  }

  /** What one instance observed. */
  record InstanceResult(double hitRatio, long reads, NearCacheStats stats, long staleReads,
      long maximumStaleMicros, int entries, int entriesDifferingFromRedis) {}

  /** One run: the versions the writer had acknowledged, per key, and when. */
  private static final class Run {
    private final LocalRedis redis;
    private final String[] keyNames;
    private final AtomicLongArray acknowledgedVersion;
    private final AtomicLongArray acknowledgedAt;

    Run(LocalRedis redis, int keys) {
      this.redis = redis;
      this.keyNames = new String[keys];
      this.acknowledgedVersion = new AtomicLongArray(keys);
      this.acknowledgedAt = new AtomicLongArray(keys);
      for (int i = 0; i < keys; i++) {
        keyNames[i] = "showcase:" + i;
      }
    }

    List<InstanceResult> run(int seconds, int nearCacheSize, int writesPerSecond) throws InterruptedException {
      try (StatefulRedisConnection<String, String> writer = redis.client().connect()) {
        Map<String, String> batch = new HashMap<>();
        for (int i = 0; i < keyNames.length; i++) {
          batch.put(keyNames[i], "0");
          if (batch.size() == 1_000 || i == keyNames.length - 1) {
            writer.sync().mset(batch);
            batch.clear();
          }
        }
        List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
        List<RedisNearCache<String, String>> nearCaches = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
          StatefulRedisConnection<String, String> connection = redis.client().connect();
          connections.add(connection);
          nearCaches.add(RedisNearCache.enable(connection,
              ClockProCache.builder().maximumSize(nearCacheSize).build()));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        List<long[]> staleness = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
          long[] observed = new long[2]; // stale reads, longest staleness in microseconds; per instance
          staleness.add(observed);
          for (int reader = 0; reader < READERS_PER_INSTANCE; reader++) {
            RedisNearCache<String, String> nearCache = nearCaches.get(i);
            int seed = i * READERS_PER_INSTANCE + reader;
            threads.add(new Thread(() -> read(nearCache, seed, deadline, observed), "reader " + seed));
          }
        }
        threads.add(new Thread(() -> write(writer, writesPerSecond, deadline), "writer"));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
          thread.join();
        }
        return results(nearCaches, connections, staleness, writer);
      }
    }

    private void read(RedisNearCache<String, String> nearCache, int seed, long deadline, long[] observed) {
      SplittableRandom random = ThreadSeeds.generator(seed);
      ZipfianGenerator zipfian = new ZipfianGenerator(keyNames.length, ZipfianGenerator.DEFAULT_EXPONENT);
      long staleReads = 0;
      long longestMicros = 0;
      while (System.nanoTime() < deadline) {
        int key = (int) zipfian.next(random);
        long newestVersion = acknowledgedVersion.get(key);
        long newestAt = acknowledgedAt.get(key);
        long read = Long.parseLong(nearCache.get(keyNames[key]));
        if (read < newestVersion) {
          staleReads++;
          longestMicros = Math.max(longestMicros, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - newestAt));
        }
      }
      synchronized (observed) {
        observed[0] += staleReads;
        observed[1] = Math.max(observed[1], longestMicros);
      }
    }

    private void write(StatefulRedisConnection<String, String> writer, int writesPerSecond, long deadline) {
      SplittableRandom random = ThreadSeeds.generator(1_000);
      ZipfianGenerator zipfian = new ZipfianGenerator(keyNames.length, ZipfianGenerator.DEFAULT_EXPONENT);
      long interval = TimeUnit.SECONDS.toNanos(1) / writesPerSecond;
      long next = System.nanoTime();
      AtomicLong version = new AtomicLong();
      while (next < deadline) {
        int key = (int) zipfian.next(random);
        long written = version.incrementAndGet();
        writer.sync().set(keyNames[key], Long.toString(written));
        // Versions only grow per key: a single writer.
        acknowledgedAt.set(key, System.nanoTime());
        acknowledgedVersion.set(key, written);
        next += interval;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          try {
            TimeUnit.NANOSECONDS.sleep(wait);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
    }

    private List<InstanceResult> results(List<RedisNearCache<String, String>> nearCaches,
        List<StatefulRedisConnection<String, String>> connections, List<long[]> staleness,
        StatefulRedisConnection<String, String> writer) {
      // Quiescence: the writer has stopped; a PING's reply comes after every invalidation sent before it.
      connections.forEach(connection -> connection.sync().ping());
      List<InstanceResult> results = new ArrayList<>();
      for (int i = 0; i < nearCaches.size(); i++) {
        RedisNearCache<String, String> nearCache = nearCaches.get(i);
        Map<String, String> entries = new HashMap<>(nearCache.cache().asMap());
        int differing = 0;
        for (Map.Entry<String, String> entry : entries.entrySet()) {
          if (!entry.getValue().equals(writer.sync().get(entry.getKey()))) {
            differing++;
          }
        }
        var stats = nearCache.cache().stats();
        results.add(new InstanceResult(stats.hitRate(), stats.requestCount(), nearCache.stats(),
            staleness.get(i)[0], staleness.get(i)[1], entries.size(), differing));
        nearCache.close();
        connections.get(i).close();
      }
      return results;
    }
  }

  private static void print(PrintStream out, List<InstanceResult> results, int seconds, int keys,
      int nearCacheSize, int writesPerSecond) {
    out.printf("Redis near cache showcase: %d instances x %d reader threads, Zipfian reads (exponent 0.99) over "
        + "%,d keys, near caches of %,d entries, one writer at %,d SETs/s, %d s%n%n", INSTANCES,
        READERS_PER_INSTANCE, keys, nearCacheSize, writesPerSecond, seconds);
    out.printf("%-9s %12s %10s %14s %12s %18s %10s %22s%n", "instance", "reads", "hit ratio", "invalidations",
        "stale reads", "longest stale (us)", "entries", "entries != Redis after");
    for (int i = 0; i < results.size(); i++) {
      InstanceResult result = results.get(i);
      out.printf("%-9d %,12d %10.3f %,14d %,12d %,18d %,10d %22d%n", i + 1, result.reads(), result.hitRatio(),
          result.stats().invalidationCount(), result.staleReads(), result.maximumStaleMicros(), result.entries(),
          result.entriesDifferingFromRedis());
    }
    out.println();
    out.println("A stale read returned a version older than one the writer's SET had acknowledged before the read "
        + "began: the window of one invalidation delivery. The last column, after the writer stopped and the last "
        + "invalidation arrived, must be 0.");
  }
}
