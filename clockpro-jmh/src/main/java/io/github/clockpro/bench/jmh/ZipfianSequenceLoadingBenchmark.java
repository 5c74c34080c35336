package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.Bound;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
import io.github.clockpro.peers.ZipfianGenerator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Read-through with Zipfian keys (exponent 0.99) over {@code factor x capacity} keys, where every miss costs
 * {@code Blackhole.consumeCPU(1000)} in the loader: the shape of cache2k's ZipfianSequenceLoadingBenchmark.
 * Throughput is requests per second over all threads; the secondary results {@code requests} and {@code misses}
 * give the effective hit rate, and for ours {@code evictions} and {@code entriesExamined} give the scan work per
 * eviction.
 *
 * <p>Each thread draws its own key sequence online from its own generator, so there is no short loop an
 * eviction policy could learn. The cache is warmed with {@code 2 x capacity} draws at no miss cost before the
 * first iteration.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class ZipfianSequenceLoadingBenchmark {

  /** The CPU cost of one load, in {@link Blackhole#consumeCPU} tokens. */
  static final long MISS_PENALTY_TOKENS = 1_000;

  @Param({"clockpro", "caffeine", "cache2k"})
  public String implementation;

  @Param({"100000", "1000000"})
  public int capacity;

  @Param({"2", "10", "20"})
  public int factor;

  /**
   * The expiry of every implementation ({@link Expiration}): {@code none} by default; the report also runs
   * {@code afterWrite}, one minute, which no entry reaches within a run, so the row measures what an expiring
   * cache costs on the same requests (deadlines and timers), not the removal of expired entries.
   */
  @Param({"none"})
  public String expiry;

  /**
   * How every implementation is bounded ({@link Bound}): {@code size} by default; the report also runs
   * {@code weight}, the same capacity as a maximum weight with a weigher that weighs every entry 1, so the row
   * measures what a weighted cache costs on the same requests.
   */
  @Param({"size"})
  public String bound;

  PeerCache<Long, Long> cache;
  KeySpace keys;
  ZipfianGenerator zipfian;

  /** Builds and warms the cache. */
  @Setup(Level.Trial)
  public void createCache() {
    cache = Implementation.named(implementation).create(capacity, Expiration.named(expiry), Bound.named(bound));
    keys = new KeySpace((long) capacity * factor);
    zipfian = new ZipfianGenerator(keys.size(), ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(-1);
    Function<Long, Long> freeLoader = key -> key;
    for (long draw = 0; draw < 2L * capacity; draw++) {
      cache.get(keys.key(zipfian.next(random)), freeLoader);
    }
  }

  /** Releases the cache. */
  @TearDown(Level.Trial)
  public void closeCache() {
    cache.close();
  }

  /** Per-thread key generator and counters, reported as secondary results. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Requests {
    /** Requests made by this thread in the iteration. */
    public long requests;
    /** Requests of this thread that ran the loader. */
    public long misses;

    SplittableRandom random;
    final Function<Long, Long> loader = key -> {
      misses++;
      Blackhole.consumeCPU(MISS_PENALTY_TOKENS);
      return key;
    };
    private final EvictionCounts evictionCounts = new EvictionCounts();

    /** Resets the counters; creates the thread's generator on the first iteration. */
    @Setup(Level.Iteration)
    public void startIteration(ThreadParams threadParams, ZipfianSequenceLoadingBenchmark benchmark) {
      requests = 0;
      misses = 0;
      if (random == null) {
        random = ThreadSeeds.generator(threadParams.getThreadIndex());
      }
      evictionCounts.start(benchmark.cache, threadParams.getThreadIndex() == 0);
    }

    // The counts of EvictionCounts, which JMH reports only as public methods of this class.

    public long evictions() {
      return evictionCounts.evictions();
    }

    public long entriesExamined() {
      return evictionCounts.entriesExamined();
    }

    public long lockWaits() {
      return evictionCounts.lockWaits();
    }

    public long lockWaitNanos() {
      return evictionCounts.lockWaitNanos();
    }
  }

  /** One read-through request. */
  @Benchmark
  public Long get(Requests requests) {
    requests.requests++;
    return cache.get(keys.key(zipfian.next(requests.random)), requests.loader);
  }
}
