package io.github.clockpro.bench.jmh;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.Implementation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.cache2k.Cache2kBuilder;
import org.cache2k.io.BulkCacheLoader;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk read-through: each operation is one {@code getAll} of {@code batch} uniformly random keys over
 * {@code capacity x 100 / hitRate} keys, whose missing keys one call of a free bulk function loads. With uniform
 * keys no policy beats {@code hitRate} percent per key, so a batch of 16 at 90% holds 1.6 missing keys on average.
 * clockpro and Caffeine are given the bulk function per call ({@code getAll(keys, mappingFunction)}); cache2k,
 * whose {@code getAll} loads through the cache's loader, is built with the same function as its
 * {@code bulkLoader}. Throughput is batches per second; the secondary results {@code requests} (keys asked for)
 * and {@code misses} (keys the bulk function loaded) give the hit rate per key.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class GetAllBenchmark {

  /** A cache's {@code getAll} with the benchmark's bulk function. */
  interface BulkRead extends AutoCloseable {
    Map<Long, Long> getAll(List<Long> keys);

    @Override
    void close();
  }

  /** The names given to cache2k caches, which must be unique within its cache manager. */
  private static final AtomicLong NEXT_NAME = new AtomicLong();

  @Param({"clockpro", "caffeine", "cache2k"})
  public String implementation;

  @Param({"100000"})
  public int capacity;

  @Param({"90"})
  public int hitRate;

  @Param({"16"})
  public int batch;

  BulkRead cache;
  UniformKeys keys;
  /** The free bulk function: maps each key to itself, and counts the keys. */
  Function<Set<? extends Long>, Map<Long, Long>> bulkFunction;

  /** Builds and warms the cache. */
  @Setup(Level.Trial)
  public void createCache(LoadCounter loads) {
    bulkFunction = missing -> {
      loads.add(missing.size());
      Map<Long, Long> values = new HashMap<>();
      for (Long key : missing) {
        values.put(key, key);
      }
      return values;
    };
    cache = create(Implementation.named(implementation));
    keys = new UniformKeys(capacity, hitRate);
    SplittableRandom random = new SplittableRandom(-1);
    List<Long> batchKeys = new ArrayList<>(batch);
    for (long draw = 0; draw < 2L * capacity; draw += batch) {
      batchKeys.clear();
      for (int index = 0; index < batch; index++) {
        batchKeys.add(keys.next(random));
      }
      cache.getAll(batchKeys);
    }
  }

  private BulkRead create(Implementation which) {
    switch (which) {
      case CLOCKPRO -> {
        ClockProCache<Long, Long> clockpro = ClockProCache.builder().maximumSize(capacity).build();
        return new BulkRead() {
          @Override
          public Map<Long, Long> getAll(List<Long> batchKeys) {
            return clockpro.getAll(batchKeys, bulkFunction);
          }

          @Override
          public void close() {
            clockpro.invalidateAll();
          }
        };
      }
      case CAFFEINE -> {
        com.github.benmanes.caffeine.cache.Cache<Long, Long> caffeine =
            Caffeine.newBuilder().maximumSize(capacity).build();
        return new BulkRead() {
          @Override
          public Map<Long, Long> getAll(List<Long> batchKeys) {
            return caffeine.getAll(batchKeys, bulkFunction);
          }

          @Override
          public void close() {
            caffeine.invalidateAll();
            caffeine.cleanUp();
          }
        };
      }
      case CACHE2K -> {
        org.cache2k.Cache<Long, Long> cache2k = Cache2kBuilder.of(Long.class, Long.class)
            .name("clockpro-bench-get-all-" + NEXT_NAME.incrementAndGet())
            .entryCapacity(capacity)
            .bulkLoader((BulkCacheLoader<Long, Long>) bulkFunction::apply)
            .build();
        return new BulkRead() {
          @Override
          public Map<Long, Long> getAll(List<Long> batchKeys) {
            return cache2k.getAll(batchKeys);
          }

          @Override
          public void close() {
            cache2k.close();
          }
        };
      }
      default -> throw new IllegalArgumentException(which + " has no concurrent getAll");
    }
  }

  /** Releases the cache. */
  @TearDown(Level.Trial)
  public void closeCache() {
    cache.close();
  }

  /** The keys of one thread's batch, refilled for every call. */
  @State(Scope.Thread)
  public static class Batch {
    List<Long> keys;

    /** Creates the list for the benchmark's batch size. */
    @Setup(Level.Trial)
    public void createList(GetAllBenchmark benchmark) {
      keys = new ArrayList<>(benchmark.batch);
    }
  }

  /** One {@code getAll} of a batch. */
  @Benchmark
  public Map<Long, Long> getAll(ReadThroughRequests requests, Batch threadBatch) {
    List<Long> batchKeys = threadBatch.keys;
    batchKeys.clear();
    for (int index = 0; index < batch; index++) {
      batchKeys.add(keys.next(requests.random));
    }
    requests.requests += batch;
    return cache.getAll(batchKeys);
  }
}
