package io.github.clockpro.bench.latency;

import io.github.clockpro.bench.Arguments;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures what it costs to hand a cache line from one processor to another on this machine: two threads take
 * turns writing one counter, each spinning until the other has written, and the command prints the time per
 * one-way handoff for each quarter of a second. A lock whose owner alternates between two threads pays about this
 * much for every line its critical section wrote on the other thread's processor (docs/decisions.md, "Misses are
 * bimodal").
 *
 * <pre>
 * java -jar clockpro-lab.jar handoff [--seconds N]
 * </pre>
 */
public final class HandoffCommand {

  /** One line of the lab's usage text. */
  public static final String USAGE = "handoff [--seconds 10]";

  private static final long QUARTER_SECOND = 250_000_000L;

  private HandoffCommand() {}

  /**
   * Runs the measurement.
   *
   * @param arguments {@code --seconds N}, how long to measure (default 10)
   */
  public static void run(String[] arguments) {
    Arguments parsed = Arguments.parse("handoff", arguments, Set.of("seconds"), Set.of());
    int seconds = parsed.intValue("seconds", 10, 1, 3_600);
    AtomicLong turn = new AtomicLong();
    Thread partner = new Thread(() -> {
      for (long mine = 1; ; mine += 2) {
        awaitAndPass(turn, mine);
      }
    }, "handoff-partner");
    partner.setDaemon(true);
    partner.start();
    long mine = 0;
    for (int quarter = 1; quarter <= seconds * 4; quarter++) {
      long start = System.nanoTime();
      long rounds = 0;
      while (System.nanoTime() - start < QUARTER_SECOND) {
        for (int round = 0; round < 1_000; round++, mine += 2) {
          awaitAndPass(turn, mine);
        }
        rounds += 1_000;
      }
      System.out.printf(Locale.ROOT, "%6.2f s  %6.1f ns per handoff%n", quarter / 4.0,
          (System.nanoTime() - start) / (rounds * 2.0));
    }
  }

  /** Spins until the counter reads {@code value}, then writes the partner's turn. */
  private static void awaitAndPass(AtomicLong turn, long value) {
    while (turn.get() != value) {
      Thread.onSpinWait();
    }
    turn.lazySet(value + 1);
  }
}
