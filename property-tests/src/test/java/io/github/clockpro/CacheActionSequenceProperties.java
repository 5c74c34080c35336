package io.github.clockpro;

import io.github.clockpro.CacheUnderTest.LoadOutcome;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

/**
 * Stateful properties: random sequences of cache and map operations on small caches (1 to 64 entries), where
 * eviction is constant, with every named invariant of {@link CacheInvariants} checked after every action.
 *
 * <p>Keys are drawn from a range about twice the capacity, so that keys repeat and the cache stays full; in half
 * the sequences, keys' hash codes collide in groups of four. The number of tries comes from the
 * {@code jqwik.tries.default} configuration parameter (see the module's pom). A failing sequence shrinks to a
 * short one, and jqwik prints the seed that replays it: put it in {@code @Property(seed = "...")}.
 */
class CacheActionSequenceProperties {

  /** The most actions in one sequence: enough to fill the largest cache several times over. */
  private static final int MAXIMUM_ACTIONS = 400;

  @Property
  void shouldKeepEveryInvariantAfterEveryAction(@ForAll("sequences") ActionChain<CacheUnderTest> chain) {
    CacheInvariants.checkedAfterEveryAction(chain).run();
  }

  @Property
  void shouldEvictTheSameKeysAsTheReferenceModel(@ForAll("modelledSequences") ActionChain<CacheUnderTest> chain) {
    CacheInvariants.checkedAfterEveryAction(chain).run();
  }

  @Provide
  Arbitrary<ActionChain<CacheUnderTest>> sequences() {
    return sequences(false);
  }

  @Provide
  Arbitrary<ActionChain<CacheUnderTest>> modelledSequences() {
    return sequences(true);
  }

  private static Arbitrary<ActionChain<CacheUnderTest>> sequences(boolean withModel) {
    Arbitrary<Integer> sizes = Arbitraries.integers().between(1, 64);
    Arbitrary<Integer> scanLimits = Arbitraries.of(1, 2, 3, 8, CacheBuilder.DEFAULT_SCAN_LIMIT);
    Arbitrary<Integer> collisionGroups = Arbitraries.of(1, 4);
    return Combinators.combine(sizes, scanLimits, collisionGroups).flatAs((size, scanLimit, collisionGroup) ->
        ActionChain.<CacheUnderTest>startWith(() -> new CacheUnderTest(size, scanLimit, collisionGroup, withModel))
            .withAction(6, keyed("put", CacheUnderTest::put))
            .withAction(1, keyed("putSameValue", CacheUnderTest::putSameValue))
            .withAction(5, keyed("getIfPresent", CacheUnderTest::getIfPresent))
            .withAction(1, twoKeys("getAllPresent", CacheUnderTest::getAllPresent))
            .withAction(5, loading("get", CacheUnderTest::get))
            .withAction(2, keyed("invalidate", CacheUnderTest::invalidate))
            .withAction(1, twoKeys("invalidateAllOf", CacheUnderTest::invalidateAllOf))
            .withAction(1, Action.just(Transformer.mutate("invalidateAll", CacheUnderTest::invalidateAll)))
            .withAction(2, keyed("asMap.get", CacheUnderTest::mapGet))
            .withAction(1, keyed("asMap.containsKey", CacheUnderTest::mapContainsKey))
            .withAction(2, keyed("asMap.put", CacheUnderTest::mapPut))
            .withAction(2, keyed("asMap.putIfAbsent", CacheUnderTest::mapPutIfAbsent))
            .withAction(1, keyed("asMap.remove", CacheUnderTest::mapRemove))
            .withAction(1, matching("asMap.removeIfEqual", CacheUnderTest::mapRemoveIfEqual))
            .withAction(1, keyed("asMap.replace", CacheUnderTest::mapReplace))
            .withAction(1, matching("asMap.replaceIfEqual", CacheUnderTest::mapReplaceIfEqual))
            .withAction(1, keyed("asMap.compute", CacheUnderTest::mapCompute))
            .withAction(2, loading("asMap.computeIfAbsent", CacheUnderTest::computeIfAbsent))
            .withAction(1, Action.just(Transformer.mutate("asMap.iterator.remove",
                CacheUnderTest::mapIteratorRemove)))
            .withMaxTransformations(MAXIMUM_ACTIONS));
  }

  /** An action on one key drawn from about twice the capacity. */
  private static Action.Dependent<CacheUnderTest> keyed(String name, KeyedOperation operation) {
    return state -> keyIds(state).map(id -> Transformer.mutate(name + "(k" + id + ")",
        (CacheUnderTest s) -> operation.run(s, s.key(id))));
  }

  private static Action.Dependent<CacheUnderTest> twoKeys(String name, TwoKeyOperation operation) {
    return state -> Combinators.combine(keyIds(state), keyIds(state)).as((first, second) ->
        Transformer.mutate(name + "(k" + first + ", k" + second + ")",
            (CacheUnderTest s) -> operation.run(s, s.key(first), s.key(second))));
  }

  private static Action.Dependent<CacheUnderTest> loading(String name, LoadingOperation operation) {
    Arbitrary<LoadOutcome> outcomes = Arbitraries.frequency(
        Tuple.of(6, LoadOutcome.VALUE), Tuple.of(1, LoadOutcome.NULL), Tuple.of(1, LoadOutcome.FAILURE));
    return state -> Combinators.combine(keyIds(state), outcomes).as((id, outcome) ->
        Transformer.mutate(name + "(k" + id + ", " + outcome + ")",
            (CacheUnderTest s) -> operation.run(s, s.key(id), outcome)));
  }

  private static Action.Dependent<CacheUnderTest> matching(String name, MatchingOperation operation) {
    return state -> Combinators.combine(keyIds(state), Arbitraries.of(true, false)).as((id, matching) ->
        Transformer.mutate(name + "(k" + id + ", " + (matching ? "current" : "other") + " value)",
            (CacheUnderTest s) -> operation.run(s, s.key(id), matching)));
  }

  private static Arbitrary<Integer> keyIds(CacheUnderTest state) {
    return Arbitraries.integers().between(0, 2 * state.maximumSize + 2);
  }

  @FunctionalInterface
  interface KeyedOperation {
    void run(CacheUnderTest state, Key key);
  }

  @FunctionalInterface
  interface TwoKeyOperation {
    void run(CacheUnderTest state, Key first, Key second);
  }

  @FunctionalInterface
  interface LoadingOperation {
    void run(CacheUnderTest state, Key key, LoadOutcome outcome);
  }

  @FunctionalInterface
  interface MatchingOperation {
    void run(CacheUnderTest state, Key key, boolean matching);
  }
}
