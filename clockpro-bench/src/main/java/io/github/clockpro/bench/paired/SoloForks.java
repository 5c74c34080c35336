package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.cache.Implementation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Measures each implementation alone in a fresh JVM, in rounds: each round forks one JVM per implementation, one
 * after another in an order that rotates from round to round, and clockpro's throughput over each peer's is taken
 * round by round, as {@link PairedComparison} takes it burst by burst.
 *
 * <h2>Why</h2>
 * A {@link PairedComparison} keeps the three implementations in one JVM, so that their bursts are a second apart
 * and the machine's drift cancels. But one JVM is shared state: the heap, the collector's work for all three
 * caches, the JIT's profiles of JDK code, and the order in which the drivers were built (see "Creation order" in
 * {@link PairedComparison}), which moved one implementation's throughput by about a tenth in scratch runs.
 * {@link PairedForks} balances the creation order, but the sharing stays. An application runs one cache in its
 * JVM, as JMH's forks do. Here each implementation has its JVM to itself, and the rounds keep the
 * implementations' forks a few seconds apart, so that drift over minutes still cancels in each round's ratio.
 * The price is a JVM start, and its warm-up bursts, per implementation and round.
 *
 * <p>Each fork runs the {@code paired} command for one implementation ({@code --only}), which measures
 * {@code bursts} bursts after {@code warmupBursts} more; its throughput is the operations over the wall time
 * of its measured bursts.
 */
public final class SoloForks {

  private SoloForks() {}

  /**
   * Runs {@code rounds} rounds of one fork per implementation of {@link Implementation#CONCURRENT}.
   *
   * @param workload what to measure
   * @param rounds the rounds, each forking one JVM per implementation; at least 1
   * @param bursts measured bursts per fork; at least 1
   * @param warmupBursts bursts each fork runs first and does not count; at least 0
   * @param burstMillis the length of one burst; at least 1
   * @return per implementation the totals of all its measured bursts; per peer one ratio per round
   * @throws IOException if a fork cannot be started or its result read
   * @throws InterruptedException if interrupted while waiting for a fork
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public static PairedResult run(PairedWorkload workload, int rounds, int bursts, int warmupBursts,
      long burstMillis) throws IOException, InterruptedException {
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be positive but was " + rounds);
    }
    if (bursts < 1) {
      throw new IllegalArgumentException("bursts must be positive but was " + bursts);
    }
    if (warmupBursts < 0) {
      throw new IllegalArgumentException("warmupBursts must not be negative but was " + warmupBursts);
    }
    new PairedComparison(workload, bursts, warmupBursts, burstMillis); // checks burstMillis before any fork
    List<Implementation> implementations = Implementation.CONCURRENT;
    List<PairedResult> forks = new ArrayList<>();
    Map<Implementation, List<Double>> ratios = new EnumMap<>(Implementation.class);
    for (Implementation implementation : implementations) {
      if (implementation != Implementation.CLOCKPRO) {
        ratios.put(implementation, new ArrayList<>());
      }
    }
    for (int round = 0; round < rounds; round++) {
      Map<Implementation, Double> throughput = new EnumMap<>(Implementation.class);
      for (int turn = 0; turn < implementations.size(); turn++) {
        Implementation implementation = implementations.get((round + turn) % implementations.size());
        System.out.printf("[paired] solo round %d of %d: %s%n", round + 1, rounds, implementation.displayName());
        PairedResult alone = PairedForks.fork(workload, burstMillis, file -> {
          List<String> arguments = PairedForks.forkArguments(workload, bursts, warmupBursts, burstMillis, false,
              file);
          arguments.addAll(List.of("--only", implementation.displayName()));
          return arguments;
        });
        forks.add(alone);
        throughput.put(implementation, alone.throughput(implementation));
      }
      ratios.forEach((peer, values) ->
          values.add(throughput.get(Implementation.CLOCKPRO) / throughput.get(peer)));
    }
    Map<Implementation, long[]> totals = PairedResult.merge(forks).totals(); // the forks of one implementation add up
    return new PairedResult(workload, rounds, burstMillis, totals, ratios, rounds); // each round has its own JVMs
  }
}
