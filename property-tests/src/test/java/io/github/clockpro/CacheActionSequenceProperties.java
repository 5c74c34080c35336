package io.github.clockpro;

import static org.quicktheories.generators.SourceDSL.arbitrary;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.github.clockpro.Action.Operation;
import io.github.clockpro.CacheUnderTest.LoadOutcome;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Stateful properties: random sequences of cache and map operations on small caches (1 to 64 entries), where
 * eviction is constant, with every named invariant of {@link CacheInvariants} checked after every action.
 *
 * <p>Keys are drawn from a range about twice the capacity, so that keys repeat and the cache stays full; in half
 * the sequences, keys' hash codes collide in groups of four. QuickTheories generates the sequences
 * ({@link TheoryBudget} sets how many) and shrinks a failing one as far as its shrink cycles go; then
 * {@link ActionSequenceShrinker} leaves out actions until none can go. The failure names the shortest sequence,
 * the seed, and the arguments that replay it.
 */
class CacheActionSequenceProperties {

  /** The most actions in one sequence: enough to fill the largest cache several times over. */
  private static final int MAXIMUM_ACTIONS = 400;

  @Test
  void shouldKeepEveryInvariantAfterEveryAction() {
    checkEverySequence(sequences(false), "shouldKeepEveryInvariantAfterEveryAction");
  }

  @Test
  void shouldEvictTheSameKeysAsTheReferenceModel() {
    checkEverySequence(sequences(true), "shouldEvictTheSameKeysAsTheReferenceModel");
  }

  /**
   * Runs every generated sequence. QuickTheories reports the smallest failing sequence it found, which is the
   * last one that failed here, since it only ever tries to shrink the smallest so far.
   */
  private static void checkEverySequence(Gen<ActionSequence> sequences, String method) {
    long seed = TheoryBudget.seed();
    AtomicReference<ActionSequence> lastFailing = new AtomicReference<>();
    try {
      TheoryBudget.theory(seed).forAll(sequences).describedAs(ActionSequence::summary).checkAssert(sequence -> {
        try {
          sequence.run();
        } catch (AssertionError failure) {
          lastFailing.set(sequence);
          throw failure;
        }
      });
    } catch (AssertionError report) {
      if (lastFailing.get() == null) {
        throw report;
      }
      ActionSequenceShrinker.Shrunk shrunk = ActionSequenceShrinker.shrink(lastFailing.get());
      AssertionError failure = new AssertionError("shortest failing sequence (of "
          + lastFailing.get().actions().size() + " actions after QuickTheories' shrinking, " + shrunk.runs()
          + " runs to simplify it), seed " + seed + ", replay with "
          + TheoryBudget.replayArguments(CacheActionSequenceProperties.class, method, seed) + System.lineSeparator()
          + shrunk.sequence() + System.lineSeparator() + "fails " + shrunk.failure().getMessage(), shrunk.failure());
      failure.addSuppressed(report);
      throw failure;
    }
  }

  private static Gen<ActionSequence> sequences(boolean withModel) {
    Gen<Integer> sizes = integers().between(1, 64);
    Gen<Integer> scanLimits = arbitrary().pick(1, 2, 3, 8, CacheBuilder.DEFAULT_SCAN_LIMIT);
    Gen<Integer> collisionGroups = arbitrary().pick(1, 4);
    return sizes.zip(scanLimits, collisionGroups, (size, scanLimit, collisionGroup) ->
            new ActionSequence(size, scanLimit, collisionGroup, withModel, List.of()))
        .flatMap(settings -> lists().of(actions(settings.maximumSize())).ofSizeBetween(0, MAXIMUM_ACTIONS)
            .map(settings::withActions));
  }

  /** Actions on keys drawn from about twice the capacity, each operation as often as its weight says. */
  private static Gen<Action> actions(int maximumSize) {
    int totalWeight = 0;
    for (Operation operation : Operation.values()) {
      totalWeight += operation.weight;
    }
    Gen<Integer> keyIds = integers().between(0, 2 * maximumSize + 2);
    // A loader returns a value six times in eight, null once, and throws once.
    Gen<LoadOutcome> outcomes = integers().between(0, 7)
        .map(draw -> draw < 6 ? LoadOutcome.VALUE : draw == 6 ? LoadOutcome.NULL : LoadOutcome.FAILURE);
    return integers().between(0, totalWeight - 1).map(CacheActionSequenceProperties::operationAt)
        .zip(keyIds, keyIds, outcomes, booleans().all(), Action::new);
  }

  /** The operation whose share of the weights covers {@code draw}, taking the operations in order. */
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
