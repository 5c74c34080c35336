package io.github.clockpro.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The median's interval takes the ranks that binomial tables give for 95%. */
class QuantilesTest {

  @Test
  void shouldTakeTheRanksOfA95PercentIntervalOfTheMedian() {
    assertArrayEquals(new double[] {5, 14}, Quantiles.medianInterval(shuffledRanks(18)));
    assertArrayEquals(new double[] {40, 61}, Quantiles.medianInterval(shuffledRanks(100)));
    assertArrayEquals(new double[] {1, 6}, Quantiles.medianInterval(shuffledRanks(6)));
    assertArrayEquals(new double[] {6, 15}, Quantiles.medianInterval(shuffledRanks(20)));
  }

  @Test
  void shouldGiveTheRangeOfFewerThanSixValues() {
    assertArrayEquals(new double[] {1, 3}, Quantiles.medianInterval(shuffledRanks(3)));
    assertArrayEquals(new double[] {1, 1}, Quantiles.medianInterval(shuffledRanks(1)));
  }

  @Test
  void shouldCoverTheMedianOfADistributionInAtLeast95PercentOfSamples() {
    SplittableRandom random = new SplittableRandom(11);
    int covered = 0;
    int samples = 4_000;
    for (int sample = 0; sample < samples; sample++) {
      List<Double> values = new ArrayList<>();
      for (int index = 0; index < 18; index++) {
        values.add(random.nextDouble()); // uniform on [0, 1): the median is 0.5
      }
      double[] interval = Quantiles.medianInterval(values);
      covered += interval[0] <= 0.5 && 0.5 <= interval[1] ? 1 : 0;
    }
    assertTrue(covered >= 0.95 * samples - 3 * Math.sqrt(samples * 0.05 * 0.95), "covered " + covered);
  }

  @Test
  void shouldGiveTheCoverageOfTheInterval() {
    assertEquals(1 - 2 * 4_048 / 262_144.0, Quantiles.medianIntervalCoverage(18), 1e-12);
    assertEquals(1 - 2 / 64.0, Quantiles.medianIntervalCoverage(6), 1e-12);
    assertEquals(0.75, Quantiles.medianIntervalCoverage(3), 1e-12);
    assertEquals(0.0, Quantiles.medianIntervalCoverage(1), 1e-12);
    assertTrue(Quantiles.medianIntervalCoverage(100) >= 0.95);
    assertEquals(true, assertThrows(IllegalArgumentException.class, () -> Quantiles.medianIntervalCoverage(0))
        .getMessage().contains("n"));
  }

  @Test
  void shouldRejectNoValues() {
    assertEquals(true, assertThrows(IllegalArgumentException.class, () -> Quantiles.medianInterval(List.of()))
        .getMessage().contains("values"));
  }

  /** The values 1 to {@code n} in an order that is not sorted. */
  private static List<Double> shuffledRanks(int n) {
    List<Double> values = new ArrayList<>();
    for (int rank = 1; rank <= n; rank++) {
      values.add((double) rank);
    }
    Collections.shuffle(values, new Random(n));
    return values;
  }
}
