package io.github.clockpro.engine;

import java.util.function.BooleanSupplier;

/**
 * Decides the cold target's floor: a verdict of {@link Trials} over copies of the policy that differ only in that
 * floor ({@link #FLOORS}), each carrying as the cache does. The cache's floor is the one of the copy that has had
 * the most hits lately, by a margin; the cold target adapts above it as before.
 *
 * <h2>Design</h2>
 * A hill climber that moves the floor and compares the next period's hit rate with the last follows the trace's own
 * phases (docs/decisions.md), while copies that run side by side see the same requests, so their difference is the
 * floor's effect alone. At the end of a period the floor becomes the one of the copy with the most hits, if it leads
 * the copy of the floor in force by more than {@link #GATE} standard errors of a sign test over the samples that told
 * the two apart ({@code lead^2 > GATE^2 * (hits + hits)}). It starts at the first floor. Without the gate, three early
 * samples (one hit against two) chose the larger floor while {@code multi1} at 500 entries was filling
 * (docs/decisions.md).
 *
 * <p>{@link #chosen} is written under the trials' lock and read by the cache's policy under the eviction lock, so it
 * is volatile.
 */
final class FloorTrial implements TrialVerdict {

  /**
   * The floors the copies try, in thousandths of the maximum: the paper's hundredth, where the trial starts, and a
   * fifth, S3-FIFO's small queue (docs/decisions.md).
   */
  static final int[] FLOORS = {10, 200};
  /** Standard errors by which a copy must lead the floor in force to take over. */
  static final int GATE = 2;

  private final BooleanSupplier carrySwitch;
  /** Written under the trials' lock; read without it: the index of the floor in force. */
  private volatile int chosen;

  /** @param carrySwitch whether the cache's hot hand may carry now: the copies carry as it does */
  FloorTrial(BooleanSupplier carrySwitch) {
    this.carrySwitch = carrySwitch;
  }

  /** The floor in force, in thousandths of the maximum. */
  int floor() {
    return FLOORS[chosen];
  }

  @Override
  public int copyCount() {
    return FLOORS.length;
  }

  @Override
  public ClockProPolicy<Object, Object> newCopyPolicy(int index, int size, int scanLimit, int seed) {
    int floor = FLOORS[index];
    return new ClockProPolicy<>(size, false, scanLimit, seed, carrySwitch, () -> floor, false, null);
  }

  @Override
  public String copyName(int index) {
    return "floor copy " + FLOORS[index] + ": ";
  }

  @Override
  public void decide(int[] hits, int first) {
    int inForce = chosen;
    int best = inForce;
    for (int index = 0; index < FLOORS.length; index++) {
      if (hits[first + index] > hits[first + best]) {
        best = index;
      }
    }
    long lead = (long) hits[first + best] - hits[first + inForce];
    // A sign test: of the samples that told the two copies apart, the better must lead by GATE standard errors
    if (lead > 0 && lead * lead > GATE * GATE * ((long) hits[first + best] + hits[first + inForce])) {
      chosen = best;
    }
  }
}
