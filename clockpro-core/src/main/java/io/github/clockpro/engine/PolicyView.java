package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.Policy;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/**
 * The {@link Policy} of a {@link BoundedCache}: reads the policy's figures without the eviction lock. The counts
 * are written under that lock with opaque stores and read here with opaque loads; the sizes and adaptive figures
 * are {@code int} fields read plainly, a benign race: an {@code int} read is never torn, and a reader may see a
 * value one eviction old, which the contract allows.
 *
 * <p>Caffeine's views are small classes of their own, made on each call: {@link EvictionView},
 * {@link FixedExpirationView}, {@link VarExpirationView} and {@link FixedRefreshView}. A loading cache's view
 * ({@link #withRefreshing}) also knows its refreshes in flight.
 *
 * <p>Fields: none change after construction.
 */
final class PolicyView<K, V> implements Policy<K, V> {

  /** The expiry a cache was built with, as the policy view shows it. */
  record Expiration(OptionalLong afterWrite, OptionalLong afterAccess, boolean variable) {
    /** No expiry. */
    static final Expiration NONE = new Expiration(OptionalLong.empty(), OptionalLong.empty(), false);
  }

  private final BoundedCache<K, V> cache;
  private final ClockProPolicy<K, V> policy;
  /** The kinds of expiry the cache was built with; their lifetimes are read from the cache, which may change them. */
  private final Expiration expiration;
  /**
   * Whether the cache has a bound: it was built with a maximum weight, or a maximum size below
   * {@link Integer#MAX_VALUE} (the size a build without a maximum gives). Decided at construction, so that
   * {@link #setMaximum} does not change it.
   */
  private final boolean bounded;
  /** The refreshes of a loading cache, or {@code null}. */
  private final Refreshing<K, V> refreshing;

  PolicyView(BoundedCache<K, V> cache, ClockProPolicy<K, V> policy, Expiration expiration) {
    this(cache, policy, expiration, policy.isWeighted() || policy.maximum() < Integer.MAX_VALUE, null);
  }

  private PolicyView(BoundedCache<K, V> cache, ClockProPolicy<K, V> policy, Expiration expiration, boolean bounded,
      Refreshing<K, V> refreshing) {
    this.cache = cache;
    this.policy = policy;
    this.expiration = expiration;
    this.bounded = bounded;
    this.refreshing = refreshing;
  }

  /** The same view, for a loading cache whose refreshes are {@code refreshing}. */
  PolicyView<K, V> withRefreshing(Refreshing<K, V> refreshing) {
    return new PolicyView<>(cache, policy, expiration, bounded, refreshing);
  }

  @Override
  public OptionalLong expiresAfterWrite() {
    return expiration.afterWrite().isPresent() ? OptionalLong.of(((ExpiringCache<K, V>) cache).fixedLifetime(true))
        : OptionalLong.empty();
  }

  @Override
  public OptionalLong expiresAfterAccess() {
    return expiration.afterAccess().isPresent()
        ? OptionalLong.of(((ExpiringCache<K, V>) cache).fixedLifetime(false)) : OptionalLong.empty();
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
    cache.setMaximum(maximum);
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
  public V getIfPresentQuietly(K key) {
    return cache.peek(requireNonNull(key, "key"));
  }

  @Override
  public Map<K, CompletableFuture<V>> refreshes() {
    return refreshing == null ? Map.of() : refreshing.inFlight();
  }

  @Override
  public Optional<Eviction<K, V>> eviction() {
    return bounded ? Optional.of(new EvictionView<>(cache, this)) : Optional.empty();
  }

  @Override
  public Optional<FixedExpiration<K, V>> expireAfterWrite() {
    return expiration.afterWrite().isPresent()
        ? Optional.of(new FixedExpirationView<>((ExpiringCache<K, V>) cache, true)) : Optional.empty();
  }

  @Override
  public Optional<FixedExpiration<K, V>> expireAfterAccess() {
    return expiration.afterAccess().isPresent()
        ? Optional.of(new FixedExpirationView<>((ExpiringCache<K, V>) cache, false)) : Optional.empty();
  }

  @Override
  public Optional<VarExpiration<K, V>> expireVariably() {
    return expiration.variable() ? Optional.of(new VarExpirationView<>((ExpiringCache<K, V>) cache))
        : Optional.empty();
  }

  @Override
  public Optional<FixedRefresh<K, V>> refreshAfterWrite() {
    return cache.lifetimes() instanceof Refreshes<?, ?> refreshes
        ? Optional.of(new FixedRefreshView<>(cache, refreshes.period())) : Optional.empty();
  }

  @Override
  public String toString() {
    return "Policy{maximum=" + maximum() + ", weighted=" + isWeighted() + ", scanLimit=" + scanLimit() + ", hotSize=" + hotSize() + ", coldSize="
        + coldSize() + ", coldTarget=" + coldTarget() + ", coldTargetFloor=" + coldTargetFloor()
        + ", promotionThreshold=" + promotionThreshold()
        + ", carryLimit=" + carryLimit() + ", carryAllowed=" + carryAllowed() + ", historySize=" + historySize()
        + ", historyLimit=" + historyLimit() + "}";
  }

  /**
   * A key's duration, which {@code nanosOf} gives in nanoseconds or as -1 for none, as the policy's views return
   * it: in {@code unit}, or empty. Rejects a {@code null} key or unit before it asks.
   */
  static <K> OptionalLong optionalNanos(K key, TimeUnit unit, ToLongFunction<K> nanosOf) {
    requireNonNull(key, "key");
    requireNonNull(unit, "unit");
    long nanos = nanosOf.applyAsLong(key);
    return nanos < 0 ? OptionalLong.empty() : OptionalLong.of(unit.convert(nanos, TimeUnit.NANOSECONDS));
  }
}
