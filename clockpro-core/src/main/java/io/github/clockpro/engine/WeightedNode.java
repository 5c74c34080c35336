package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of a cache built with a weigher and without expiry: a {@link Node} with the weight the policy counts
 * for it, 56 bytes in all (the 48-byte {@link Node} has no room left; the field takes four bytes and the object
 * rounds up to eight). A cache without a weigher never makes one.
 *
 * <p>{@link #weight} is written plainly by the constructor, before publication, and afterwards only under the
 * eviction lock, with volatile writes; the policy reads it there plainly. A value writer reads it without the lock,
 * with a volatile read ({@link #weighs}), to skip the lock when its value weighs what the policy counts: the writer
 * wrote the value (volatile) before that read, and the lock holder that set the weight read the value (volatile)
 * before it wrote the weight, so one of the two sees the other's write, and either the writer takes the lock or
 * the lock holder, finding a newer value than its own, leaves the weight to the writer (see
 * {@link BoundedCache#reweighed}). A placeholder weighs 0 until its value arrives.
 */
final class WeightedNode<K, V> extends Node<K, V> {

  private static final VarHandle WEIGHT;

  static {
    try {
      WEIGHT = MethodHandles.lookup().findVarHandle(WeightedNode.class, "weight", int.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /** Written under the eviction lock; see the class comment. */
  private int weight;

  WeightedNode(K key, int hash, V value, int weight) {
    super(key, hash, value);
    this.weight = weight;
  }

  /** Returns a placeholder for a load in flight, of weight 0. */
  @SuppressWarnings("unchecked")
  static <K, V> WeightedNode<K, V> placeholder(K key, int hash, Load<V> load) {
    WeightedNode<K, V> node = new WeightedNode<>(key, hash, (V) load, 0);
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
