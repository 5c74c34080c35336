package io.github.clockpro;

import java.util.concurrent.atomic.LongAdder;

/**
 * The statistics counters that are updated outside the eviction lock, hits above all. Each is a
 * {@link LongAdder}: one uncontended CAS per update, striped across cells once threads contend, and free of
 * allocation after its cells exist.
 */
final class Counters {
  final LongAdder hits = new LongAdder();
  final LongAdder misses = new LongAdder();
  final LongAdder puts = new LongAdder();
  final LongAdder loadSuccesses = new LongAdder();
  final LongAdder loadFailures = new LongAdder();
  final LongAdder totalLoadTime = new LongAdder();
}
