package io.github.clockpro;

import static org.quicktheories.generators.SourceDSL.arbitrary;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.github.clockpro.Action.Operation;
import io.github.clockpro.CacheUnderTest.LoadOutcome;
import io.github.clockpro.model.ExpiryModel.Kind;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Stateful properties: random sequences of cache and map operations on small caches (1 to 64 entries), where
 * eviction is constant, with every named invariant of {@link CacheInvariants} checked after every action.
 *
 * <p>Keys are drawn from a range about twice the capacity, so that keys repeat and the cache stays full; in half
 * the sequences, keys' hash codes collide in groups of four. Three sequences in five expire entries (after
 * write, after access, or through a churning {@link Expiry}, see {@link ExpirySetting}), with a manual ticker
 * that actions move by milliseconds, or by hours in a jump, and {@code cleanUp()} among the actions; the ticker
 * starts at 0 or three hours before 0. A third property moves the ticker back too. QuickTheories generates the sequences
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
   * With the ticker set back after a {@code cleanUp()} (by milliseconds or hours) and moved on later from the
   * model's time, every action behaves as at the model's time: the cache's time never goes back.
   */
  @Test
  void shouldIgnoreATickerThatGoesBack() {
    checkEverySequence(backwardsSequences(), "shouldIgnoreATickerThatGoesBack");
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
    // Two sequences in five without expiry, one in five of each kind.
    Gen<Kind> kinds = integers().between(0, 4).map(draw -> draw < 2 ? null : Kind.values()[draw - 2]);
    return sequences(withModel, kinds, false);
  }

  private static Gen<ActionSequence> backwardsSequences() {
    return sequences(false, arbitrary().pick(List.of(Kind.values())), true);
  }

  private static Gen<ActionSequence> sequences(boolean withModel, Gen<Kind> kinds, boolean backwards) {
    Gen<Integer> sizes = integers().between(1, 64);
    Gen<Integer> scanLimits = arbitrary().pick(1, 2, 3, 8, CacheBuilder.DEFAULT_SCAN_LIMIT);
    Gen<Integer> collisionGroups = arbitrary().pick(1, 4);
    Gen<Duration> lifetimes = arbitrary().pick(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMinutes(1));
    // Negative readings, and a time that passes zero. Not one that wraps from Long.MAX_VALUE to Long.MIN_VALUE:
    // the timer wheel then stops finding entries (see docs/testing.md).
    Gen<Long> starts = arbitrary().pick(0L, -Duration.ofHours(3).toNanos());
    Gen<ExpirySetting> expiries = kinds.zip(lifetimes, starts,
        (kind, lifetime, start) -> kind == null ? ExpirySetting.NONE : new ExpirySetting(kind, lifetime, start));
    return sizes.zip(scanLimits, collisionGroups, expiries, (size, scanLimit, collisionGroup, expiry) ->
            new ActionSequence(size, scanLimit, collisionGroup, withModel, expiry, List.of()))
        .flatMap(settings -> lists().of(actions(settings.maximumSize(), backwards))
            .ofSizeBetween(0, MAXIMUM_ACTIONS).map(settings::withActions));
  }

  /**
   * Actions on keys drawn from about twice the capacity, each operation as often as its weight says; moves of
   * the ticker back only if {@code backwards}.
   */
  private static Gen<Action> actions(int maximumSize, boolean backwards) {
    int totalWeight = 0;
    for (Operation operation : Operation.values()) {
      totalWeight += allowed(operation, backwards) ? operation.weight : 0;
    }
    Gen<Integer> keyIds = integers().between(0, 2 * maximumSize + 2);
    // A loader returns a value six times in eight, null once, and throws once.
    Gen<LoadOutcome> outcomes = integers().between(0, 7)
        .map(draw -> draw < 6 ? LoadOutcome.VALUE : draw == 6 ? LoadOutcome.NULL : LoadOutcome.FAILURE);
    Gen<Integer> amounts = integers().between(1, Action.MAXIMUM_AMOUNT);
    Gen<Operation> operations = integers().between(0, totalWeight - 1).map(draw -> operationAt(draw, backwards));
    return operations.zip(keyIds, keyIds, (operation, firstKey, secondKey) -> new Action(operation, firstKey,
            secondKey, LoadOutcome.VALUE, false, 1))
        .zip(outcomes, booleans().all(), amounts, (keys, outcome, matching, amount) -> new Action(
            keys.operation(), keys.firstKey(), keys.secondKey(), outcome, matching, amount));
  }

  private static boolean allowed(Operation operation, boolean backwards) {
    return backwards || operation != Operation.TICKER_BACK;
  }

  /** The operation whose share of the weights covers {@code draw}, taking the allowed operations in order. */
  private static Operation operationAt(int draw, boolean backwards) {
    int remaining = draw;
    for (Operation operation : Operation.values()) {
      if (!allowed(operation, backwards)) {
        continue;
      }
      if (remaining < operation.weight) {
        return operation;
      }
      remaining -= operation.weight;
    }
    throw new IllegalArgumentException("draw " + draw + " exceeds the total weight");
  }
}
