package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.ByteStore;
import io.github.clockpro.peers.OffHeapPeer;
import io.github.clockpro.peers.ZipfianGenerator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Gets and puts of byte-array values through the off-heap caches and the heap caches holding the same bytes: keys
 * Zipfian (exponent 0.99) over twice the entries the capacity holds, a read that misses followed by nothing (the
 * writes are the separate share of puts). Values of 64 B, 512 B, 4 KiB, or mixed (sizes drawn from 16 B to 4 KiB,
 * log-uniform). Run with {@code -t 1} and {@code -t 2}, and {@code -prof io.github.clockpro.bench.jmh.CpuTimeProfiler}
 * for the CPU time per operation; the separate {@code get} and {@code put} methods (JMH's {@code @Group}-free
 * variant) measure each kind on its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OffHeapGetPutBenchmark {

  @Param({"clockpro-offheap", "ohc-linked", "clockpro-heap", "caffeine"})
  public String cache;

  @Param({"512"})
  public String valueSize;

  @Param({"90"})
  public int readPercent;

  @Param({"268435456"})
  public long capacityBytes;

  ByteStore store;
  long keySpace;
  byte[][] values;

  @Setup(Level.Trial)
  public void setUp() {
    values = ValueSizes.named(valueSize).values(new SplittableRandom(1));
    int largest = 0;
    long total = 0;
    for (byte[] value : values) {
      largest = Math.max(largest, value.length);
      total += value.length + Long.BYTES;
    }
    long perEntry = total / values.length;
    keySpace = 2 * (capacityBytes / perEntry);
    store = OffHeapPeer.named(cache).create(capacityBytes, largest);
    SplittableRandom random = new SplittableRandom(2);
    for (long key = 0; key < keySpace; key++) {
      store.put(random.nextLong(keySpace), values[(int) (key % values.length)]);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    store.close();
  }

  /** Each thread's own key generator. */
  @State(Scope.Thread)
  public static class ThreadKeys {
    private static final AtomicInteger SEEDS = new AtomicInteger();
    SplittableRandom random;
    ZipfianGenerator keys;

    @Setup(Level.Trial)
    public void setUp(OffHeapGetPutBenchmark benchmark) {
      random = new SplittableRandom(SEEDS.incrementAndGet());
      keys = new ZipfianGenerator(benchmark.keySpace, ZipfianGenerator.DEFAULT_EXPONENT);
    }
  }

  /** A read ({@code readPercent} of the operations) or a put of the key. */
  @Benchmark
  public void mixed(ThreadKeys thread, Blackhole blackhole) {
    long key = thread.keys.next(thread.random);
    if (thread.random.nextInt(100) < readPercent) {
      blackhole.consume(store.get(key));
    } else {
      store.put(key, values[(int) (key % values.length)]);
    }
  }

  /** Reads only. */
  @Benchmark
  public void get(ThreadKeys thread, Blackhole blackhole) {
    blackhole.consume(store.get(thread.keys.next(thread.random)));
  }

  /** Puts only. */
  @Benchmark
  public void put(ThreadKeys thread) {
    long key = thread.keys.next(thread.random);
    store.put(key, values[(int) (key % values.length)]);
  }
}
