package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of a cache built with both a weigher and expiry: an {@link ExpiringNode} with the weight the policy
 * counts for it, 72 bytes in all. {@link #weight} is guarded as in {@link WeightedNode}. One weighted shape per
 * base shape (this, {@link WeightedNode}, {@link WeightedRefreshingNode}, {@link WeightedRefreshingExpiringNode}),
 * rather than a weight in every node: a field in {@link Node} would cost every cache 8 bytes per
 * entry, and a weight kept outside the node would cost a lookup per eviction.
 */
final class WeightedExpiringNode<K, V> extends ExpiringNode<K, V> {

  private static final VarHandle WEIGHT;

  static {
    try {
      WEIGHT = MethodHandles.lookup().findVarHandle(WeightedExpiringNode.class, "weight", int.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** Written under the eviction lock; see {@link WeightedNode}. */
  private int weight;

  WeightedExpiringNode(K key, int hash, V value, long deadline, int weight) {
    super(key, hash, value, deadline);
    this.weight = weight;
  }

  /** Returns a placeholder for a load in flight, of weight 0, held by the wheel at {@code deadline}. */
  @SuppressWarnings("unchecked")
  static <K, V> WeightedExpiringNode<K, V> placeholder(K key, int hash, Load<V> load, long deadline) {
    WeightedExpiringNode<K, V> node = new WeightedExpiringNode<>(key, hash, (V) load, deadline, 0);
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
