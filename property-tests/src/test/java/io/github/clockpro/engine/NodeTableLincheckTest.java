package io.github.clockpro.engine;

import io.github.clockpro.concurrency.LincheckBudget;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Checks with Lincheck that {@link NodeTable}'s lock-free lookups are linearizable against inserts, removals and
 * growth. The table starts with one slot and grows as keys arrive, and the keys' hash codes collide in pairs, so
 * lookups walk chains while growth relinks them. Writers hold one lock, as the cache's writers hold the eviction
 * lock; readers take none.
 */
@Param(name = "key", gen = IntGen.class, conf = "1:6")
public class NodeTableLincheckTest {

  private final NodeTable<CollidingKey, Integer> table = new NodeTable<>(0);
  private final Object writerLock = new Object();
  /** Guarded by writerLock: the nodes mapped, which the writer passes to growIfCrowded. */
  private int mapped;

  @Operation
  public Integer get(@Param(name = "key") int key) {
    CollidingKey lookup = new CollidingKey(key);
    Node<CollidingKey, Integer> node = table.get(lookup, lookup.hashCode());
    return node == null ? null : node.key.value;
  }

  @Operation
  public boolean putIfAbsent(@Param(name = "key") int key) {
    CollidingKey inserted = new CollidingKey(key);
    synchronized (writerLock) {
      if (table.get(inserted, inserted.hashCode()) != null) {
        return false;
      }
      table.add(new Node<>(inserted, inserted.hashCode(), key));
      table.growIfCrowded(++mapped);
      return true;
    }
  }

  @Operation
  public boolean remove(@Param(name = "key") int key) {
    CollidingKey lookup = new CollidingKey(key);
    synchronized (writerLock) {
      Node<CollidingKey, Integer> node = table.get(lookup, lookup.hashCode());
      if (node != null && table.remove(node)) {
        mapped--;
        return true;
      }
      return false;
    }
  }

  @Test
  void shouldBeLinearizableUnderModelChecking() {
    LincheckBudget.modelChecking().check(getClass());
  }

  @Test
  void shouldBeLinearizableUnderStress() {
    LincheckBudget.stress().check(getClass());
  }

  /** A key whose hash code it shares with one other key, so that bins hold chains. */
  static final class CollidingKey {
    final int value;

    CollidingKey(int value) {
      this.value = value;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof CollidingKey && ((CollidingKey) other).value == value;
    }

    @Override
    public int hashCode() {
      return value / 2;
    }
  }
}
