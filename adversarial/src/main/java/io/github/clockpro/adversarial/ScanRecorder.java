package io.github.clockpro.adversarial;

/**
 * Accumulates the eviction work a cache reports: how many entries were evicted, how many were examined in
 * total, and the most examined by one operation.
 *
 * <p>Not thread-safe: the runner drives each cache from one thread, and records on that thread.
 */
final class ScanRecorder {

  private long evictions;
  private long entriesExamined;
  private long maximumExaminedInOneOperation;

  /** Records the work of one operation, which may have evicted several entries (cache2k evicts in chunks). */
  void recordOperation(long examined, long evicted) {
    evictions += evicted;
    entriesExamined += examined;
    maximumExaminedInOneOperation = Math.max(maximumExaminedInOneOperation, examined);
  }

  long evictions() {
    return evictions;
  }

  long entriesExamined() {
    return entriesExamined;
  }

  long maximumExaminedInOneOperation() {
    return maximumExaminedInOneOperation;
  }
}
