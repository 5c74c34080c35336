package io.github.clockpro;

import io.github.clockpro.CacheUnderTest.LoadOutcome;

/**
 * One step of an action sequence: an operation and its arguments, as plain data. Keys are ids, turned into
 * {@link Key}s by the state, so that an action means the same in any sequence and a shorter sequence made by
 * leaving actions out is still a valid one to run.
 *
 * @param operation what to call
 * @param firstKey the key id of the call; ignored by operations that take no key
 * @param secondKey the second key id of {@code getAllPresent} and {@code invalidateAll(keys)}
 * @param outcome how a loader ends, for the loading operations
 * @param matching whether a conditional write passes the current value or a fresh one
 */
record Action(Operation operation, int firstKey, int secondKey, LoadOutcome outcome, boolean matching) {

  /** The operations, each with its share of the generated actions. */
  enum Operation {
    PUT(6, "put"),
    PUT_SAME_VALUE(1, "putSameValue"),
    GET_IF_PRESENT(5, "getIfPresent"),
    GET_ALL_PRESENT(1, "getAllPresent"),
    GET(5, "get"),
    INVALIDATE(2, "invalidate"),
    INVALIDATE_ALL_OF(1, "invalidateAllOf"),
    INVALIDATE_ALL(1, "invalidateAll"),
    MAP_GET(2, "asMap.get"),
    MAP_CONTAINS_KEY(1, "asMap.containsKey"),
    MAP_PUT(2, "asMap.put"),
    MAP_PUT_IF_ABSENT(2, "asMap.putIfAbsent"),
    MAP_REMOVE(1, "asMap.remove"),
    MAP_REMOVE_IF_EQUAL(1, "asMap.removeIfEqual"),
    MAP_REPLACE(1, "asMap.replace"),
    MAP_REPLACE_IF_EQUAL(1, "asMap.replaceIfEqual"),
    MAP_COMPUTE(1, "asMap.compute"),
    MAP_COMPUTE_IF_ABSENT(2, "asMap.computeIfAbsent"),
    MAP_ITERATOR_REMOVE(1, "asMap.iterator.remove");

    /** The relative frequency of the operation among generated actions. */
    final int weight;
    final String label;

    Operation(int weight, String label) {
      this.weight = weight;
      this.label = label;
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
      case MAP_ITERATOR_REMOVE -> state.mapIteratorRemove();
    }
  }

  @Override
  public String toString() {
    return switch (operation) {
      case INVALIDATE_ALL, MAP_ITERATOR_REMOVE -> operation.label + "()";
      case GET_ALL_PRESENT, INVALIDATE_ALL_OF -> operation.label + "(k" + firstKey + ", k" + secondKey + ")";
      case GET, MAP_COMPUTE_IF_ABSENT -> operation.label + "(k" + firstKey + ", " + outcome + ")";
      case MAP_REMOVE_IF_EQUAL, MAP_REPLACE_IF_EQUAL ->
          operation.label + "(k" + firstKey + ", " + (matching ? "current" : "other") + " value)";
      default -> operation.label + "(k" + firstKey + ")";
    };
  }
}
