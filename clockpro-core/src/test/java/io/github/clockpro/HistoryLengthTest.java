package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The adaptive history length of {@link ClockProPolicy}: where it goes, and that it stays in range. */
class HistoryLengthTest {

  private static final int SIZE = 2_000;
  private static final long OPERATIONS = 2_000_000;

  @Test
  void shouldShortenTheHistoryWhereMostReturnsAreWasted() {
    // Skewed keys spread over ten times the cache: a key back from the history is rarely used again soon.
    SplittableRandom random = new SplittableRandom(7);
    ClockProPolicy<Long, Long> policy = replay(() -> zipfian(random, 10L * SIZE));
    assertEquals(SIZE / ClockProPolicy.MINIMUM_HISTORY_DIVISOR, policy.historyLimit());
  }

  @Test
  void shouldKeepTheFullHistoryWhereReturnsPay() {
    // Skewed keys over twice the cache whose popular set moves on: returning keys are the new popular ones.
    SplittableRandom random = new SplittableRandom(7);
    long[] requests = {0};
    ClockProPolicy<Long, Long> policy =
        replay(() -> zipfian(random, 2L * SIZE) + (requests[0]++ / (10L * SIZE)) * (SIZE / 5));
    assertEquals(SIZE, policy.historyLimit());
  }

  @Test
  void shouldKeepTheFullHistoryOnALoopJustLargerThanTheCache() {
    long[] requests = {0};
    ClockProPolicy<Long, Long> policy = replay(() -> requests[0]++ % (SIZE + SIZE / 4));
    assertEquals(SIZE, policy.historyLimit());
  }

  @Test
  void shouldKeepTheLimitInRangeForTinyCaches() {
    for (int size = 1; size <= 8; size++) {
      SplittableRandom random = new SplittableRandom(size);
      int maximumSize = size;
      ClockProPolicy<Long, Long> policy = new ClockProPolicy<>(maximumSize, 128, 1, () -> true);
      NodeTable<Long, Long> table = new NodeTable<>(maximumSize);
      for (int step = 0; step < 20_000; step++) {
        access(policy, table, random.nextLong(4L * maximumSize));
        int limit = policy.historyLimit();
        assertTrue(limit >= 1 && limit <= maximumSize, "limit " + limit + " at size " + maximumSize);
        assertTrue(policy.nonResidentSize() <= maximumSize, "history over the size at size " + maximumSize);
      }
    }
  }

  private static ClockProPolicy<Long, Long> replay(LongSupplier keys) {
    ClockProPolicy<Long, Long> policy = new ClockProPolicy<>(SIZE, 128, 1, () -> true);
    NodeTable<Long, Long> table = new NodeTable<>(SIZE);
    for (long operation = 0; operation < OPERATIONS; operation++) {
      access(policy, table, keys.getAsLong());
    }
    assertTrue(Invariants.check(table, policy, SIZE, () -> policy.hotSize() + policy.coldSize()).isEmpty(),
        "invariants after the replay");
    return policy;
  }

  private static void access(ClockProPolicy<Long, Long> policy, NodeTable<Long, Long> table, long key) {
    Long boxed = key;
    Node<Long, Long> node = table.get(boxed, boxed.hashCode());
    if (node != null) {
      node.recordAccess();
      return;
    }
    node = new Node<>(boxed, boxed.hashCode(), boxed);
    Node<Long, Long> victim = policy.admit(node);
    if (victim != null) {
      table.remove(victim);
    }
    table.add(node);
  }

  /** A Zipfian-like key from 1 to about {@code keys}: the continuous power law with exponent 0.99, inverted. */
  private static long zipfian(SplittableRandom random, long keys) {
    double exponent = 0.99;
    double scale = Math.pow(keys, 1 - exponent) - 1;
    return (long) Math.pow(scale * random.nextDouble() + 1, 1 / (1 - exponent));
  }
}
