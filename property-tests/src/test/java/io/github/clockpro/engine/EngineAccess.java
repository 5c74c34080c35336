package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import java.util.List;

/**
 * What the properties read from the engine behind a cache built through the public builder: they run on the class
 * path, so this class shares the engine's package.
 */
public final class EngineAccess {

  private EngineAccess() {}

  /**
   * Checks every named invariant of the engine under the eviction lock.
   *
   * @param cache a cache built by {@code ClockProCache.builder()}
   * @return the violated invariants with details; empty if all hold
   */
  public static List<String> checkInvariants(ClockProCache<?, ?> cache) {
    return ((BoundedCache<?, ?>) cache).checkInvariants();
  }
}
