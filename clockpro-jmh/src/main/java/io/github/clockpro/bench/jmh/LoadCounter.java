package io.github.clockpro.bench.jmh;

import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The keys a read-through benchmark's function loaded, over all threads: one per trial, shared by the benchmark,
 * whose function adds to it, and each thread's {@link ReadThroughRequests}, which reports it. The adder is written
 * by any thread without a lock.
 */
@State(Scope.Benchmark)
public class LoadCounter {

  private final LongAdder loaded = new LongAdder();

  /** Counts {@code keys} keys loaded. */
  void add(long keys) {
    loaded.add(keys);
  }

  /** The keys loaded so far. */
  long sum() {
    return loaded.sum();
  }
}
