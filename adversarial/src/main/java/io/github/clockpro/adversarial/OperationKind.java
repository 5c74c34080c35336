package io.github.clockpro.adversarial;

/** What one operation of an access pattern does to the cache. */
public enum OperationKind {
  /** Reads the key; on a miss, loads it: the runner then puts the key, as a read-through cache would. */
  GET,
  /** Writes the key unconditionally, inserting it if absent. */
  PUT,
  /** Removes the key if present. */
  INVALIDATE,
  /**
   * Moves the cache's ticker forward by the key, in nanoseconds: no cache operation, and not counted as one.
   * Only patterns whose cache expires entries use it.
   */
  ADVANCE
}
