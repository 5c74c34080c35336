package io.github.clockpro;

/**
 * Observes the work of each eviction: the hook that metrics libraries use to publish the distribution of
 * entries examined per eviction (see the {@code clockpro-stats} module).
 *
 * <p>An observer may be attached to a cache at any time with {@link ClockProCache#addEvictionObserver}.
 * It is called on the thread that performed the eviction, after the cache has released its eviction lock,
 * once per evicted entry. It is never called on the read path. An exception thrown by an observer is logged
 * and otherwise ignored. A cache with no observer pays one volatile read per eviction.
 */
@FunctionalInterface
public interface EvictionObserver {

  /**
   * Called once for every entry evicted for size.
   *
   * @param entriesExamined how many entries the hands examined to complete this eviction, at least 1 and at
   *     most the cache's {@linkplain ClockProCache#maximumScanPerEviction() scan limit}
   * @param reachedLimit whether the scan stopped at the limit and evicted the best candidate seen instead of
   *     finding an unreferenced cold entry
   */
  void onEviction(int entriesExamined, boolean reachedLimit);
}
