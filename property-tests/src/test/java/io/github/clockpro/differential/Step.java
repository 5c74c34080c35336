package io.github.clockpro.differential;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One step of a differential sequence: an operation and its arguments, as plain data, so that a shorter sequence
 * made by leaving steps out is still one to run. Values are boxed afresh by each run with {@link Integer#valueOf}:
 * values up to 127 are then shared instances (as {@code Boolean.TRUE} or an enum constant would be), larger ones a
 * new instance at each write, so that both a write of the same instance and a write of an equal copy occur. Each
 * value is boxed by {@link Side#box}, which holds it for the rest of the run, so that a cache with weak or soft
 * values never sees one collected.
 *
 * @param operation what to call
 * @param key the key of the call
 * @param otherKey the second key of the calls that take two
 * @param value the value written, loaded or compared; a bulk load gives key {@code k} the value {@code value + k}
 * @param answer how the function or loader the step passes ends
 * @param amount how far the ticker moves: see {@link TimeScale#step} and {@link #jumpHours}
 */
record Step(Operation operation, int key, int otherKey, int value, Answer answer, int amount) {

  /** The operations, each with its share of the generated steps. */
  enum Operation {
    PUT(6), PUT_ALL(1), GET_IF_PRESENT(5), GET_ALL_PRESENT(1), GET(4), LOADING_GET(2), GET_ALL(2),
    LOADING_GET_ALL(1), REFRESH(2), INVALIDATE(2), INVALIDATE_ALL_OF(1), INVALIDATE_ALL(1), MAP_GET(2),
    MAP_CONTAINS_KEY(1), MAP_PUT(2), MAP_PUT_IF_ABSENT(2), MAP_REMOVE(1), MAP_REMOVE_IF_EQUAL(1), MAP_REPLACE(1),
    MAP_REPLACE_IF_EQUAL(1), COMPUTE(2), COMPUTE_IF_ABSENT(2), COMPUTE_IF_PRESENT(1), MERGE(2), ADVANCE(6),
    JUMP(1), CLEAN_UP(1);

    /** The relative frequency of the operation among generated steps. */
    final int weight;

    Operation(int weight) {
      this.weight = weight;
    }
  }

  /** A step of an operation that takes no arguments. */
  static Step withoutArguments(Operation operation) {
    return new Step(operation, 0, 0, 0, Answer.VALUE, 0);
  }

  /** Whether the step moves the shared ticker, which happens once for both caches. */
  boolean movesTicker() {
    return operation == Operation.ADVANCE || operation == Operation.JUMP;
  }

  Duration tickerMove(TimeScale scale) {
    return operation == Operation.JUMP ? Duration.ofHours(jumpHours()) : scale.step(amount);
  }

  private int jumpHours() {
    return 1 + amount % 6;
  }

  /**
   * Runs the step on one side.
   *
   * @return what the call returned, or {@code null} for one that returns nothing
   */
  Object applyTo(Side side) throws Exception {
    Integer boxedKey = key;
    Integer boxedValue = side.box(value);
    return switch (operation) {
      case PUT -> {
        side.put(boxedKey, boxedValue);
        yield null;
      }
      case PUT_ALL -> {
        Map<Integer, Integer> entries = new LinkedHashMap<>();
        entries.put(boxedKey, boxedValue);
        entries.put(otherKey, side.box(value + 1));
        side.putAll(entries);
        yield null;
      }
      case GET_IF_PRESENT -> side.getIfPresent(boxedKey);
      case GET_ALL_PRESENT -> side.getAllPresent(List.of(boxedKey, otherKey));
      case GET -> side.get(boxedKey, loaded -> {
        side.countCall();
        return answer.fromFunction(boxedValue, null);
      });
      case LOADING_GET -> side.get(boxedKey);
      case GET_ALL -> side.getAll(List.of(boxedKey, otherKey), requested -> {
        side.countCall();
        return bulkAnswer(requested, side);
      });
      case LOADING_GET_ALL -> side.getAll(List.of(boxedKey, otherKey));
      case REFRESH -> side.refresh(boxedKey);
      case INVALIDATE -> {
        side.invalidate(boxedKey);
        yield null;
      }
      case INVALIDATE_ALL_OF -> {
        side.invalidateAll(List.of(boxedKey, otherKey));
        yield null;
      }
      case INVALIDATE_ALL -> {
        side.invalidateAll();
        yield null;
      }
      case MAP_GET -> side.asMap().get(boxedKey);
      case MAP_CONTAINS_KEY -> side.asMap().containsKey(boxedKey);
      case MAP_PUT -> side.asMap().put(boxedKey, boxedValue);
      case MAP_PUT_IF_ABSENT -> side.asMap().putIfAbsent(boxedKey, boxedValue);
      case MAP_REMOVE -> side.asMap().remove(boxedKey);
      case MAP_REMOVE_IF_EQUAL -> side.asMap().remove(boxedKey, boxedValue);
      case MAP_REPLACE -> side.asMap().replace(boxedKey, boxedValue);
      case MAP_REPLACE_IF_EQUAL -> side.asMap().replace(boxedKey, boxedValue, side.box(value + 1));
      case COMPUTE -> side.asMap().compute(boxedKey, (unused, present) -> {
        side.countCall();
        return answer.fromFunction(boxedValue, present);
      });
      case COMPUTE_IF_ABSENT -> side.asMap().computeIfAbsent(boxedKey, unused -> {
        side.countCall();
        return answer.fromFunction(boxedValue, null);
      });
      case COMPUTE_IF_PRESENT -> side.asMap().computeIfPresent(boxedKey, (unused, present) -> {
        side.countCall();
        return answer.fromFunction(boxedValue, present);
      });
      case MERGE -> side.asMap().merge(boxedKey, boxedValue, (present, given) -> {
        side.countCall();
        return answer.fromFunction(side.box(value + 1), present);
      });
      case CLEAN_UP -> {
        side.cleanUp();
        yield null;
      }
      case ADVANCE, JUMP -> throw new IllegalStateException("the sequence moves the ticker, not a side");
    };
  }

  /**
   * What a bulk load returns for the keys it is asked for: {@link Answer#VALUE} every one, {@link Answer#NULL}
   * all but the first (which stays absent), {@link Answer#PRESENT} every one and one key more, which both caches
   * store too; the failures throw {@link Answer.Failure} (a loader throws the checked one itself).
   */
  Map<Integer, Integer> bulkAnswer(Set<? extends Integer> requested, Side side) {
    Map<Integer, Integer> loaded = new LinkedHashMap<>();
    for (Integer requestedKey : requested) {
      loaded.put(requestedKey, side.box(value + requestedKey));
    }
    switch (answer) {
      case NULL -> loaded.remove(requested.iterator().next());
      case PRESENT -> loaded.put(otherKey + 1, side.box(value + otherKey + 1));
      case FAILURE, CHECKED_FAILURE -> throw new Answer.Failure();
      case VALUE -> { }
    }
    return loaded;
  }

  /** What a function passed to a single-key operation returns, in Java. */
  private String function(String parameters, String present) {
    return parameters + " -> " + answer.java(String.valueOf(value), present);
  }

  /**
   * The step as the Java statement that runs it on a cache {@code cache} and a ticker {@code ticker}.
   *
   * @param scale the sequence's time scale, which says how far an advance moves the ticker
   */
  String java(TimeScale scale) {
    String k = String.valueOf(key);
    String v = String.valueOf(value);
    return switch (operation) {
      case PUT -> "cache.put(" + k + ", " + v + ");";
      case PUT_ALL -> "cache.putAll(Map.of(" + k + ", " + v + ", " + otherKey + ", " + (value + 1) + "));";
      case GET_IF_PRESENT -> "cache.getIfPresent(" + k + ");";
      case GET_ALL_PRESENT -> "cache.getAllPresent(List.of(" + k + ", " + otherKey + "));";
      case GET -> "cache.get(" + k + ", " + function("key", v) + ");";
      case LOADING_GET -> "cache.get(" + k + "); // load: " + answer.java(v, v);
      case GET_ALL -> "cache.getAll(List.of(" + k + ", " + otherKey + "), keys -> " + bulkJava() + ");";
      case LOADING_GET_ALL -> "cache.getAll(List.of(" + k + ", " + otherKey + ")); // load(All): " + bulkJava();
      case REFRESH -> "cache.refresh(" + k + ").handle(...); // load: " + answer.java(v, v) + ", reload: "
          + answer.java(v, "oldValue");
      case INVALIDATE -> "cache.invalidate(" + k + ");";
      case INVALIDATE_ALL_OF -> "cache.invalidateAll(List.of(" + k + ", " + otherKey + "));";
      case INVALIDATE_ALL -> "cache.invalidateAll();";
      case MAP_GET -> "cache.asMap().get(" + k + ");";
      case MAP_CONTAINS_KEY -> "cache.asMap().containsKey(" + k + ");";
      case MAP_PUT -> "cache.asMap().put(" + k + ", " + v + ");";
      case MAP_PUT_IF_ABSENT -> "cache.asMap().putIfAbsent(" + k + ", " + v + ");";
      case MAP_REMOVE -> "cache.asMap().remove(" + k + ");";
      case MAP_REMOVE_IF_EQUAL -> "cache.asMap().remove(" + k + ", " + v + ");";
      case MAP_REPLACE -> "cache.asMap().replace(" + k + ", " + v + ");";
      case MAP_REPLACE_IF_EQUAL -> "cache.asMap().replace(" + k + ", " + v + ", " + (value + 1) + ");";
      case COMPUTE -> "cache.asMap().compute(" + k + ", " + function("(key, present)", "present == null ? " + v
          + " : present") + ");";
      case COMPUTE_IF_ABSENT -> "cache.asMap().computeIfAbsent(" + k + ", " + function("key", v) + ");";
      case COMPUTE_IF_PRESENT -> "cache.asMap().computeIfPresent(" + k + ", " + function("(key, present)",
          "present") + ");";
      case MERGE -> "cache.asMap().merge(" + k + ", " + v + ", (present, given) -> "
          + answer.java(String.valueOf(value + 1), "present") + ");";
      case ADVANCE, JUMP -> "ticker.advance(Duration.ofMillis(" + tickerMove(scale).toMillis() + "));";
      case CLEAN_UP -> "cache.cleanUp();";
    };
  }

  private String bulkJava() {
    return switch (answer) {
      case VALUE -> "{ each key k -> " + value + " + k }";
      case NULL -> "{ each key k but the first -> " + value + " + k }";
      case PRESENT -> "{ each key k -> " + value + " + k, and " + (otherKey + 1) + " -> " + (value + otherKey + 1)
          + " }";
      default -> answer.java("", "");
    };
  }
}
