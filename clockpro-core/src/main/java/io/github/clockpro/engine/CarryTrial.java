package io.github.clockpro.engine;

/**
 * Decides whether the cache's hot hand may carry references over: a verdict of {@link Trials} over two copies of the
 * policy, one whose hot hand carries as its regrets allow and one whose hot hand never carries, both at the paper's
 * floor. The cache carries while the carrying copy has had more hits lately.
 *
 * <h2>Design</h2>
 * Carrying references helps where popularity is stationary and hurts where it drifts: there, a page pays for its
 * carry for a while before its popularity has moved on, and carrying keeps yesterday's keys hot. The harm builds
 * up over many revolutions of the hot hand, so an experiment that switches the cache's own policy between the two
 * for a while and compares its hit rates measures the wrong thing: over a period or two, carrying looks better on
 * a drifting workload too (see docs/decisions.md). Both settings must run at once, each for as long as the
 * workload lasts, which is what the trials' copies do. It starts not carrying, as the carry limit starts at 0.
 *
 * <p>{@link #carries} is written under the trials' lock and read by the cache's policy under the eviction lock, a
 * different lock, and by the floor trial's copies, so it is volatile.
 */
final class CarryTrial implements TrialVerdict {

  /** Written under the trials' lock; read without it. */
  private volatile boolean carries;

  /** Whether the hot hand may carry references now. */
  boolean carries() {
    return carries;
  }

  @Override
  public int copyCount() {
    return 2;
  }

  @Override
  public ClockProPolicy<Object, Object> newCopyPolicy(int index, int size, int scanLimit, int seed) {
    boolean carrying = index == 0;
    return new ClockProPolicy<>(size, scanLimit, seed, () -> carrying);
  }

  @Override
  public String copyName(int index) {
    return index == 0 ? "carrying copy: " : "copy not carrying: ";
  }

  @Override
  public void decide(int[] hits, int first) {
    carries = hits[first] > hits[first + 1];
  }
}
