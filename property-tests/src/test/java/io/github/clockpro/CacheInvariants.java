package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The named invariants checked after every action of a sequence. Each throws an {@link AssertionError} whose
 * message starts with its name.
 */
final class CacheInvariants {

  private CacheInvariants() {}

  /** Checks every invariant, in this order; the first that fails throws. */
  static void checkAll(CacheUnderTest state) {
    coreInvariants(state);
    sizeBound(state);
    hotPlusColdIsSize(state);
    historyBound(state);
    scanBound(state);
    expiryBound(state);
    contentsMatchShadow(state);
    sizeCountsHeld(state);
    listenerExactlyOnce(state);
    statsConsistent(state);
    modelAgreement(state);
  }

  /** The core's own checker ({@link Invariants}): clock structure, single clock, cold target and threshold. */
  static void coreInvariants(CacheUnderTest state) {
    List<String> violations = io.github.clockpro.engine.EngineInvariants.violations(state.cache);
    assertTrue(violations.isEmpty(), () -> "CORE_INVARIANTS: " + violations);
  }

  static void sizeBound(CacheUnderTest state) {
    assertTrue(state.cache.size() <= state.maximumSize,
        () -> "SIZE_BOUND: size " + state.cache.size() + " > maximum " + state.maximumSize);
  }

  static void hotPlusColdIsSize(CacheUnderTest state) {
    int hot = hotSize(state);
    int cold = coldSize(state);
    assertEquals(state.cache.size(), hot + cold, () -> "HOT_PLUS_COLD_IS_SIZE: hot " + hot + " + cold " + cold);
  }

  static void historyBound(CacheUnderTest state) {
    int history = historySize(state);
    assertTrue(history <= state.maximumSize,
        () -> "HISTORY_BOUND: " + history + " > maximum " + state.maximumSize);
  }

  /**
   * No eviction examined more entries than the scan limit, or none, and the statistics' scan figures agree with
   * each other: the count of evictions that examined at most n entries rises with n, from 0 at 0 to every
   * eviction at the limit; its steps, weighted by their lengths, add up to the entries examined; and its last
   * step is the largest scan. (Inserts that evict nothing may still run the hot hand, within the same limit;
   * the statistics do not count that work.) Last, the eviction observer must have seen the same scans.
   */
  static void scanBound(CacheUnderTest state) {
    CacheStats stats = state.cache.stats();
    int limit = state.scanLimit;
    assertTrue(stats.maxScanPerEviction() <= limit,
        () -> "SCAN_BOUND: statistics report " + stats.maxScanPerEviction() + " > limit " + limit);
    assertEquals(0, state.cache.policy().evictionCountAtMost(0), "SCAN_BOUND: evictions that examined no entry");
    assertEquals(stats.evictionCount() - stats.expirationCount(), state.cache.policy().evictionCountAtMost(limit),
        "SCAN_BOUND: evictions that examined at most the limit against all evictions for size");
    long examined = 0;
    int longest = 0;
    for (int length = 1; length <= limit; length++) {
      long atLength = state.cache.policy().evictionCountAtMost(length) - state.cache.policy().evictionCountAtMost(length - 1);
      int scanLength = length;
      assertTrue(atLength >= 0, () -> "SCAN_BOUND: fewer evictions at most " + scanLength + " than one below");
      examined += atLength * length;
      if (atLength > 0) {
        longest = length;
      }
    }
    assertEquals(stats.scanCount(), examined, "SCAN_BOUND: entries examined against the sum over scan lengths");
    assertEquals(longest, stats.maxScanPerEviction(), "SCAN_BOUND: the largest scan against the longest counted");
    List<String> disagreements = state.scanDisagreements(stats);
    assertTrue(disagreements.isEmpty(), () -> "SCAN_BOUND: " + disagreements);
  }

  /**
   * No action expired more entries than the scan limit allows in each critical section it may run, counted by
   * the statistics' expirations: the bound on expiry work per operation. {@code invalidateAll()} and
   * {@code cleanUp()} run one bounded section per entry or per step, so their total is not bounded.
   */
  static void expiryBound(CacheUnderTest state) {
    if (state.operation == null || state.operation.expirySteps < 0) {
      return;
    }
    long expired = state.cache.stats().expirationCount() - state.expirationsBefore;
    long limit = (long) state.operation.expirySteps * state.scanLimit;
    assertTrue(expired <= limit, () -> "EXPIRY_BOUND: " + state.operation.label + " expired " + expired
        + " entries, at most " + limit + " allowed");
  }

  /**
   * Nothing lost, nothing stale, nothing expired shown: the cache's map view holds exactly the shadow's live
   * entries, with the same instances.
   */
  static void contentsMatchShadow(CacheUnderTest state) {
    Map<Key, Value> contents = new HashMap<>(state.cache.asMap());
    Map<Key, Value> live = state.liveEntries();
    assertEquals(live.keySet(), contents.keySet(), "CONTENTS_MATCH_SHADOW: keys");
    for (Map.Entry<Key, Value> entry : live.entrySet()) {
      assertTrue(contents.get(entry.getKey()) == entry.getValue(),
          () -> "CONTENTS_MATCH_SHADOW: " + entry.getKey() + " holds " + contents.get(entry.getKey())
              + " instead of " + entry.getValue());
    }
  }

  /**
   * {@code size()} counts the entries the cache holds, expired ones it has not yet reported included: so no
   * expired entry left unreported, and none reported stays.
   */
  static void sizeCountsHeld(CacheUnderTest state) {
    assertEquals(state.shadow.size(), state.cache.size(), "SIZE_COUNTS_HELD: held entries against size()");
  }

  /**
   * Every removal reported once and only as expected: evictions, explicit removals and replacements, and
   * expiries, each of an entry the cache held, with its value, past its deadline, once; the evictions and
   * expirations reported equal those counted.
   */
  static void listenerExactlyOnce(CacheUnderTest state) {
    assertTrue(state.listenerViolations.isEmpty(), () -> "LISTENER_EXACTLY_ONCE: " + state.listenerViolations);
    assertEquals(state.evictions + state.expirations, state.cache.stats().evictionCount(),
        "LISTENER_EXACTLY_ONCE: evictions and expirations reported against evictions counted, which include both");
    assertEquals(state.expirations, state.cache.stats().expirationCount(),
        "LISTENER_EXACTLY_ONCE: expirations reported against expirations counted");
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
   * keys, expired ones not yet reported included (the model learns of an expiry when the listener reports it,
   * and removes the page as an invalidation does). Hits and misses then agree too, since the shadow decides them
   * and its live entries equal the cache's contents.
   */
  static void modelAgreement(CacheUnderTest state) {
    if (state.model() == null) {
      return;
    }
    assertTrue(state.modelViolations.isEmpty(), () -> "MODEL_AGREEMENT: " + state.modelViolations);
    assertEquals(state.model().residentKeys(), state.shadow.keySet(), "MODEL_AGREEMENT: resident keys");
  }

  /* Figures of the policy, read in these helpers only, so that a change of where the cache publishes them touches
     nothing else. */

  private static int hotSize(CacheUnderTest state) {
    return state.cache.policy().hotSize();
  }

  private static int coldSize(CacheUnderTest state) {
    return state.cache.policy().coldSize();
  }

  private static int historySize(CacheUnderTest state) {
    return state.cache.policy().historySize();
  }
}
