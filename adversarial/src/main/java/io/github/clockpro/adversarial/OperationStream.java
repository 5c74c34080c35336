package io.github.clockpro.adversarial;

/**
 * A finite stream of cache operations, produced one at a time so that a stream for a million-entry cache holds
 * no precomputed array of operations.
 *
 * <p>A stream is a cursor: {@link #advance()} moves to the next operation, after which {@link #kind()} and
 * {@link #key()} describe it. A stream opened twice with the same arguments yields the same operations.
 * Streams are not thread-safe.
 */
public interface OperationStream {

  /**
   * Moves to the next operation.
   *
   * @return {@code false} if the stream is exhausted, after which {@link #kind()} and {@link #key()} are
   *     undefined
   */
  boolean advance();

  /**
   * Returns the kind of the current operation.
   *
   * @return the kind set by the last successful {@link #advance()}
   */
  OperationKind kind();

  /**
   * Returns the key of the current operation.
   *
   * @return the key set by the last successful {@link #advance()}
   */
  long key();
}
