package io.github.clockpro.engine;

import io.github.clockpro.Policy;

/**
 * The {@link Policy} of a {@link BoundedCache}: reads the policy's figures without the eviction lock. The counts
 * are written under that lock with opaque stores and read here with opaque loads; the sizes and adaptive figures
 * are {@code int} fields read plainly, a benign race: an {@code int} read is never torn, and a reader may see a
 * value one eviction old, which the contract allows.
 */
final class PolicyView implements Policy {

  private final long maximum;
  private final ClockProPolicy<?, ?> policy;

  PolicyView(long maximum, ClockProPolicy<?, ?> policy) {
    this.maximum = maximum;
    this.policy = policy;
  }

  @Override
  public long maximum() {
    return maximum;
  }

  @Override
  public int scanLimit() {
    return policy.scanLimit();
  }

  @Override
  public int hotSize() {
    return policy.hotSize();
  }

  @Override
  public int coldSize() {
    return policy.coldSize();
  }

  @Override
  public int coldTarget() {
    return policy.coldTarget();
  }

  @Override
  public int promotionThreshold() {
    return policy.promotionThreshold();
  }

  @Override
  public int carryLimit() {
    return policy.carryLimit();
  }

  @Override
  public boolean carryAllowed() {
    return policy.carryAllowed();
  }

  @Override
  public int historySize() {
    return policy.historySize();
  }

  @Override
  public int historyLimit() {
    return policy.historyLimit();
  }

  @Override
  public long historyHitCount() {
    return policy.historyHitCount();
  }

  @Override
  public long promotionCount() {
    return policy.promotionCount();
  }

  @Override
  public long demotionCount() {
    return policy.demotionCount();
  }

  @Override
  public long scanLimitReachedCount() {
    return policy.scanLimitReachedCount();
  }

  @Override
  public long evictionCountAtMost(int entriesExamined) {
    if (entriesExamined < 0) {
      throw new IllegalArgumentException("entriesExamined must not be negative but was " + entriesExamined);
    }
    return policy.scanLengths().atMost(entriesExamined);
  }

  @Override
  public String toString() {
    return "Policy{maximum=" + maximum + ", scanLimit=" + scanLimit() + ", hotSize=" + hotSize() + ", coldSize="
        + coldSize() + ", coldTarget=" + coldTarget() + ", promotionThreshold=" + promotionThreshold()
        + ", carryLimit=" + carryLimit() + ", carryAllowed=" + carryAllowed() + ", historySize=" + historySize()
        + ", historyLimit=" + historyLimit() + "}";
  }
}
