package io.github.clockpro.engine;

import io.github.clockpro.Policy;
import java.util.OptionalLong;
import java.util.function.LongConsumer;

/**
 * The {@link Policy} of a {@link BoundedCache}: reads the policy's figures without the eviction lock. The counts
 * are written under that lock with opaque stores and read here with opaque loads; the sizes and adaptive figures
 * are {@code int} fields read plainly, a benign race: an {@code int} read is never torn, and a reader may see a
 * value one eviction old, which the contract allows.
 */
final class PolicyView implements Policy {

  /** The expiry a cache was built with, as the policy view shows it. */
  record Expiration(OptionalLong afterWrite, OptionalLong afterAccess, boolean variable) {
    /** No expiry. */
    static final Expiration NONE = new Expiration(OptionalLong.empty(), OptionalLong.empty(), false);
  }

  private final ClockProPolicy<?, ?> policy;
  private final Expiration expiration;
  /** The cache's {@link BoundedCache#setMaximum}, which checks its argument and takes the eviction lock. */
  private final LongConsumer maximumSetter;

  PolicyView(ClockProPolicy<?, ?> policy, Expiration expiration, LongConsumer maximumSetter) {
    this.policy = policy;
    this.expiration = expiration;
    this.maximumSetter = maximumSetter;
  }

  @Override
  public OptionalLong expiresAfterWrite() {
    return expiration.afterWrite();
  }

  @Override
  public OptionalLong expiresAfterAccess() {
    return expiration.afterAccess();
  }

  @Override
  public boolean expiresVariably() {
    return expiration.variable();
  }

  @Override
  public long maximum() {
    return policy.maximum();
  }

  @Override
  public void setMaximum(long maximum) {
    maximumSetter.accept(maximum);
  }

  @Override
  public boolean isWeighted() {
    return policy.isWeighted();
  }

  @Override
  public OptionalLong weightedSize() {
    return policy.isWeighted() ? OptionalLong.of(policy.hotWeight() + policy.coldWeight()) : OptionalLong.empty();
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
  public long coldTarget() {
    return policy.coldTarget();
  }

  @Override
  public long coldTargetFloor() {
    return policy.minimumColdTarget();
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
    return "Policy{maximum=" + maximum() + ", weighted=" + isWeighted() + ", scanLimit=" + scanLimit() + ", hotSize=" + hotSize() + ", coldSize="
        + coldSize() + ", coldTarget=" + coldTarget() + ", coldTargetFloor=" + coldTargetFloor()
        + ", promotionThreshold=" + promotionThreshold()
        + ", carryLimit=" + carryLimit() + ", carryAllowed=" + carryAllowed() + ", historySize=" + historySize()
        + ", historyLimit=" + historyLimit() + "}";
  }
}
