package io.github.clockpro.bench.latency;

import io.github.clockpro.bench.Arguments;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
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
    double[] quarters = measure(seconds * 4);
    for (int quarter = 0; quarter < quarters.length; quarter++) {
      System.out.printf(Locale.ROOT, "%6.2f s  %6.1f ns per handoff%n", (quarter + 1) / 4.0, quarters[quarter]);
    }
  }

  /**
   * Measures for one second and returns the median of its quarters' times per handoff.
   *
   * @return nanoseconds per one-way handoff
   */
  public static double medianOfOneSecond() {
    double[] quarters = measure(4);
    Arrays.sort(quarters);
    return (quarters[1] + quarters[2]) / 2;
  }

  /** Runs the two threads for this many quarter seconds; returns each quarter's nanoseconds per handoff. */
  private static double[] measure(int quarters) {
    AtomicLong turn = new AtomicLong();
    AtomicBoolean done = new AtomicBoolean();
    Thread partner = new Thread(() -> {
      long partnerTurn = 1;
      while (awaitAndPass(turn, partnerTurn, done)) {
        partnerTurn += 2;
      }
    }, "handoff-partner");
    partner.setDaemon(true);
    partner.start();
    double[] nanosPerHandoff = new double[quarters];
    long mine = 0;
    for (int quarter = 0; quarter < quarters; quarter++) {
      long start = System.nanoTime();
      long rounds = 0;
      while (System.nanoTime() - start < QUARTER_SECOND) {
        for (int round = 0; round < 1_000; round++, mine += 2) {
          awaitAndPass(turn, mine, done);
        }
        rounds += 1_000;
      }
      nanosPerHandoff[quarter] = (System.nanoTime() - start) / (rounds * 2.0);
    }
    done.set(true);
    return nanosPerHandoff;
  }

  /**
   * Spins until the counter reads {@code value}, then writes the other thread's turn.
   *
   * @return false if the measurement ended while waiting
   */
  private static boolean awaitAndPass(AtomicLong turn, long value, AtomicBoolean done) {
    while (turn.get() != value) {
      if (done.get()) {
        return false;
      }
      Thread.onSpinWait();
    }
    turn.lazySet(value + 1);
    return true;
  }
}
