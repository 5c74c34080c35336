package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of a cache built with a weigher, expiry and {@code refreshAfterWrite}: a {@link RefreshingExpiringNode}
 * with the weight the policy counts for it, 80 bytes in all. {@link #weight} is guarded as in {@link WeightedNode};
 * the deadline, the wheel's links and the write time as in its superclasses.
 */
final class WeightedRefreshingExpiringNode<K, V> extends RefreshingExpiringNode<K, V> {

  private static final VarHandle WEIGHT;

  static {
    try {
      WEIGHT = MethodHandles.lookup().findVarHandle(WeightedRefreshingExpiringNode.class, "weight", int.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** Written under the eviction lock; see {@link WeightedNode}. */
  private int weight;

  WeightedRefreshingExpiringNode(K key, int hash, V value, long deadline, long writeTime, int weight) {
    super(key, hash, value, deadline, writeTime);
    this.weight = weight;
  }

  /** Returns a placeholder for a load in flight, of weight 0; see {@link ExpiringNode#placeholder}. */
  @SuppressWarnings("unchecked")
  static <K, V> WeightedRefreshingExpiringNode<K, V> placeholder(K key, int hash, Load<V> load, long deadline,
      long now) {
    WeightedRefreshingExpiringNode<K, V> node =
        new WeightedRefreshingExpiringNode<>(key, hash, (V) load, deadline, now, 0);
    node.markLoading();
    return node;
  }

  @Override
  int weight() {
    return weight;
  }

  @Override
  boolean weighs(int candidate) {
    return (int) WEIGHT.getVolatile(this) == candidate;
  }

  @Override
  void setWeight(int weight) {
    WEIGHT.setVolatile(this, weight);
  }
}
