package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.state.ActionChain;

/**
 * The named invariants checked after every action of a sequence. Each throws an {@link AssertionError} that
 * starts with its name.
 */
final class CacheInvariants {

  private CacheInvariants() {}

  /** Adds every invariant to the chain, in the order they are checked. */
  static ActionChain<CacheUnderTest> checkedAfterEveryAction(ActionChain<CacheUnderTest> chain) {
    return chain
        .withInvariant("CORE_INVARIANTS", CacheInvariants::coreInvariants)
        .withInvariant("SIZE_BOUND", CacheInvariants::sizeBound)
        .withInvariant("HOT_PLUS_COLD_IS_SIZE", CacheInvariants::hotPlusColdIsSize)
        .withInvariant("NON_RESIDENT_BOUND", CacheInvariants::nonResidentBound)
        .withInvariant("SCAN_BOUND", CacheInvariants::scanBound)
        .withInvariant("CONTENTS_MATCH_SHADOW", CacheInvariants::contentsMatchShadow)
        .withInvariant("LISTENER_EXACTLY_ONCE", CacheInvariants::listenerExactlyOnce)
        .withInvariant("STATS_CONSISTENT", CacheInvariants::statsConsistent)
        .withInvariant("MODEL_AGREEMENT", CacheInvariants::modelAgreement);
  }

  /** The core's own checker ({@link Invariants}): clock structure, single clock, cold target and threshold. */
  static void coreInvariants(CacheUnderTest state) {
    List<String> violations = state.cache.checkInvariants();
    assertTrue(violations.isEmpty(), () -> "CORE_INVARIANTS: " + violations);
  }

  static void sizeBound(CacheUnderTest state) {
    assertTrue(state.cache.size() <= state.maximumSize,
        () -> "SIZE_BOUND: size " + state.cache.size() + " > maximum " + state.maximumSize);
  }

  static void hotPlusColdIsSize(CacheUnderTest state) {
    CacheStats stats = state.cache.stats();
    assertEquals(state.cache.size(), stats.hotSize() + stats.coldSize(),
        () -> "HOT_PLUS_COLD_IS_SIZE: hot " + stats.hotSize() + " + cold " + stats.coldSize());
  }

  static void nonResidentBound(CacheUnderTest state) {
    int nonResident = state.cache.stats().nonResidentSize();
    assertTrue(nonResident <= state.maximumSize,
        () -> "NON_RESIDENT_BOUND: " + nonResident + " > maximum " + state.maximumSize);
  }

  /**
   * No eviction examined more entries than the cap, by the observer and by the statistics, and both count the
   * same work, length by length. (Inserts that evict nothing may still run the hot hand, within the same cap;
   * neither counts it.)
   */
  static void scanBound(CacheUnderTest state) {
    for (int examined : state.scans) {
      assertTrue(examined >= 1 && examined <= state.scanLimit,
          () -> "SCAN_BOUND: an eviction examined " + examined + " entries, cap " + state.scanLimit);
    }
    CacheStats stats = state.cache.stats();
    assertTrue(stats.maxScanPerEviction() <= state.scanLimit,
        () -> "SCAN_BOUND: statistics report " + stats.maxScanPerEviction() + " > cap " + state.scanLimit);
    assertEquals(state.scans.stream().mapToLong(Integer::longValue).sum(), stats.scanCount(),
        "SCAN_BOUND: entries examined, as observed against the statistics");
    for (int length = 0; length <= state.scanLimit + 1; length++) {
      int scanLength = length;
      long observed = state.scans.stream().filter(examined -> examined <= scanLength).count();
      assertEquals(observed, stats.evictionCountAtMost(length),
          () -> "SCAN_BOUND: evictions that examined at most " + scanLength + " entries, observed against the "
              + "statistics");
    }
  }

  /** Nothing lost, nothing stale: the cache holds exactly the shadow's entries, with the same instances. */
  static void contentsMatchShadow(CacheUnderTest state) {
    Map<Key, Value> contents = new HashMap<>(state.cache.asMap());
    assertEquals(state.shadow.keySet(), contents.keySet(), "CONTENTS_MATCH_SHADOW: keys");
    for (Map.Entry<Key, Value> entry : state.shadow.entrySet()) {
      assertTrue(contents.get(entry.getKey()) == entry.getValue(),
          () -> "CONTENTS_MATCH_SHADOW: " + entry.getKey() + " holds " + contents.get(entry.getKey())
              + " instead of " + entry.getValue());
    }
  }

  /**
   * Every removal reported once and only as expected: evictions, explicit removals and replacements; the
   * evictions reported equal the evictions counted and observed.
   */
  static void listenerExactlyOnce(CacheUnderTest state) {
    assertTrue(state.listenerViolations.isEmpty(), () -> "LISTENER_EXACTLY_ONCE: " + state.listenerViolations);
    assertEquals(state.evictions, state.cache.stats().evictionCount(),
        "LISTENER_EXACTLY_ONCE: evictions reported against evictions counted");
    assertEquals(state.evictions, state.scans.size(),
        "LISTENER_EXACTLY_ONCE: evictions reported against evictions observed");
  }

  static void statsConsistent(CacheUnderTest state) {
    CacheStats stats = state.cache.stats();
    assertEquals(state.hits, stats.hitCount(), "STATS_CONSISTENT: hits");
    assertEquals(state.misses, stats.missCount(), "STATS_CONSISTENT: misses");
    assertEquals(state.hits + state.misses, stats.requestCount(), "STATS_CONSISTENT: hits + misses = lookups");
    assertEquals(state.puts, stats.putCount(), "STATS_CONSISTENT: puts");
    assertEquals(state.loadSuccesses, stats.loadSuccessCount(), "STATS_CONSISTENT: load successes");
    assertEquals(state.loadFailures, stats.loadFailureCount(), "STATS_CONSISTENT: load failures");
  }

  /**
   * When a reference model is attached: the cache evicted the keys the model evicted, and both hold the same
   * keys. Hits and misses then agree too, since the shadow decides them and equals the cache's contents.
   */
  static void modelAgreement(CacheUnderTest state) {
    if (state.model() == null) {
      return;
    }
    assertTrue(state.modelViolations.isEmpty(), () -> "MODEL_AGREEMENT: " + state.modelViolations);
    assertEquals(state.model().residentKeys(), state.shadow.keySet(), "MODEL_AGREEMENT: resident keys");
  }
}
