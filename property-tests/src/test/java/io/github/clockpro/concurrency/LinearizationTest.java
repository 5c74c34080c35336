package io.github.clockpro.concurrency;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.RemovalCause;
import io.github.clockpro.concurrency.ConcurrentScenario.History;
import io.github.clockpro.concurrency.ConcurrentScenario.Kind;
import io.github.clockpro.concurrency.ConcurrentScenario.Operation;
import io.github.clockpro.concurrency.ConcurrentScenario.Outcome;
import io.github.clockpro.concurrency.ConcurrentScenario.Recorded;
import io.github.clockpro.concurrency.ConcurrentScenario.Removal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The specifications of {@link Linearization} on histories written by hand: they accept what a cache with
 * placeholders may do, and reject a stale value, a lost write and (the map's) an eviction from a cache that is not
 * full.
 * Every history's operations on different threads overlap in time unless said otherwise.
 */
class LinearizationTest {

  private static Recorded put(int key, String value, long start, long end, Removal... removals) {
    return new Recorded(new Operation(Kind.PUT, key, value), new Outcome(null, List.of(removals), false), start, end);
  }

  private static Recorded invalidate(int key, long start, long end, Removal... removals) {
    return new Recorded(new Operation(Kind.INVALIDATE, key, null), new Outcome(null, List.of(removals), false),
        start, end);
  }

  /** A get whose own loader ran, loading {@code value}, that returned {@code returned}. */
  private static Recorded load(int key, String value, String returned, long start, long end, Removal... removals) {
    return new Recorded(new Operation(Kind.GET_WITH_LOADER, key, value),
        new Outcome(returned, List.of(removals), true), start, end);
  }

  /** A get whose loader did not run: it hit, or joined another get's load. */
  private static Recorded joined(int key, String value, String returned, long start, long end) {
    return new Recorded(new Operation(Kind.GET_WITH_LOADER, key, value), new Outcome(returned, List.of(), false),
        start, end);
  }

  private static Removal removal(int key, String value, RemovalCause cause) {
    return new Removal(key, value, cause);
  }

  private static boolean linearizable(int capacity, List<Recorded> prefix, List<List<Recorded>> threads,
      Map<Integer, String> contents) {
    return Linearization.exists(new History(prefix, threads, contents, List.of()),
        Linearization.mapWithReportedEvictions(capacity));
  }

  /** The same history against the cache replayed on one thread, its loads held in flight between their steps. */
  private static boolean replayable(List<List<Recorded>> threads, Map<Integer, String> contents) {
    return Linearization.exists(new History(List.of(), threads, contents, List.of()),
        Linearization.sameCacheReplayed(16));
  }

  @Test
  void shouldReplayLoadsInFlightOnTheCacheItself() {
    assertTrue(replayable(List.of(
        List.of(load(0, "a", "c", 10, 20)),
        List.of(put(0, "b", 11, 12), put(0, "c", 13, 14, removal(0, "b", RemovalCause.REPLACED)))),
        Map.of(0, "c")), "a put filled the placeholder");
    assertTrue(replayable(List.of(
        List.of(load(0, "a", "a", 10, 20, removal(0, "a", RemovalCause.EXPLICIT))),
        List.of(invalidate(0, 11, 12)),
        List.of(joined(0, "j", "a", 11, 19))), Map.of()), "an invalidation discarded the load");
    assertFalse(replayable(List.of(
        List.of(load(0, "a", "a", 10, 20)),
        List.of(put(0, "b", 11, 12))), Map.of(0, "a")), "the loaded value stored over a put");
    assertFalse(replayable(List.of(
        List.of(load(0, "a", "a", 10, 20)),
        List.of(joined(0, "j", "z", 11, 19))), Map.of(0, "a")), "a joined get returned another value");
  }

  @Test
  void shouldAcceptAGetThatReturnsThePutThatFilledItsPlaceholder() {
    assertTrue(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "b", 10, 20)),
        List.of(put(0, "b", 11, 12))), Map.of(0, "b")));
  }

  @Test
  void shouldAcceptAGetThatReturnsTheValueOfItsFilledPlaceholderWhenItsLoadEnds() {
    assertTrue(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "c", 10, 20)),
        List.of(put(0, "b", 11, 12), put(0, "c", 13, 14, removal(0, "b", RemovalCause.REPLACED)))),
        Map.of(0, "c")));
  }

  @Test
  void shouldRejectALoadedValueStoredOverAPutWithoutAReplacement() {
    assertFalse(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "a", 10, 20)),
        List.of(put(0, "b", 11, 12))), Map.of(0, "a")));
  }

  @Test
  void shouldAcceptALoadThatAnInvalidationDiscarded() {
    assertTrue(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "a", 10, 20, removal(0, "a", RemovalCause.EXPLICIT))),
        List.of(invalidate(0, 11, 12)),
        List.of(joined(0, "j", "a", 11, 19))), Map.of()));
  }

  @Test
  void shouldRejectADiscardedLoadWhoseValueWasCached() {
    assertFalse(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "a", 10, 20, removal(0, "a", RemovalCause.EXPLICIT))),
        List.of(invalidate(0, 11, 12))), Map.of(0, "a")));
  }

  @Test
  void shouldRequireAJoinedGetToReturnWhatTheLoadReturned() {
    assertTrue(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "a", 10, 20)),
        List.of(joined(0, "j", "a", 11, 19))), Map.of(0, "a")));
    assertFalse(linearizable(2, List.of(), List.of(
        List.of(load(0, "a", "a", 10, 20)),
        List.of(joined(0, "j", "z", 11, 19))), Map.of(0, "a")));
  }

  @Test
  void shouldEvictOnlyFromAFullCache() {
    List<Recorded> twoEntries = List.of(put(0, "a", 0, 1), put(1, "b", 2, 3));
    List<List<Recorded>> evictingPut = List.of(List.of(put(2, "c", 10, 20, removal(0, "a", RemovalCause.SIZE))));
    assertTrue(linearizable(2, twoEntries, evictingPut, Map.of(1, "b", 2, "c")));
    assertFalse(linearizable(3, twoEntries, evictingPut, Map.of(1, "b", 2, "c")));
  }

  @Test
  void shouldCountAPlaceholderAsHeld() {
    List<Recorded> oneEntry = List.of(put(1, "x", 0, 1));
    List<List<Recorded>> loadAndEvictingPut = List.of(
        List.of(load(0, "a", "a", 10, 30)),
        List.of(put(2, "c", 12, 14, removal(1, "x", RemovalCause.SIZE))));
    assertTrue(linearizable(2, oneEntry, loadAndEvictingPut, Map.of(0, "a", 2, "c")));
    assertFalse(linearizable(3, oneEntry, loadAndEvictingPut, Map.of(0, "a", 2, "c")));
  }

  @Test
  void shouldAcceptAPlaceholderEvictedFromAFullCache() {
    List<Recorded> oneEntry = List.of(put(1, "x", 0, 1));
    List<List<Recorded>> evictedLoad = List.of(
        List.of(load(2, "a", "a", 10, 20, removal(2, "a", RemovalCause.SIZE))),
        List.of(put(0, "b", 11, 12)));
    assertTrue(linearizable(2, oneEntry, evictedLoad, Map.of(0, "b", 1, "x")));
    assertFalse(linearizable(3, oneEntry, evictedLoad, Map.of(0, "b", 1, "x")));
  }

  @Test
  void shouldRejectAStaleRead() {
    assertFalse(linearizable(2, List.of(put(0, "a", 0, 1)), List.of(
        List.of(put(0, "b", 10, 11, removal(0, "a", RemovalCause.REPLACED))),
        List.of(joined(0, "j", "a", 12, 13))), Map.of(0, "b")));
  }
}
