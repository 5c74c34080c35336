package io.github.clockpro.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ThreadSeedsTest {

  /** {@link SplittableRandom}'s gamma for generators made from a seed. */
  private static final BigInteger GAMMA = new BigInteger("9E3779B97F4A7C15", 16);
  private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

  @Test
  void seedsOfDifferentThreadsAreFarApartInTheGeneratorsSequence() {
    for (int first = 0; first <= 511; first++) {
      for (int second = first + 1; second <= 511; second++) {
        long steps = stepsBetween(ThreadSeeds.of(first), ThreadSeeds.of(second));
        assertTrue(Long.compareUnsigned(steps, 1L << 54) > 0,
            "threads " + first + " and " + second + " are " + Long.toUnsignedString(steps) + " values apart");
      }
    }
  }

  @Test
  void theCheckCatchesSeedsThatAreMultiplesOfTheGamma() {
    long gamma = GAMMA.longValue();
    assertEquals(1, stepsBetween(gamma, 2 * gamma));
    SplittableRandom first = new SplittableRandom(gamma);
    SplittableRandom second = new SplittableRandom(2 * gamma);
    first.nextLong();
    assertEquals(first.nextLong(), second.nextLong(), "the second generator replays the first one value later");
  }

  @Test
  void threadsDrawDifferentSequences() {
    Set<Long> drawnByThread0 = new HashSet<>();
    SplittableRandom thread0 = ThreadSeeds.generator(0);
    for (int draw = 0; draw < 100_000; draw++) {
      drawnByThread0.add(thread0.nextLong());
    }
    SplittableRandom thread1 = ThreadSeeds.generator(1);
    for (int draw = 0; draw < 1_000; draw++) {
      long value = thread1.nextLong();
      assertTrue(!drawnByThread0.contains(value), "thread 1 drew thread 0's value " + value);
    }
  }

  @Test
  void rejectsANegativeThreadIndex() {
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> ThreadSeeds.of(-1));
    assertTrue(thrown.getMessage().contains("thread"), thrown.getMessage());
  }

  /** How many values one generator draws before its state reaches the other's seed, whichever comes first. */
  private static long stepsBetween(long seed, long other) {
    BigInteger difference = BigInteger.valueOf(other).subtract(BigInteger.valueOf(seed)).mod(TWO_TO_64);
    BigInteger forward = difference.multiply(GAMMA.modInverse(TWO_TO_64)).mod(TWO_TO_64);
    return forward.min(TWO_TO_64.subtract(forward)).longValue();
  }
}
