package io.github.clockpro.bench.jmh;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.Implementation;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * Asynchronous read-through: each operation is {@code get(key, mappingFunction).join()} on an asynchronous cache,
 * with uniformly random keys over {@code capacity x 100 / hitRate} keys and a free function, which each
 * implementation runs on its default executor ({@code ForkJoinPool.commonPool()}). At {@code hitRate=100} every
 * key is resident and every call a hit; below it, a miss hands the function to the pool, waits for it and
 * evicts. cache2k has no asynchronous cache with a per-call function, so it is not measured here. Throughput is
 * calls per second; the secondary results {@code requests} and {@code misses} (calls of the function) give the hit
 * rate.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class AsyncGetBenchmark {

  /** An asynchronous cache's {@code get(key, function)}. */
  interface AsyncRead {
    Long getAndJoin(Long key, Function<Long, Long> function);

    void close();
  }

  @Param({"clockpro", "caffeine"})
  public String implementation;

  @Param({"100000"})
  public int capacity;

  @Param({"100", "50"})
  public int hitRate;

  AsyncRead cache;
  UniformKeys keys;
  /** The free function: the key is its own value; counts its calls. */
  Function<Long, Long> function;

  /** Builds the cache and puts the first {@code capacity} keys. */
  @Setup(Level.Trial)
  public void createCache(LoadCounter loads) {
    function = key -> {
      loads.add(1);
      return key;
    };
    cache = create(Implementation.named(implementation));
    keys = new UniformKeys(capacity, hitRate);
    keys.prefill(key -> cache.getAndJoin(key, function));
  }

  private AsyncRead create(Implementation which) {
    switch (which) {
      case CLOCKPRO -> {
        ClockProAsyncCache<Long, Long> clockpro = ClockProCache.builder().maximumSize(capacity).buildAsync();
        return new AsyncRead() {
          @Override
          public Long getAndJoin(Long key, Function<Long, Long> mappingFunction) {
            return clockpro.get(key, mappingFunction).join();
          }

          @Override
          public void close() {
            clockpro.synchronous().invalidateAll();
          }
        };
      }
      case CAFFEINE -> {
        AsyncCache<Long, Long> caffeine = Caffeine.newBuilder().maximumSize(capacity).buildAsync();
        return new AsyncRead() {
          @Override
          public Long getAndJoin(Long key, Function<Long, Long> mappingFunction) {
            return caffeine.get(key, mappingFunction).join();
          }

          @Override
          public void close() {
            caffeine.synchronous().invalidateAll();
            caffeine.synchronous().cleanUp();
          }
        };
      }
      default -> throw new IllegalArgumentException(which + " has no asynchronous cache here");
    }
  }

  /** Releases the cache. */
  @TearDown(Level.Trial)
  public void closeCache() {
    cache.close();
  }

  /** One asynchronous read, joined. */
  @Benchmark
  public Long get(ReadThroughRequests requests) {
    requests.requests++;
    return cache.getAndJoin(keys.next(requests.random), function);
  }
}
