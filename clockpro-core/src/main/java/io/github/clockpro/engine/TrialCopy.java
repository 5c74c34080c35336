package io.github.clockpro.engine;

import java.util.List;
import java.util.function.IntSupplier;

/**
 * One scaled-down copy of the policy that the {@link Trials} replay their sampled keys through: a
 * {@link ClockProPolicy} over a table of nodes that hold only a key hash.
 *
 * <p>Every node's key is {@link #HASH_ONLY}, so a lookup matches on the hash alone, and two sampled keys whose
 * hashes collide count as one here. The table starts at {@link #INITIAL_TABLE_LENGTH} slots and doubles as the copy
 * fills, as the cache's does, so an empty cache pays nothing by its maximum size; growth changes no decision, since
 * the table answers by hash whatever its length.
 *
 * <p>Written by one thread at a time, the holder of the trials' lock; {@link #find} reads the table without it, as
 * lookups in the cache's own table do, and a hit may bump a found node's racy reference counter.
 */
final class TrialCopy {

  /**
   * The length a copy's table starts at. Sized from the copy's maximum up front, the carry trial's two tables cost
   * 16 MB for a cache of maximum size {@code Integer.MAX_VALUE} before it held a single entry.
   */
  static final int INITIAL_TABLE_LENGTH = 16;

  /** The key of every node in a copy: a lookup there matches on the hash alone. */
  private static final Object HASH_ONLY = new Object();

  private final NodeTable<Object, Object> table = new NodeTable<>(INITIAL_TABLE_LENGTH);
  private final ClockProPolicy<Object, Object> policy;

  /** @param policy the copy's own policy, over nodes that weigh 1 */
  TrialCopy(ClockProPolicy<Object, Object> policy) {
    this.policy = policy;
  }

  ClockProPolicy<Object, Object> policy() {
    return policy;
  }

  /** The node of this hash if it is resident here; lock-free. */
  Node<Object, Object> find(int hash) {
    return table.get(HASH_ONLY, hash);
  }

  /** Replays one access: a reference if the hash is resident here, else an insert. Returns whether it hit. */
  boolean access(int hash) {
    Node<Object, Object> node = table.get(HASH_ONLY, hash);
    if (node != null) {
      node.recordAccess();
      return true;
    }
    node = new Node<>(HASH_ONLY, hash, null);
    int victims = policy.admit(node); // more than one only while a copy made smaller repays its excess
    for (int index = 0; index < victims; index++) {
      Node<Object, Object> victim = policy.takeVictim(index);
      if (victim != node) {
        table.remove(victim);
      }
    }
    if (node.status != Node.UNLINKED) {
      table.add(node);
    }
    table.growIfCrowded(policy.hotSize() + policy.coldSize());
    return false;
  }

  /** Adds what {@link Invariants} finds wrong with this copy to {@code violations}, each prefixed with its name. */
  void check(String name, List<String> violations) {
    IntSupplier resident = () -> policy.hotSize() + policy.coldSize();
    for (String violation : Invariants.check(table, policy, resident)) {
      violations.add(name + violation);
    }
  }
}
