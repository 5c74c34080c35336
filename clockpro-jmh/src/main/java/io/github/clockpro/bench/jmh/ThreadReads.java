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
 * Per-thread state of a benchmark on a cache that holds every key: the thread's key generator and the count of
 * its reads that missed, reported as the secondary result {@code readMisses}, which should be 0.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ThreadReads {
  /** Reads of this thread in the iteration that found no value. */
  public long readMisses;

  SplittableRandom random;

  /** Resets the counter; creates the thread's generator on the first iteration. */
  @Setup(Level.Iteration)
  public void startIteration(ThreadParams threadParams) {
    readMisses = 0;
    if (random == null) {
      random = ThreadSeeds.generator(threadParams.getThreadIndex());
    }
  }

  /** Returns the value read, counting it if it is a miss. */
  <T> T counted(T value) {
    if (value == null) {
      readMisses++;
    }
    return value;
  }
}
