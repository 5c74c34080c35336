package io.github.clockpro.bench.jmh;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.jcache.ClockProCachingProvider;
import io.github.clockpro.jcache.ClockProConfiguration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.spi.CachingProvider;
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
 * A hit through the JCache API, against a hit on the core: every key of a prefilled cache is read with Zipfian
 * keys (exponent 0.99), as {@link GetPutBenchmark} does with {@code readPercent=100}. {@code clockpro} reads the
 * core {@link ClockProCache} with {@code getIfPresent}; {@code clockpro-jcache} and {@code caffeine-jcache} read
 * a {@link Cache} from clockpro's and Caffeine's JCache providers with {@code get}, storing by reference, with the
 * default eternal expiry and statistics off, so the difference to the core is what the provider adds to a hit.
 * The heap is compacted after the fill. The secondary result {@code readMisses} should be 0.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class JCacheHitBenchmark {

  private static final String CAFFEINE_PROVIDER = "com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider";

  @Param({"clockpro", "clockpro-jcache", "caffeine-jcache"})
  public String implementation;

  @Param({"100000"})
  public int capacity;

  ZipfianKeys keys;
  Function<Long, Long> read;
  private CachingProvider provider;

  /** Builds the cache and puts every key. */
  @Setup(Level.Trial)
  public void createCache() {
    keys = new ZipfianKeys(capacity);
    switch (implementation) {
      case "clockpro" -> {
        ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(capacity).build();
        keys.prefill(cache::put);
        read = cache::getIfPresent;
      }
      case "clockpro-jcache" -> {
        ClockProConfiguration<Long, Long> configuration = new ClockProConfiguration<Long, Long>()
            .setMaximumSize(capacity);
        configuration.setTypes(Long.class, Long.class).setStoreByValue(false);
        read = jcache(ClockProCachingProvider.class.getName(), configuration);
      }
      case "caffeine-jcache" -> {
        MutableConfiguration<Long, Long> configuration = new MutableConfiguration<Long, Long>()
            .setTypes(Long.class, Long.class)
            .setStoreByValue(false);
        read = jcache(CAFFEINE_PROVIDER, configuration);
      }
      default -> throw new IllegalArgumentException("unknown implementation '" + implementation + "'");
    }
    // The fills allocate differently (a JCache put allocates a compute function per entry, the core's put
    // nothing), which would leave the entries spread differently over the heap. A full collection compacts the
    // heap in every case before the hits are measured.
    System.gc();
  }

  private Function<Long, Long> jcache(String providerName, MutableConfiguration<Long, Long> configuration) {
    provider = Caching.getCachingProvider(providerName);
    CacheManager manager = provider.getCacheManager();
    Cache<Long, Long> cache = manager.createCache("hits", configuration);
    keys.prefill(cache::put);
    return cache::get;
  }

  /** Closes the JCache provider, if one was used. */
  @TearDown(Level.Trial)
  public void close() {
    if (provider != null) {
      provider.close();
    }
  }

  /** One hit. */
  @Benchmark
  public Long get(ThreadReads reads) {
    return reads.counted(read.apply(keys.next(reads.random)));
  }
}
