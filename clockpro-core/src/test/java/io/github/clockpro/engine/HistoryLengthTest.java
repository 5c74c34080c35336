package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
    ClockProPolicy<Object, Object> policy = replay(() -> zipfian(random, 10L * SIZE));
    assertEquals(SIZE / ClockProPolicy.MINIMUM_HISTORY_DIVISOR, policy.historyLimit());
  }

  @Test
  void shouldShortenTheHistoryOnUniformKeys() {
    // Every key as likely as any other: a key back from the history is no better than the hot page it displaces.
    SplittableRandom random = new SplittableRandom(7);
    ClockProPolicy<Object, Object> policy = replay(() -> random.nextLong(2L * SIZE));
    assertEquals(SIZE / ClockProPolicy.MINIMUM_HISTORY_DIVISOR, policy.historyLimit());
  }

  @Test
  void shouldKeepMoreThanTheShortestHistoryWhereKeysDrift() {
    // Skewed keys over twice the cache whose popular set moves on: some returning keys are the new popular ones,
    // and returns pay about as often as the hot pages they displace are used, so the limit stays off its floor.
    SplittableRandom random = new SplittableRandom(7);
    long[] requests = {0};
    ClockProPolicy<Object, Object> policy =
        replay(() -> zipfian(random, 2L * SIZE) + (requests[0]++ / (10L * SIZE)) * (SIZE / 5));
    assertTrue(policy.historyLimit() > SIZE / ClockProPolicy.MINIMUM_HISTORY_DIVISOR, "limit " + policy.historyLimit());
  }

  @Test
  void shouldKeepTheFullHistoryOnALoopJustLargerThanTheCache() {
    long[] requests = {0};
    ClockProPolicy<Object, Object> policy = replay(() -> requests[0]++ % (SIZE + SIZE / 4));
    assertEquals(SIZE, policy.historyLimit());
  }

  @Test
  void shouldKeepTheLimitInRangeForTinyCaches() {
    for (int size = 1; size <= 8; size++) {
      SplittableRandom random = new SplittableRandom(size);
      int maximumSize = size;
      TrialCopy copy = new TrialCopy(new ClockProPolicy<>(maximumSize, 128, 1, () -> true));
      for (int step = 0; step < 20_000; step++) {
        copy.access(Long.hashCode(random.nextLong(4L * maximumSize)));
        int limit = copy.policy().historyLimit();
        assertTrue(limit >= 1 && limit <= maximumSize, "limit " + limit + " at size " + maximumSize);
        assertTrue(copy.policy().historySize() <= maximumSize, "history over the size at size " + maximumSize);
      }
    }
  }

  /**
   * Replays the keys through a policy over a table of its own, as the carry trial's copies do: keys are their
   * hashes, which are distinct for these non-negative keys below 2^32.
   */
  private static ClockProPolicy<Object, Object> replay(LongSupplier keys) {
    TrialCopy copy = new TrialCopy(new ClockProPolicy<>(SIZE, 128, 1, () -> true));
    for (long operation = 0; operation < OPERATIONS; operation++) {
      copy.access(Long.hashCode(keys.getAsLong()));
    }
    List<String> violations = new ArrayList<>();
    copy.check("", violations);
    assertTrue(violations.isEmpty(), () -> "invariants after the replay: " + violations);
    return copy.policy();
  }

  /** A Zipfian-like key from 1 to about {@code keys}: the continuous power law with exponent 0.99, inverted. */
  private static long zipfian(SplittableRandom random, long keys) {
    double exponent = 0.99;
    double scale = Math.pow(keys, 1 - exponent) - 1;
    return (long) Math.pow(scale * random.nextDouble() + 1, 1 / (1 - exponent));
  }
}
