package io.github.clockpro.differential;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.arbitrary;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.github.clockpro.TheoryBudget;
import io.github.clockpro.differential.Settings.ExpiryKind;
import io.github.clockpro.differential.Step.Operation;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Runs random operation sequences on clockpro and on Caffeine, built with the same options and sharing one
 * hand-moved ticker, and requires every observable outcome whose contract is the same to agree: values returned,
 * exceptions thrown (by type), entries present after expiry, removals reported with their causes, and how often
 * loaders and functions ran. Caffeine is the oracle where the contracts are equal.
 *
 * <p>What is compared, and what is left out by design:
 * <ul>
 *   <li>Each step's return value or exception, its explicit removals and replacements (as a multiset) and the calls
 *       of its loader or function must be equal: see {@link Outcome}.
 *   <li>Expirations are compared as a multiset over the whole sequence, once both caches have removed every
 *       entry: clockpro removes expired entries in bounded steps, Caffeine in its maintenance, so the step that
 *       reports one differs by design. Whether an entry has expired is compared by every read.
 *   <li>Eviction for size is not compared: its choice of victim differs by design (CLOCK-Pro against W-TinyLFU).
 *       Both caches are bounded far above what the keys can fill ({@link Settings#MAXIMUM}).
 *   <li>Caffeine does not move a write or access time by a second or less; each sequence keeps its times where that
 *       approximation cannot show (see {@link TimeScale}).
 *   <li>After {@code cleanUp()}, Caffeine may still hold expired entries (its {@code cleanUp()} promises no
 *       particular work), clockpro must not: its size and weight are checked against its live entries, except
 *       with a variable {@code Expiry} (see {@link DifferentialSequence}).
 * </ul>
 *
 * <p>{@code -Dclockpro.differential.sequences} sets how many sequences run (10,000 by default); {@code -DQT_SEED}
 * replays a reported seed. A failure prints the shortest failing sequence {@link DifferentialShrinker} found, as
 * Java statements, with the seed and the arguments that replay it.
 */
class CaffeineDifferentialTest {

  /** Sequences per run when {@code clockpro.differential.sequences} is not set. */
  private static final int DEFAULT_SEQUENCES = 10_000;
  /** The most steps in one sequence. */
  private static final int MAXIMUM_STEPS = 120;
  /** The most keys a sequence uses: few, so that steps meet the same entries often. */
  private static final int MAXIMUM_KEYS = 12;

  /**
   * Both libraries log a reload that fails, which the sequences make happen thousands of times; the loggers are
   * held here so that their level stays set while the test runs.
   */
  private static final List<Logger> QUIETED = List.of(Logger.getLogger("com.github.benmanes.caffeine"),
      Logger.getLogger("io.github.clockpro"));

  @BeforeAll
  static void quietReloadFailures() {
    QUIETED.forEach(logger -> logger.setLevel(Level.OFF));
  }

  @AfterAll
  static void restoreLogging() {
    QUIETED.forEach(logger -> logger.setLevel(null));
  }

  @Test
  void shouldAgreeWithCaffeineOnEveryObservableOutcome() {
    long seed = TheoryBudget.seed();
    int examples = Integer.getInteger("clockpro.differential.sequences", DEFAULT_SEQUENCES);
    AtomicReference<DifferentialSequence> lastFailing = new AtomicReference<>();
    try {
      qt().withExamples(examples).withShrinkCycles(0).withFixedSeed(seed)
          .forAll(sequences()).describedAs(DifferentialSequence::summary).checkAssert(sequence -> {
            try {
              sequence.run();
            } catch (Disagreement failure) {
              lastFailing.set(sequence);
              throw failure;
            }
          });
    } catch (AssertionError report) {
      if (lastFailing.get() == null) {
        throw report;
      }
      DifferentialShrinker.Shrunk shrunk = DifferentialShrinker.shrink(lastFailing.get());
      AssertionError failure = new AssertionError("clockpro and Caffeine disagree; shortest failing sequence (of "
          + lastFailing.get().steps().size() + " steps, " + shrunk.runs() + " runs to shorten it), seed " + seed
          + ", replay with " + TheoryBudget.replayArguments(CaffeineDifferentialTest.class,
          "shouldAgreeWithCaffeineOnEveryObservableOutcome", seed) + System.lineSeparator() + shrunk.sequence()
          + System.lineSeparator() + "disagree at " + shrunk.failure().getMessage(), shrunk.failure());
      failure.addSuppressed(report);
      throw failure;
    }
  }

  private static Gen<DifferentialSequence> sequences() {
    Gen<ExpiryKind> kinds = arbitrary().enumValues(ExpiryKind.class);
    Gen<TimeScale> scales = arbitrary().enumValues(TimeScale.class);
    Gen<Integer> lifetimes = arbitrary().pick(0, 1, 3, TimeScale.MAXIMUM_UNITS);
    // A start below zero makes the time pass zero within a sequence.
    Gen<Long> starts = arbitrary().pick(0L, -Duration.ofHours(3).toNanos());
    Gen<Settings> expiries = kinds.zip(scales, lifetimes, starts, (kind, scale, lifetime, start) ->
        new Settings(kind, scale, lifetime, false, false, 1, start, Settings.References.STRONG));
    // Half the runs hold keys and values strongly, the others by one of the three kinds of reference.
    Gen<Settings.References> references = arbitrary().pick(Settings.References.STRONG, Settings.References.STRONG,
        Settings.References.STRONG, Settings.References.WEAK_KEYS, Settings.References.WEAK_VALUES,
        Settings.References.SOFT_VALUES);
    Gen<Settings> withReferences = expiries.zip(references, (expiry, held) -> new Settings(expiry.expiry(),
        expiry.scale(), expiry.lifetimeUnits(), false, false, 1, expiry.start(), held));
    Gen<Settings> settings = withReferences.zip(booleans().all(), booleans().all(),
        integers().between(1, MAXIMUM_KEYS), (chosen, weighted, bulkLoader, keys) -> new Settings(chosen.expiry(),
            chosen.scale(), chosen.lifetimeUnits(), weighted, bulkLoader, keys, chosen.start(), chosen.references()));
    return settings.flatMap(chosen -> lists().of(steps(chosen.keys())).ofSizeBetween(0, MAXIMUM_STEPS)
        .map(steps -> new DifferentialSequence(chosen, steps)));
  }

  /** Steps on the keys 0 to {@code keys - 1}, each operation as often as its weight says. */
  private static Gen<Step> steps(int keys) {
    int totalWeight = 0;
    for (Operation operation : Operation.values()) {
      totalWeight += operation.weight;
    }
    Gen<Operation> operations = integers().between(0, totalWeight - 1).map(CaffeineDifferentialTest::operationAt);
    Gen<Integer> keyIds = integers().between(0, keys - 1);
    // Ten values that are shared instances (up to 127) and ten that are boxed afresh at each write (from 128).
    Gen<Integer> values = integers().between(0, 19).map(draw -> draw < 10 ? draw : 108 + draw);
    // A function returns a value in six draws of twelve, null in two, the value present in two, and fails in two.
    Gen<Answer> answers = integers().between(0, 11).map(draw -> draw < 6 ? Answer.VALUE : draw < 8 ? Answer.NULL
        : draw < 10 ? Answer.PRESENT : draw == 10 ? Answer.FAILURE : Answer.CHECKED_FAILURE);
    Gen<Integer> amounts = integers().between(0, 9_999);
    return operations.zip(keyIds, keyIds, (operation, key, otherKey) -> new Step(operation, key, otherKey, 0,
            Answer.VALUE, 0))
        .zip(values, answers, amounts, (step, value, answer, amount) -> new Step(step.operation(), step.key(),
            step.otherKey(), value, answer, amount));
  }

  private static Operation operationAt(int draw) {
    int remaining = draw;
    for (Operation operation : Operation.values()) {
      if (remaining < operation.weight) {
        return operation;
      }
      remaining -= operation.weight;
    }
    throw new IllegalArgumentException("draw " + draw + " exceeds the total weight");
  }
}
