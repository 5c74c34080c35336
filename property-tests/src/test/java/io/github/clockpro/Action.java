package io.github.clockpro;

import io.github.clockpro.CacheUnderTest.LoadOutcome;
import java.time.Duration;

/**
 * One step of an action sequence: an operation and its arguments, as plain data. Keys are ids, turned into
 * {@link Key}s by the state, so that an action means the same in any sequence and a shorter sequence made by
 * leaving actions out is still a valid one to run.
 *
 * @param operation what to call
 * @param firstKey the key id of the call; ignored by operations that take no key
 * @param secondKey the second key id of {@code getAllPresent}, {@code getAll} and {@code invalidateAll(keys)}
 * @param outcome how a loader ends, for the loading operations
 * @param matching whether a conditional write passes the current value or a fresh one; for {@code merge},
 *     whether its function removes the entry
 * @param amount how far the time moves, for the operations on the ticker: milliseconds, or hours for a jump
 *     (1 to 6, from the amount); a move back is of milliseconds for an even amount and hours for an odd one
 */
record Action(Operation operation, int firstKey, int secondKey, LoadOutcome outcome, boolean matching,
    int amount) {

  /** The largest {@link #amount}. */
  static final int MAXIMUM_AMOUNT = 2_000;

  /** The operations, each with its share of the generated actions. */
  enum Operation {
    PUT(6, "put", 1),
    PUT_SAME_VALUE(1, "putSameValue", 1),
    GET_IF_PRESENT(5, "getIfPresent", 1),
    GET_ALL_PRESENT(1, "getAllPresent", 2),
    GET(5, "get", 2),
    INVALIDATE(2, "invalidate", 1),
    INVALIDATE_ALL_OF(1, "invalidateAllOf", 2),
    INVALIDATE_ALL(1, "invalidateAll", -1),
    MAP_GET(2, "asMap.get", 1),
    MAP_CONTAINS_KEY(1, "asMap.containsKey", 0),
    MAP_PUT(2, "asMap.put", 1),
    MAP_PUT_IF_ABSENT(2, "asMap.putIfAbsent", 1),
    MAP_REMOVE(1, "asMap.remove", 1),
    MAP_REMOVE_IF_EQUAL(1, "asMap.removeIfEqual", 1),
    MAP_REPLACE(1, "asMap.replace", 1),
    MAP_REPLACE_IF_EQUAL(1, "asMap.replaceIfEqual", 1),
    MAP_COMPUTE(1, "asMap.compute", 2),
    MAP_COMPUTE_IF_ABSENT(2, "asMap.computeIfAbsent", 2),
    /** Removes the key when {@link #matching}: the function returns {@code null}. */
    MAP_MERGE(1, "asMap.merge", 2),
    /** With a bulk function; each of the two keys may find its entry expired, then insert. */
    GET_ALL(2, "getAll", 4),
    MAP_ITERATOR_REMOVE(1, "asMap.iterator.remove", 1),
    ADVANCE(4, "advance", 0),
    JUMP(1, "jump", 0),
    CLEAN_UP(1, "cleanUp", -1),
    /** Only in the sequences that move the ticker back: see {@link CacheUnderTest#tickerBack}. */
    TICKER_BACK(2, "tickerBack", -1);

    /** The relative frequency of the operation among generated actions. */
    final int weight;
    final String label;
    /**
     * The most critical sections of the cache in which the action may expire entries, each at most the scan
     * limit of them: one per single-key call that may take the eviction lock (a compute or a load may take it
     * twice: once for the read that finds the entry expired, once for the insert); -1 where the work grows with
     * the entries held ({@code invalidateAll()}, {@code cleanUp()}).
     */
    final int expirySteps;

    Operation(int weight, String label, int expirySteps) {
      this.weight = weight;
      this.label = label;
      this.expirySteps = expirySteps;
    }
  }

  void applyTo(CacheUnderTest state) {
    switch (operation) {
      case PUT -> state.put(state.key(firstKey));
      case PUT_SAME_VALUE -> state.putSameValue(state.key(firstKey));
      case GET_IF_PRESENT -> state.getIfPresent(state.key(firstKey));
      case GET_ALL_PRESENT -> state.getAllPresent(state.key(firstKey), state.key(secondKey));
      case GET -> state.get(state.key(firstKey), outcome);
      case INVALIDATE -> state.invalidate(state.key(firstKey));
      case INVALIDATE_ALL_OF -> state.invalidateAllOf(state.key(firstKey), state.key(secondKey));
      case INVALIDATE_ALL -> state.invalidateAll();
      case MAP_GET -> state.mapGet(state.key(firstKey));
      case MAP_CONTAINS_KEY -> state.mapContainsKey(state.key(firstKey));
      case MAP_PUT -> state.mapPut(state.key(firstKey));
      case MAP_PUT_IF_ABSENT -> state.mapPutIfAbsent(state.key(firstKey));
      case MAP_REMOVE -> state.mapRemove(state.key(firstKey));
      case MAP_REMOVE_IF_EQUAL -> state.mapRemoveIfEqual(state.key(firstKey), matching);
      case MAP_REPLACE -> state.mapReplace(state.key(firstKey));
      case MAP_REPLACE_IF_EQUAL -> state.mapReplaceIfEqual(state.key(firstKey), matching);
      case MAP_COMPUTE -> state.mapCompute(state.key(firstKey));
      case MAP_COMPUTE_IF_ABSENT -> state.computeIfAbsent(state.key(firstKey), outcome);
      case MAP_MERGE -> state.mapMerge(state.key(firstKey), matching);
      case GET_ALL -> state.getAll(state.key(firstKey), state.key(secondKey), outcome);
      case MAP_ITERATOR_REMOVE -> state.mapIteratorRemove();
      case ADVANCE -> state.advance(Duration.ofMillis(amount));
      case JUMP -> state.advance(jumpHours());
      case CLEAN_UP -> state.cleanUp();
      case TICKER_BACK -> state.tickerBack(backwards());
    }
  }

  /** How far a jump moves the time: 1 to 6 hours. */
  private Duration jumpHours() {
    return Duration.ofHours(1 + amount % 6);
  }

  /** How far a move back goes: milliseconds for an even amount, hours for an odd one. */
  private Duration backwards() {
    return amount % 2 == 0 ? Duration.ofMillis(amount) : jumpHours();
  }

  @Override
  public String toString() {
    return switch (operation) {
      case INVALIDATE_ALL, MAP_ITERATOR_REMOVE, CLEAN_UP -> operation.label + "()";
      case ADVANCE -> operation.label + "(" + amount + " ms)";
      case JUMP -> operation.label + "(" + jumpHours().toHours() + " h)";
      case TICKER_BACK -> operation.label + "(" + backwards() + ")";
      case GET_ALL_PRESENT, INVALIDATE_ALL_OF -> operation.label + "(k" + firstKey + ", k" + secondKey + ")";
      case GET, MAP_COMPUTE_IF_ABSENT -> operation.label + "(k" + firstKey + ", " + outcome + ")";
      case GET_ALL -> operation.label + "(k" + firstKey + ", k" + secondKey + ", " + outcome + ")";
      case MAP_MERGE -> operation.label + "(k" + firstKey + (matching ? ", removing" : "") + ")";
      case MAP_REMOVE_IF_EQUAL, MAP_REPLACE_IF_EQUAL ->
          operation.label + "(k" + firstKey + ", " + (matching ? "current" : "other") + " value)";
      default -> operation.label + "(k" + firstKey + ")";
    };
  }
}
