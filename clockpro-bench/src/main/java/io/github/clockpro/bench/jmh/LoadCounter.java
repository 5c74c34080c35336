package io.github.clockpro.bench.jmh;

import java.util.concurrent.atomic.LongAdder;

/**
 * The keys a read-through benchmark's function loaded, over all threads, and one iteration's share of them for
 * the secondary result {@code misses}. Each thread's per-iteration state takes a {@link #startIteration} at the
 * start of the iteration; only thread 0's reports the loads, so that the sum over the threads counts each load
 * once. The adder is written by any thread without a lock.
 */
final class LoadCounter {

  private final LongAdder loaded = new LongAdder();

  /** Counts {@code keys} keys loaded. */
  void add(long keys) {
    loaded.add(keys);
  }

  /** Starts one thread's iteration: the loads it will report. */
  Iteration startIteration(int threadIndex) {
    return new Iteration(threadIndex == 0, loaded.sum());
  }

  /** The loads one thread reports for one iteration: all threads' since its start for thread 0, else none. */
  final class Iteration {
    private final boolean reportsLoads;
    private final long loadedAtStart;

    private Iteration(boolean reportsLoads, long loadedAtStart) {
      this.reportsLoads = reportsLoads;
      this.loadedAtStart = loadedAtStart;
    }

    /** The keys loaded since the iteration started, over all threads; 0 for every thread but thread 0. */
    long loads() {
      return reportsLoads ? loaded.sum() - loadedAtStart : 0;
    }
  }
}
