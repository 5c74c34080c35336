package io.github.clockpro;

import java.util.concurrent.atomic.LongAdder;

/**
 * The statistics counters that are updated outside the eviction lock. Hits, the only count on the lock-free read
 * path, are a {@link HitCounter}, which needs no atomic instruction; the others are each a {@link LongAdder}: one
 * uncontended CAS per update, striped across cells once threads contend, and free of allocation after its cells
 * exist.
 */
final class Counters {
  final HitCounter hits = new HitCounter();
  final LongAdder misses = new LongAdder();
  final LongAdder puts = new LongAdder();
  final LongAdder loadSuccesses = new LongAdder();
  final LongAdder loadFailures = new LongAdder();
  final LongAdder totalLoadTime = new LongAdder();
}
