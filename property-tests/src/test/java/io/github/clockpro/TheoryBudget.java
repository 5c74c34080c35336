package io.github.clockpro;

import static org.quicktheories.QuickTheory.qt;

import org.quicktheories.QuickTheory;
import org.quicktheories.core.Configuration;

/**
 * The QuickTheories settings shared by the properties, read from QuickTheories' own system properties:
 * {@code QT_EXAMPLES} (the module's pom sets 200, the exhaustive profile 20,000, the mutation profile 10),
 * {@code QT_SHRINKS} and {@code QT_SEED}. A property that fails prints its seed; running it again with
 * {@code -DQT_SEED=<seed>} generates the same values in the same order.
 */
public final class TheoryBudget {

  /** Examples per property when {@code QT_EXAMPLES} is not set, as in an IDE. */
  private static final int DEFAULT_EXAMPLES = 200;
  /**
   * QuickTheories' shrink cycles when {@code QT_SHRINKS} is not set: its own default, 100 per example, would
   * rerun a failing 400-action sequence 20,000 times. The properties remove actions themselves afterwards.
   */
  private static final int DEFAULT_SHRINK_CYCLES = 500;

  private TheoryBudget() {}

  /** The seed of this run: {@code QT_SEED}, or a new one. */
  public static long seed() {
    return Long.getLong(Configuration.SEED, System.nanoTime());
  }

  /** A theory with this budget and the given seed, which a failure's report names. */
  public static QuickTheory theory(long seed) {
    return qt()
        .withExamples(Integer.getInteger(Configuration.EXAMPLES, DEFAULT_EXAMPLES))
        .withShrinkCycles(Integer.getInteger(Configuration.SHRINKS, DEFAULT_SHRINK_CYCLES))
        .withFixedSeed(seed);
  }

  /** How to run a failed property again: the Maven arguments that replay its seed. */
  public static String replayArguments(Class<?> testClass, String method, long seed) {
    return "-Dtest=" + testClass.getSimpleName() + "#" + method + " -Dsurefire.failIfNoSpecifiedTests=false"
        + " -D" + Configuration.SEED + "=" + seed;
  }
}
