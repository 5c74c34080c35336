package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.Bound;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads and writes on a prefilled cache that holds every key, with Zipfian keys (exponent 0.99): the shape of
 * Caffeine's GetPutBenchmark. A read is {@code getIfPresent} (a hit), a write a {@code put} that replaces the
 * value of a present key, so neither inserts nor evicts. {@code readPercent} 100, 75 and 0 give the read-only,
 * 75/25 and write-only mixes; each operation picks read or write at random. The secondary result
 * {@code readMisses} should be 0, confirming that every key stayed resident.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms1g"})
public class GetPutBenchmark {

  @Param({"clockpro", "caffeine", "cache2k"})
  public String implementation;

  @Param({"100000"})
  public int capacity;

  @Param({"100", "75", "0"})
  public int readPercent;

  /**
   * The expiry of every implementation ({@link Expiration}): {@code none} by default; the report also runs
   * {@code afterAccess}, one minute, with 100% reads, where each hit renews its entry's lifetime.
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
  ZipfianKeys keys;

  /** Builds the cache and puts every key. */
  @Setup(Level.Trial)
  public void createCache() {
    cache = Implementation.named(implementation).create(capacity, Expiration.named(expiry), Bound.named(bound));
    keys = new ZipfianKeys(capacity);
    keys.prefill(cache::put);
  }

  /** Releases the cache. */
  @TearDown(Level.Trial)
  public void closeCache() {
    cache.close();
  }

  /** One read or write. */
  @Benchmark
  public Long getPut(ThreadReads reads) {
    Long key = keys.next(reads.random);
    if (reads.random.nextInt(100) < readPercent) {
      return reads.counted(cache.getIfPresent(key));
    }
    cache.put(key, key);
    return key;
  }
}
