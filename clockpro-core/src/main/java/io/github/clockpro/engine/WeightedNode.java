package io.github.clockpro.engine;

/**
 * The node of a cache built with a weigher and without expiry: a {@link Node} with the weight the policy counts
 * for it, 56 bytes in all (the 48-byte {@link Node} has no room left; the field takes four bytes and the object
 * rounds up to eight). A cache without a weigher never makes one.
 *
 * <p>{@link #weight} is written by the constructor, before publication, and afterwards only under the eviction
 * lock, which is also the only place it is read (see {@link ClockProPolicy}). A placeholder weighs 0 until its
 * value arrives.
 */
final class WeightedNode<K, V> extends Node<K, V> {

  /** Guarded by the eviction lock; see the class comment. */
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
  void setWeight(int weight) {
    this.weight = weight;
  }
}
