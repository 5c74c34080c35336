package io.github.clockpro.differential;

/**
 * How a function or loader that a step passes to the caches ends. Both caches are given functions that end the
 * same way, so their outcomes must agree.
 */
enum Answer {
  /** Returns the step's value. */
  VALUE,
  /** Returns {@code null}: a load caches nothing, a compute or merge removes the entry. */
  NULL,
  /**
   * Returns the value the function was given: a reload returns the old value (the usual "not modified" answer), a
   * compute returns the present value, a merge the old one. Where it was given none, it returns the step's value.
   */
  PRESENT,
  /** Throws {@link Failure}, an unchecked exception. */
  FAILURE,
  /** Throws {@link CheckedFailure}, a checked exception; a function that cannot throw one throws {@link Failure}. */
  CHECKED_FAILURE;

  /** The unchecked exception the steps' functions throw. */
  static final class Failure extends RuntimeException {
    Failure() {
      super("the step's function fails", null, false, false);
    }
  }

  /** The checked exception the steps' loaders throw. */
  static final class CheckedFailure extends Exception {
    CheckedFailure() {
      super("the step's loader fails", null, false, false);
    }
  }

  /** What a loader returns, or throws, given the step's value and the value present, if any. */
  Integer fromLoader(Integer value, Integer present) throws CheckedFailure {
    if (this == CHECKED_FAILURE) {
      throw new CheckedFailure();
    }
    return fromFunction(value, present);
  }

  /** What a function that cannot throw a checked exception returns, or throws. */
  Integer fromFunction(Integer value, Integer present) {
    return switch (this) {
      case VALUE -> value;
      case NULL -> null;
      case PRESENT -> present == null ? value : present;
      case FAILURE, CHECKED_FAILURE -> throw new Failure();
    };
  }

  /** The function's body in Java, for a failure's report. */
  String java(String value, String present) {
    return switch (this) {
      case VALUE -> value;
      case NULL -> "null";
      case PRESENT -> present;
      case FAILURE -> "{ throw new Failure(); }";
      case CHECKED_FAILURE -> "{ throw new CheckedFailure(); }";
    };
  }
}
