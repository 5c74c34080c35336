package io.github.clockpro;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes a failing sequence as small as it can while it keeps failing the same way: it leaves actions out until
 * no single action can go, and tries a smaller cache, a smaller scan limit and keys without hash collisions.
 *
 * <p>QuickTheories shrinks the random draws a value was made of, one draw at a time; for a list that rarely
 * shortens it by more than a few elements, and never removes an action from the middle. This pass does: it
 * tries to remove blocks of actions, halving the block size down to one action, and repeats until a whole pass
 * at one action removes nothing. "The same way" means the same named invariant or the same operation's own
 * assertion, so the search does not wander off to a different fault.
 */
final class ActionSequenceShrinker {

  /** The most sequences one shrink may run: enough for a 400-action sequence, bounded in time. */
  private static final int MAXIMUM_RUNS = 20_000;

  /** A failing sequence no single action of which can be left out, and the failure it ends with. */
  record Shrunk(ActionSequence sequence, AssertionError failure, int runs) {}

  private final String kind;
  private ActionSequence current;
  private AssertionError failure;
  private int runs;

  private ActionSequenceShrinker(ActionSequence failing) {
    this.current = failing;
    this.failure = failureOf(failing).orElseThrow(
        () -> new IllegalArgumentException("the sequence passes: " + failing.summary()));
    this.kind = kindOf(failure);
    this.runs = 1;
  }

  static Shrunk shrink(ActionSequence failing) {
    ActionSequenceShrinker shrinker = new ActionSequenceShrinker(failing);
    do {
      shrinker.removeActions();
    } while (shrinker.simplifySettings());
    return new Shrunk(shrinker.current, shrinker.failure, shrinker.runs);
  }

  private void removeActions() {
    int blockSize = Math.max(1, current.actions().size() / 2);
    while (runs < MAXIMUM_RUNS) {
      boolean removedAny = false;
      for (int start = current.actions().size() - blockSize; start >= 0 && runs < MAXIMUM_RUNS; start--) {
        List<Action> fewer = new ArrayList<>(current.actions());
        fewer.subList(start, Math.min(start + blockSize, fewer.size())).clear();
        removedAny |= keepIfFailing(current.withActions(fewer));
      }
      if (blockSize > 1) {
        blockSize = Math.max(1, Math.min(blockSize / 2, current.actions().size() / 2));
      } else if (!removedAny) {
        return;
      }
    }
  }

  /** Tries the smallest cache that still fails, then the smallest scan limit, then keys that do not collide. */
  private boolean simplifySettings() {
    boolean simplified = false;
    ActionSequence settings = current;
    for (int size = 1; size < settings.maximumSize() && runs < MAXIMUM_RUNS; size++) {
      if (keepIfFailing(new ActionSequence(size, settings.scanLimit(), settings.collisionGroup(),
          settings.withModel(), settings.expiry(), settings.actions()))) {
        simplified = true;
        break;
      }
    }
    settings = current;
    for (int scanLimit = 1; scanLimit < settings.scanLimit() && runs < MAXIMUM_RUNS; scanLimit++) {
      if (keepIfFailing(new ActionSequence(settings.maximumSize(), scanLimit, settings.collisionGroup(),
          settings.withModel(), settings.expiry(), settings.actions()))) {
        simplified = true;
        break;
      }
    }
    settings = current;
    if (settings.collisionGroup() != 1 && runs < MAXIMUM_RUNS) {
      simplified |= keepIfFailing(new ActionSequence(settings.maximumSize(), settings.scanLimit(), 1,
          settings.withModel(), settings.expiry(), settings.actions()));
    }
    return simplified;
  }

  /** Runs the candidate; if it fails the same way, it becomes the current sequence. */
  private boolean keepIfFailing(ActionSequence candidate) {
    runs++;
    Optional<AssertionError> candidateFailure = failureOf(candidate);
    if (candidateFailure.isPresent() && kindOf(candidateFailure.get()).equals(kind)) {
      current = candidate;
      failure = candidateFailure.get();
      return true;
    }
    return false;
  }

  private static Optional<AssertionError> failureOf(ActionSequence sequence) {
    try {
      sequence.run();
      return Optional.empty();
    } catch (AssertionError failure) {
      return Optional.of(failure);
    }
  }

  /**
   * The invariant's name, or the operation whose own assertion failed: the start of the innermost message,
   * up to its first colon, parenthesis or space, after the class of the innermost failure.
   */
  private static String kindOf(AssertionError failure) {
    Throwable innermost = failure;
    while (innermost.getCause() != null) {
      innermost = innermost.getCause();
    }
    String message = String.valueOf(innermost.getMessage());
    int end = 0;
    while (end < message.length() && ":( ".indexOf(message.charAt(end)) < 0) {
      end++;
    }
    return innermost.getClass().getName() + " " + message.substring(0, end);
  }
}
