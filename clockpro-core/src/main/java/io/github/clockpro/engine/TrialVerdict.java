package io.github.clockpro.engine;

/**
 * One decision that {@link Trials} takes from small copies of the policy: the copies it compares, and how their
 * hits decide. The mechanism (sampling, the copies' upkeep, pending samples, replay, periods and fading) is
 * {@link Trials}'s; a verdict only says what its copies differ in and what the cache does with their score.
 *
 * <p>Called by {@link Trials} under its lock, except the reads of the decision, which may come from any thread.
 */
interface TrialVerdict {

  /** The number of copies this verdict compares. */
  int copyCount();

  /**
   * The policy of copy {@code index}: bounded by size, over nodes that weigh 1, with no far history.
   *
   * @param index from 0 to {@link #copyCount()} (excluded)
   * @param size the most entries the copy holds
   * @param scanLimit the cache's scan limit
   * @param seed randomises the layout of the copy's history table
   */
  ClockProPolicy<Object, Object> newCopyPolicy(int index, int size, int scanLimit, int seed);

  /** The name of copy {@code index}, which prefixes its invariant violations. */
  String copyName(int index);

  /**
   * Decides, at the end of a period, from the hits of its copies: {@code hits[first + index]} for copy
   * {@code index}, each a count that has faded by a tenth at the end of each earlier period.
   */
  void decide(int[] hits, int first);
}
