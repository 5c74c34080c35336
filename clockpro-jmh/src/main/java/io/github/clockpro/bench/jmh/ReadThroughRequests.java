package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.ThreadSeeds;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Per-thread state of a read-through benchmark: the thread's key generator and the secondary results that give
 * the hit rate, {@code requests} (the keys this thread asked for in the iteration) and {@code misses} (the keys the
 * function loaded in the iteration, over all threads, reported by thread 0 only so that the sum over the threads
 * counts each load once).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ReadThroughRequests {
  /** Keys this thread asked for in the iteration; the benchmark adds to it. */
  public long requests;

  SplittableRandom random;
  private LoadCounter loads;
  /** Whether this thread reports the loads of all threads; thread 0 does. */
  private boolean reportsLoads;
  private long loadedAtStart;

  /** Resets the counters; creates the thread's generator on the first iteration. */
  @Setup(Level.Iteration)
  public void startIteration(ThreadParams threadParams, LoadCounter loads) {
    requests = 0;
    if (random == null) {
      random = ThreadSeeds.generator(threadParams.getThreadIndex());
    }
    this.loads = loads;
    reportsLoads = threadParams.getThreadIndex() == 0;
    loadedAtStart = loads.sum();
  }

  /** The keys the function loaded in the iteration, over all threads; reported by thread 0 only. */
  public long misses() {
    return reportsLoads ? loads.sum() - loadedAtStart : 0;
  }
}
