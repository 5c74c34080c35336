package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
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
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Read-through with uniformly random keys and a free loader: no key is more popular than another, so no policy
 * can beat {@code capacity / keys} as hit rate, and every miss evicts. The key space is sized so that this
 * bound is the target hit rate ({@code hitRate} percent). The worst case for CLOCK-style eviction, whose hands
 * find many recently referenced entries; the shape of cache2k's RandomSequenceBenchmark.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class RandomSequenceBenchmark {

  @Param({"clockpro", "caffeine", "cache2k"})
  public String implementation;

  @Param({"100000"})
  public int capacity;

  @Param({"50", "80", "95"})
  public int hitRate;

  PeerCache<Long, Long> cache;
  KeySpace keys;

  /** Builds and warms the cache. */
  @Setup(Level.Trial)
  public void createCache() {
    cache = Implementation.named(implementation).create(capacity);
    keys = new KeySpace(capacity * 100L / hitRate);
    SplittableRandom random = new SplittableRandom(-1);
    Function<Long, Long> loader = key -> key;
    for (long draw = 0; draw < 2L * capacity; draw++) {
      cache.get(keys.key(random.nextLong(keys.size())), loader);
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
      return key;
    };
    private final EvictionCounts evictionCounts = new EvictionCounts();

    /** Resets the counters; creates the thread's generator on the first iteration. */
    @Setup(Level.Iteration)
    public void startIteration(ThreadParams threadParams, RandomSequenceBenchmark benchmark) {
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
    return cache.get(keys.key(requests.random.nextLong(keys.size())), requests.loader);
  }
}
