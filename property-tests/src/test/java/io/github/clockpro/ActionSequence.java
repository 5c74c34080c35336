package io.github.clockpro;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A generated case of the action-sequence properties: the cache's settings and the actions to run on it.
 *
 * @param maximumSize the cache's maximum size
 * @param scanLimit the cache's scan limit
 * @param collisionGroup how many consecutive key ids share one hash code
 * @param withModel whether the reference model runs beside the cache and must evict the same keys
 * @param expiry the cache's expiry, and the ticker's start
 * @param actions the actions, in order
 */
record ActionSequence(int maximumSize, int scanLimit, int collisionGroup, boolean withModel, ExpirySetting expiry,
    List<Action> actions) {

  ActionSequence {
    actions = List.copyOf(actions);
  }

  /**
   * Runs the actions on a new cache and checks every invariant of {@link CacheInvariants} after each.
   *
   * @throws AssertionError the first failure, its message naming the action after which it was found
   */
  void run() {
    CacheUnderTest state = new CacheUnderTest(maximumSize, scanLimit, collisionGroup, withModel, expiry);
    CacheInvariants.checkAll(state);
    for (int index = 0; index < actions.size(); index++) {
      Action action = actions.get(index);
      try {
        state.startAction(action.operation());
        action.applyTo(state);
        CacheInvariants.checkAll(state);
      } catch (AssertionError | RuntimeException failure) {
        throw new AssertionError("after action " + (index + 1) + " of " + actions.size() + ", " + action + ": "
            + failure.getMessage(), failure);
      }
    }
  }

  ActionSequence withActions(List<Action> fewer) {
    return new ActionSequence(maximumSize, scanLimit, collisionGroup, withModel, expiry, fewer);
  }

  /** The settings and the number of actions, without the actions: what QuickTheories prints for each value. */
  String summary() {
    return "cache of " + maximumSize + ", scan limit " + scanLimit + ", hash collisions in groups of "
        + collisionGroup + ", " + expiry + (withModel ? ", with reference model" : "") + ", " + actions.size()
        + " actions";
  }

  @Override
  public String toString() {
    return summary() + actions.stream().map(Action::toString)
        .collect(Collectors.joining(System.lineSeparator() + "  ", ":" + System.lineSeparator() + "  ", ""));
  }
}
