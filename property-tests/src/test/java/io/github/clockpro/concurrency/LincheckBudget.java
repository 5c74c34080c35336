package io.github.clockpro.concurrency;

import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * The Lincheck settings shared by the concurrency tests: three threads of three operations each, after two
 * sequential ones, and a number of iterations read from {@code -Dclockpro.lincheck.iterations} (the default build
 * sets 10; the exhaustive profile 100 times as many).
 */
public final class LincheckBudget {

  private static final int DEFAULT_ITERATIONS = 10;

  private LincheckBudget() {}

  /**
   * The model checker's options. The engine's stack check ({@code Headroom}) descends 32 frames that touch no
   * shared memory; the checker would take that recursion for a hang, so it is ignored: it has no interleavings to
   * explore.
   */
  public static ModelCheckingOptions modelChecking() {
    return new ModelCheckingOptions()
        .addGuarantee(ManagedStrategyGuaranteeKt.forClasses("io.github.clockpro.engine.Headroom").allMethods().ignore())
        .iterations(iterations())
        .invocationsPerIteration(100)
        .threads(3)
        .actorsPerThread(3)
        .actorsBefore(2)
        .actorsAfter(1);
  }

  public static StressOptions stress() {
    return new StressOptions()
        .iterations(iterations())
        .invocationsPerIteration(1_000)
        .threads(3)
        .actorsPerThread(3)
        .actorsBefore(2)
        .actorsAfter(1);
  }

  private static int iterations() {
    return Integer.getInteger("clockpro.lincheck.iterations", DEFAULT_ITERATIONS);
  }
}
