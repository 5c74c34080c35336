package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nodes whose monitor a compute holds, or is about to take, while it runs user code under it (its function,
 * and the weigher and {@link io.github.clockpro.Expiry} it calls there): the nodes that the holder of the eviction
 * lock must never wait for.
 *
 * <h2>Why</h2>
 * The lock order is the eviction lock, then a node's monitor (docs/design.md, "Lock order"). A compute's function
 * runs under its node's monitor and may read the cache; a read that finds an entry expired removes it under the
 * eviction lock. Had an eviction or removal holding the eviction lock waited for that node's monitor, each thread
 * would have waited for the other forever. So every critical section under the eviction lock asks here before it
 * takes a node's monitor, and passes over a node that is here: the policy's scan skips it, as it skips a load in
 * flight (and counts it toward the scan limit), the wheel looks at it again later, and an invalidation waits for
 * the compute with no lock held.
 *
 * <h2>Exactness</h2>
 * A compute enters here under the eviction lock ({@link BoundedCache#enterCompute}), before it takes the node's
 * monitor, and leaves after it has released the monitor. So a critical section that does not find a node here
 * either ends before the compute enters, or starts after it left: it never meets the node's monitor held by user
 * code. Other holders of a node's monitor (a put, a fill, a removal) run no user code but {@code equals} under it,
 * and never wait for a lock there.
 *
 * <p>Fields: {@link #computes} is a {@link ConcurrentHashMap}, entered under the eviction lock and left without
 * it; read under the eviction lock, and by an invalidation that waits for a compute, without it. A count per
 * node, since two computes of one key may be in flight, one waiting for the other's monitor. {@link #active}
 * counts the computes in {@link #computes}: raised before an entry is added, lowered after one is removed, by
 * atomic adds; read as a volatile field, without a call, by the eviction's scan, which looks in the map only when
 * it is not 0. A field rather than the map's own count, so that the scan, which runs at depths close to the stack's
 * end where an error must not strike (see {@link Headroom}), calls nothing when no compute is in flight.
 */
final class ComputesInFlight {

  private static final VarHandle ACTIVE;

  static {
    try {
      ACTIVE = MethodHandles.lookup().findVarHandle(ComputesInFlight.class, "active", int.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  private final ConcurrentHashMap<Node<?, ?>, Integer> computes = new ConcurrentHashMap<>();
  /** The computes in flight; see the class comment. */
  volatile int active;

  /** Under the eviction lock: a compute is about to take the node's monitor and run user code under it. */
  void enter(Node<?, ?> node) {
    ACTIVE.getAndAdd(this, 1);
    computes.merge(node, 1, Integer::sum);
  }

  /** The compute has released the node's monitor. */
  void leave(Node<?, ?> node) {
    computes.computeIfPresent(node, (unused, count) -> count == 1 ? null : count - 1);
    ACTIVE.getAndAdd(this, -1);
  }

  /**
   * Whether a compute holds, or is about to take, the node's monitor. Callers read {@link #active} first and call
   * this only when it is not 0.
   */
  boolean holds(Node<?, ?> node) {
    return computes.containsKey(node);
  }
}
