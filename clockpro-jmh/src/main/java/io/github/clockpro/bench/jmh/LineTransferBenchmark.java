package io.github.clockpro.bench.jmh;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What it costs to move one cache line from one processor to the other and back: two threads take turns on one
 * counter, each waiting until the other has written it. Not a cache benchmark, but the machine's: every critical
 * section of an eviction lock that two writers take in turn moves the lines the other wrote last in the same way,
 * so a change in this figure from one iteration to the next (a virtual machine whose two processors the host
 * places on one die, then on two) shows up in every lock-bound benchmark as a change of mode. Each iteration
 * reports the round trips per second; a round trip moves the line twice.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 20, time = 1)
@Fork(1)
public class LineTransferBenchmark {

  /** Even while it is the first thread's turn, odd while it is the second's. */
  private final AtomicLong turn = new AtomicLong();

  /** The first thread: waits for an even count and makes it odd. */
  @Benchmark
  @Group("pingPong")
  public long ping() {
    return passTurn(0);
  }

  /** The second thread: waits for an odd count and makes it even. */
  @Benchmark
  @Group("pingPong")
  public long pong() {
    return passTurn(1);
  }

  /**
   * Waits for this side's turn and passes it on. The wait gives up after a bounded number of rounds, so that when
   * JMH stops one side first, the other ends its iteration too; such a round counts as an operation, at most once
   * per iteration.
   */
  private long passTurn(long parity) {
    for (int round = 0; round < 1 << 20; round++) {
      long current = turn.get();
      if ((current & 1) == parity) {
        turn.set(current + 1);
        return current;
      }
      Thread.onSpinWait();
    }
    return -1;
  }
}
