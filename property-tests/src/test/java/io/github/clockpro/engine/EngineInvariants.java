package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import java.util.List;

/**
 * The engine's named invariants, read by the properties from a cache built through the public builder: they run on
 * the class path, so this class shares the engine's package. (Not named {@code EngineAccess}: the mutation profile
 * compiles clockpro-core's unit tests beside these, and they have an {@code EngineAccess} of their own.)
 */
public final class EngineInvariants {

  private EngineInvariants() {}

  /**
   * Checks every named invariant of the engine under the eviction lock.
   *
   * @param cache a cache built by {@code ClockProCache.builder()}
   * @return the violated invariants with details; empty if all hold
   */
  public static List<String> violations(ClockProCache<?, ?> cache) {
    return ((BoundedCache<?, ?>) cache).checkInvariants();
  }
}
