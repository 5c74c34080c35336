package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.cache.BenchmarkCache;
import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.workload.KeySpace;
import io.github.clockpro.bench.workload.ThreadSeeds;
import io.github.clockpro.bench.workload.ZipfianGenerator;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One implementation's side of a paired comparison: a cache, its key space and one generator per thread, and the
 * bursts that run the workload on them.
 *
 * <p>{@link PairedComparison} loads this class once per implementation, each time in a class loader of its own,
 * and calls it by reflection; so its constructor and {@link #burst} take and return JDK types only. Each copy is
 * compiled by the JIT for one implementation alone: the call sites into the cache see one receiver class, as
 * they do in a JMH fork.
 *
 * <p>Each burst's threads create their generators themselves, so that each generator lies in its own thread's
 * allocation buffer: two generators made one after the other by one thread would share a cache line, and every
 * draw of one thread would then take that line away from the other (false sharing, which made whole JVMs of
 * this comparison slow for one implementation and not another). Each thread seeds its generator from a seed of
 * its own that advances from burst to burst, so every burst draws new keys. Not thread-safe: one burst at a
 * time.
 */
public final class BurstDriver {

  private static final int BATCH = 256;

  private final BenchmarkCache cache;
  private final KeySpace keys;
  /** The Zipfian generator of ranks; {@code null} for {@code random}, which draws keys uniformly. */
  private final ZipfianGenerator zipfian;
  private final boolean readThrough;
  private final long missCost;
  /** The seed of each thread's generator in the next burst. */
  private final long[] seeds;

  /**
   * Builds and warms the cache: for {@code zipfian} and {@code random}, {@code 2 x capacity} read-through draws
   * with a free loader, as the JMH benchmarks do; for {@code hits}, a put of every key.
   *
   * @param implementation an {@link Implementation#displayName()}
   * @param kind {@link PairedWorkload#kind()}
   * @param capacity the cache's maximum size
   * @param factor the key space over the capacity
   * @param missCost the loader's cost in {@link Blackhole#consumeCPU} tokens
   * @param hitRate for {@code random}, the hit rate in percent that sizes the key space
   * @param threads the threads a burst runs
   */
  public BurstDriver(String implementation, String kind, int capacity, int factor, long missCost, int hitRate,
      int threads) {
    PairedWorkload workload = new PairedWorkload(kind, capacity, factor, missCost, hitRate, threads);
    this.cache = Implementation.named(implementation).create(capacity);
    this.readThrough = !workload.kind().equals(PairedWorkload.HITS);
    this.keys = new KeySpace(workload.keyCount());
    this.zipfian = workload.kind().equals(PairedWorkload.RANDOM)
        ? null : new ZipfianGenerator(keys.size(), ZipfianGenerator.DEFAULT_EXPONENT);
    this.missCost = missCost;
    if (readThrough) {
      SplittableRandom warm = new SplittableRandom(-1);
      Function<Long, Long> free = key -> key;
      for (long draw = 0; draw < 2L * capacity; draw++) {
        cache.get(nextKey(warm), free);
      }
    } else {
      for (long index = 0; index < capacity; index++) {
        cache.put(keys.key(index), keys.key(index));
      }
    }
    this.seeds = new long[threads];
    for (int thread = 0; thread < threads; thread++) {
      seeds[thread] = ThreadSeeds.of(thread);
    }
  }

  /**
   * Runs the workload on every thread for about {@code millis} milliseconds.
   *
   * @return the operations done, the misses among them, and the wall time in nanoseconds, from the start of the
   *     first thread to the end of the last
   * @throws InterruptedException if interrupted while waiting for the threads
   */
  public long[] burst(long millis) throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    long[] operations = new long[seeds.length];
    long[] misses = new long[seeds.length];
    Thread[] threads = new Thread[seeds.length];
    for (int index = 0; index < threads.length; index++) {
      int thread = index;
      threads[thread] = new Thread(() -> {
        SplittableRandom random = new SplittableRandom(seeds[thread]);
        long[] loads = new long[1];
        Function<Long, Long> loader = loader(loads);
        long done = 0;
        long absent = 0;
        while (!stop.get()) {
          for (int step = 0; step < BATCH; step++) {
            Long key = nextKey(random);
            if (readThrough) {
              cache.get(key, loader);
            } else if (cache.getIfPresent(key) == null) {
              absent++;
            }
          }
          done += BATCH;
        }
        operations[thread] = done;
        misses[thread] = readThrough ? loads[0] : absent;
        seeds[thread] = random.nextLong(); // the next burst's seed: read after join, which orders it
      }, "paired-" + thread);
    }
    long start = System.nanoTime();
    for (Thread thread : threads) {
      thread.start();
    }
    Thread.sleep(millis);
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }
    long wall = System.nanoTime() - start;
    long totalOperations = 0;
    long totalMisses = 0;
    for (int thread = 0; thread < threads.length; thread++) {
      totalOperations += operations[thread];
      totalMisses += misses[thread];
    }
    return new long[] {totalOperations, totalMisses, wall};
  }

  /**
   * The loader of one thread's burst, which counts its calls in {@code loads[0]}: for {@code random} it costs
   * nothing else, as in RandomSequence; otherwise it burns the miss cost.
   */
  private Function<Long, Long> loader(long[] loads) {
    if (zipfian == null) {
      return key -> {
        loads[0]++;
        return key;
      };
    }
    return key -> {
      loads[0]++;
      Blackhole.consumeCPU(missCost);
      return key;
    };
  }

  /** Draws a key: Zipfian by rank, or uniformly over the key space for {@code random}, as RandomSequence does. */
  private Long nextKey(SplittableRandom random) {
    return keys.key(zipfian != null ? zipfian.next(random) : random.nextLong(keys.size()));
  }

  /** Releases the cache. */
  public void close() {
    cache.close();
  }
}
