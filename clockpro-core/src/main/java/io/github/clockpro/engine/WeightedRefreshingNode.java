package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of a cache built with both a weigher and {@code refreshAfterWrite}, without expiry: a
 * {@link RefreshingNode} with the weight the policy counts for it, 64 bytes in all. {@link #weight} is guarded as
 * in {@link WeightedNode}; the write time as in {@link RefreshingNode}.
 */
final class WeightedRefreshingNode<K, V> extends RefreshingNode<K, V> {

  private static final VarHandle WEIGHT;

  static {
    try {
      WEIGHT = MethodHandles.lookup().findVarHandle(WeightedRefreshingNode.class, "weight", int.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** Written under the eviction lock; see {@link WeightedNode}. */
  private int weight;

  WeightedRefreshingNode(K key, int hash, V value, long writeTime, int weight) {
    super(key, hash, value, writeTime);
    this.weight = weight;
  }

  /** Returns a placeholder for a load in flight, of weight 0, written at {@code now}. */
  @SuppressWarnings("unchecked")
  static <K, V> WeightedRefreshingNode<K, V> placeholder(K key, int hash, Load<V> load, long now) {
    WeightedRefreshingNode<K, V> node = new WeightedRefreshingNode<>(key, hash, (V) load, now, 0);
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
