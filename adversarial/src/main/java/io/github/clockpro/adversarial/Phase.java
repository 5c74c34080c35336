package io.github.clockpro.adversarial;

/**
 * One stage of an access pattern: a fixed number of operations, the operation at each index computed on demand.
 *
 * @param name what the stage does, for reports and replay
 * @param length the number of operations; at least 0
 * @param step produces the operation for an index in {@code [0, length)}; called with increasing indexes
 */
record Phase(String name, long length, Step step) {

  /** The key region of {@link #fillWithStrangers}; patterns use lower regions. */
  private static final int STRANGER_REGION = 9;

  /** Produces the operation at one index of a phase. */
  @FunctionalInterface
  interface Step {
    void produce(long index, OperationSink sink);
  }

  Phase {
    if (length < 0) {
      throw new IllegalArgumentException("length must be at least 0 but was " + length);
    }
  }

  /** A phase that reads each key of {@code [first, first + count)} once, in order. */
  static Phase readEach(String name, long first, long count) {
    return new Phase(name, count, (index, sink) -> sink.accept(OperationKind.GET, first + index));
  }

  /**
   * A phase that puts {@code count} keys that no read of the pattern uses, so the cache is full, and evicting,
   * from the first read on.
   */
  static Phase fillWithStrangers(long count) {
    return putEach("fill with unused keys", Keys.region(STRANGER_REGION, 0), count);
  }

  /** A phase that puts each key of {@code [first, first + count)} once, in order. */
  static Phase putEach(String name, long first, long count) {
    return new Phase(name, count, (index, sink) -> sink.accept(OperationKind.PUT, first + index));
  }
}
