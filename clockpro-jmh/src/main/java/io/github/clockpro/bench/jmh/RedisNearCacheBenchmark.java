package io.github.clockpro.bench.jmh;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.LettuceNearCache;
import io.github.clockpro.peers.LocalRedis;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.ZipfianGenerator;
import io.github.clockpro.redis.RedisNearCache;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.support.caching.CacheFrontend;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.cache2k.Cache2kBuilder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads through a near cache in front of a Redis on loopback (the embedded Redis 6.2, or
 * {@code CLOCKPRO_REDIS_URL}), one thread, Zipfian keys (exponent 0.99) over {@code keys} keys that Redis holds,
 * no writes. Implementations:
 * <ul>
 *   <li>{@code clockpro}: {@link RedisNearCache} over a ClockProCache of {@code nearCacheSize} entries;
 *   <li>{@code lettuceMap}: Lettuce's {@code ClientSideCaching} ({@link LettuceNearCache}) over a
 *       {@link ConcurrentHashMap}, unbounded, as its documentation shows;
 *   <li>{@code lettuceCaffeine}, {@code lettuceCache2k}: {@link LettuceNearCache} over the
 *       {@code asMap()} view of a Caffeine or cache2k cache of {@code nearCacheSize} entries;
 *   <li>{@code redisGet}: a plain {@code GET} per read, no near cache.
 * </ul>
 * Lettuce's {@code ClientSideCaching} is not coherent under concurrent writes (see docs/redis.md); here there are
 * none. The trial first reads {@code keys} times to warm the near cache; at its end the fork prints the near
 * cache's entries and its hit ratio over the warm-up and measurement iterations, the lines starting with
 * {@code near cache:}. CPU time ({@code CpuTimeProfiler}) counts this JVM only, not the Redis server's process.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Xms1g"})
@Threads(1)
public class RedisNearCacheBenchmark {

  @Param({"clockpro", "lettuceMap", "lettuceCaffeine", "lettuceCache2k", "redisGet"})
  public String implementation;

  /** 10,000: every key fits every near cache (the hit path); 100,000: ten times the bounded near caches. */
  @Param({"10000", "100000"})
  public int keys;

  @Param({"10000"})
  public int nearCacheSize;

  private LocalRedis redis;
  private StatefulRedisConnection<String, String> connection;
  private CacheFrontend<String, String> frontend;
  private Map<String, String> nearEntries;
  private ClockProCache<String, String> clockPro;
  private String[] keyNames;
  private ZipfianGenerator zipfian;
  private SplittableRandom random;
  private long reads;
  private LettuceNearCache lettuceNearCache;
  private long hitsBefore;
  private long missesBefore;

  /** Starts Redis, writes every key, and builds the implementation. */
  @Setup(Level.Trial)
  public void start() {
    redis = LocalRedis.start();
    connection = redis.client().connect();
    keyNames = new String[keys];
    Map<String, String> batch = new HashMap<>();
    for (int i = 0; i < keys; i++) {
      keyNames[i] = "key:" + i;
      batch.put(keyNames[i], "value of " + i);
      if (batch.size() == 1_000 || i == keys - 1) {
        connection.sync().mset(batch);
        batch.clear();
      }
    }
    zipfian = new ZipfianGenerator(keys, ZipfianGenerator.DEFAULT_EXPONENT);
    random = ThreadSeeds.generator(0);
    switch (implementation) {
      case "clockpro" -> {
        clockPro = ClockProCache.builder().maximumSize(nearCacheSize).build();
        frontend = RedisNearCache.enable(connection, clockPro);
        nearEntries = clockPro.asMap();
      }
      case "lettuceMap" -> enableLettuce(new ConcurrentHashMap<>());
      case "lettuceCaffeine" ->
          enableLettuce(Caffeine.newBuilder().maximumSize(nearCacheSize).executor(Runnable::run)
          .<String, String>build().asMap());
      case "lettuceCache2k" -> enableLettuce(Cache2kBuilder.of(String.class, String.class)
          .name("redis-near-cache-benchmark").entryCapacity(nearCacheSize).build().asMap());
      case "redisGet" -> frontend = new PlainGet(connection);
      default -> throw new IllegalArgumentException("unknown implementation " + implementation);
    }
    for (int i = 0; i < keys; i++) {
      read();
    }
    reads = 0;
    hitsBefore = (clockPro != null) ? clockPro.stats().hitCount() : 0;
    missesBefore = (lettuceNearCache != null) ? lettuceNearCache.misses() : 0;
  }

  private void enableLettuce(Map<String, String> map) {
    lettuceNearCache = LettuceNearCache.enable(map, connection);
    frontend = lettuceNearCache;
    nearEntries = map;
  }

  /** Prints the near cache's entries and hit ratio, and stops Redis. */
  @TearDown(Level.Trial)
  public void stop() {
    if (nearEntries != null) {
      long hits = (clockPro != null)
          ? clockPro.stats().hitCount() - hitsBefore
          : reads - (lettuceNearCache.misses() - missesBefore);
      System.out.printf("%nnear cache: %s keys=%d entries=%d hitRatio=%.3f%n", implementation, keys,
          nearEntries.size(), (double) hits / reads);
    }
    frontend.close();
    connection.close();
    redis.close();
  }

  /** One read. */
  @Benchmark
  public String read() {
    reads++;
    return frontend.get(keyNames[(int) zipfian.next(random)]);
  }

  /** No near cache: every read is a GET. */
  private static final class PlainGet implements CacheFrontend<String, String> {
    private final StatefulRedisConnection<String, String> connection;

    PlainGet(StatefulRedisConnection<String, String> connection) {
      this.connection = connection;
    }

    @Override
    public String get(String key) {
      return connection.sync().get(key);
    }

    @Override
    public String get(String key, java.util.concurrent.Callable<String> valueLoader) {
      throw new UnsupportedOperationException("reads only");
    }

    @Override
    public void close() {
      // The connection is closed by the benchmark.
    }
  }
}
