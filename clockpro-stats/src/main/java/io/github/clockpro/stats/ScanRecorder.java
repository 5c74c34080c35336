package io.github.clockpro.stats;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.EvictionObserver;
import io.micrometer.core.instrument.DistributionSummary;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Records the entries examined by each eviction of one cache into one registry's distribution summary.
 *
 * <p>Holds both the cache and the summary weakly, so that neither keeps the other's owner alive (see the design
 * comment of {@link ClockProCacheMetrics}). Once the summary has been collected, because its registry was
 * discarded or dropped the meter, the recorder detaches itself from the cache at the next eviction.
 *
 * <p>At most one recorder is attached per cache and summary: a second {@link #attach} with the summary a registry
 * returned again for the same meter does nothing, so no eviction is counted twice.
 */
final class ScanRecorder implements EvictionObserver {

  /**
   * The recorders this class attached, by cache. Guarded by itself. The keys are weak, and the ClockProCache
   * does not override equals, so a cache is looked up by identity and never kept alive by this map.
   */
  private static final Map<ClockProCache<?, ?>, List<ScanRecorder>> ATTACHED = new WeakHashMap<>();

  private final WeakReference<ClockProCache<?, ?>> cacheReference;
  private final WeakReference<DistributionSummary> summaryReference;

  private ScanRecorder(ClockProCache<?, ?> cache, DistributionSummary summary) {
    this.cacheReference = new WeakReference<>(cache);
    this.summaryReference = new WeakReference<>(summary);
  }

  /**
   * Attaches a recorder that feeds the summary from the cache's evictions, unless one already does.
   *
   * @param cache the cache to observe
   * @param summary the summary the registry returned
   */
  static void attach(ClockProCache<?, ?> cache, DistributionSummary summary) {
    synchronized (ATTACHED) {
      List<ScanRecorder> recorders = ATTACHED.computeIfAbsent(cache, key -> new ArrayList<>());
      for (ScanRecorder recorder : recorders) {
        if (recorder.summaryReference.get() == summary) {
          return;
        }
      }
      ScanRecorder recorder = new ScanRecorder(cache, summary);
      recorders.add(recorder);
      cache.addEvictionObserver(recorder);
    }
  }

  /**
   * Returns how many recorders are attached to the cache, including any whose summary is gone but that have
   * not seen an eviction since.
   */
  static int attachedTo(ClockProCache<?, ?> cache) {
    synchronized (ATTACHED) {
      List<ScanRecorder> recorders = ATTACHED.get(cache);
      return recorders == null ? 0 : recorders.size();
    }
  }

  @Override
  public void onEviction(int entriesExamined, boolean reachedLimit) {
    DistributionSummary summary = summaryReference.get();
    if (summary != null) {
      summary.record(entriesExamined);
    } else {
      detach();
    }
  }

  /**
   * Removes this recorder from its cache. Called on the evicting thread, outside the cache's locks; the cache
   * copies its observer array on change, so the eviction being published is not disturbed.
   */
  private void detach() {
    ClockProCache<?, ?> cache = cacheReference.get();
    if (cache == null) {
      return;
    }
    cache.removeEvictionObserver(this);
    synchronized (ATTACHED) {
      List<ScanRecorder> recorders = ATTACHED.get(cache);
      if (recorders != null) {
        recorders.remove(this);
      }
    }
  }
}
