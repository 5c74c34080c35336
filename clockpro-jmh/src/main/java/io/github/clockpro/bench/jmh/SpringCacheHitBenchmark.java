package io.github.clockpro.bench.jmh;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.spring.ClockProSpringCache;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.cache.Cache;
import org.springframework.cache.caffeine.CaffeineCache;

/**
 * A hit through Spring's cache abstraction against a hit on the core, on GetPutBenchmark's workload (a prefilled
 * cache that holds every key, Zipfian keys with exponent 0.99, 100% reads). One benchmark method per path, so that
 * each measures one call and nothing chooses between them:
 * <ul>
 *   <li>{@code core}: {@link ClockProCache#getIfPresent}.
 *   <li>{@code spring}: {@link Cache#get(Object)} of a {@link ClockProSpringCache} over that cache, what
 *       {@code @Cacheable} calls.
 *   <li>{@code caffeineSpring}: {@link Cache#get(Object)} of Spring's {@link CaffeineCache} over a Caffeine cache of
 *       the same maximum size.
 *   <li>{@code caffeine}: Caffeine's own {@code getIfPresent}, for the cost of Spring's layer over Caffeine.
 * </ul>
 * The secondary result {@code readMisses} should be 0.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class SpringCacheHitBenchmark {

  @Param({"100000"})
  public int capacity;

  ClockProCache<Object, Object> core;
  Cache spring;
  com.github.benmanes.caffeine.cache.Cache<Object, Object> caffeine;
  Cache caffeineSpring;
  ZipfianKeys keys;

  /** Builds both caches and their Spring caches, and puts every key in each. */
  @Setup(Level.Trial)
  public void createCaches() {
    keys = new ZipfianKeys(capacity);
    core = ClockProCache.builder().maximumSize(capacity).build();
    spring = new ClockProSpringCache("books", core, true);
    caffeine = Caffeine.newBuilder().maximumSize(capacity).build();
    caffeineSpring = new CaffeineCache("books", caffeine, true);
    keys.prefill((key, value) -> {
      spring.put(key, value);
      caffeineSpring.put(key, value);
    });
  }

  private Long nextKey(ThreadReads operations) {
    return keys.next(operations.random);
  }

  /** A hit on the core. */
  @Benchmark
  public Object core(ThreadReads operations) {
    return operations.counted(core.getIfPresent(nextKey(operations)));
  }

  /** A hit through Spring's Cache over the core. */
  @Benchmark
  public Object spring(ThreadReads operations) {
    return operations.counted(spring.get(nextKey(operations)));
  }

  /** A hit through Spring's CaffeineCache. */
  @Benchmark
  public Object caffeineSpring(ThreadReads operations) {
    return operations.counted(caffeineSpring.get(nextKey(operations)));
  }

  /** A hit on Caffeine. */
  @Benchmark
  public Object caffeine(ThreadReads operations) {
    return operations.counted(caffeine.getIfPresent(nextKey(operations)));
  }
}
