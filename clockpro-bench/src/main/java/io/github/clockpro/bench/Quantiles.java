package io.github.clockpro.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Quantiles of measured values, for the ratios that the paired comparison and the showcase take round by round. */
public final class Quantiles {

  private Quantiles() {}

  /**
   * The {@code q}-quantile of the values, interpolated linearly between the two nearest ranks: for {@code q} of
   * 0.5 and an odd number of values, the middle one.
   *
   * @param values at least one value
   * @param q from 0 to 1
   * @throws IllegalArgumentException if {@code values} is empty or {@code q} is out of range
   */
  public static double of(List<Double> values, double q) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("values must not be empty");
    }
    if (!(q >= 0 && q <= 1)) {
      throw new IllegalArgumentException("q must be from 0 to 1 but was " + q);
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    double position = q * (sorted.size() - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(sorted.size() - 1, below + 1);
    return sorted.get(below) + (position - below) * (sorted.get(above) - sorted.get(below));
  }

  /**
   * A confidence interval for the median of the distribution the values were drawn from, assuming only that they
   * are independent draws from one distribution: the {@code k}-th smallest and the {@code k}-th largest value, for
   * the largest {@code k} whose coverage ({@link #medianIntervalCoverage}) is at least 0.95. For 18 values that is
   * the 5th and the 14th; for 100, the 40th and the 61st. With fewer than six values no {@code k} reaches 0.95,
   * and the interval is the smallest and the largest value, with less coverage.
   *
   * @param values at least one value
   * @return the lower and the upper bound
   * @throws IllegalArgumentException if {@code values} is empty
   */
  public static double[] medianInterval(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("values must not be empty");
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int k = intervalRank(sorted.size());
    return new double[] {sorted.get(k - 1), sorted.get(sorted.size() - k)};
  }

  /**
   * The probability that {@link #medianInterval} of {@code n} independent values covers the median of their
   * distribution: {@code 1 - 2 P(B < k)}, for {@code B} binomial with {@code n} trials of probability one half.
   *
   * @param n at least 1
   * @throws IllegalArgumentException if {@code n} is below 1
   */
  public static double medianIntervalCoverage(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be positive but was " + n);
    }
    return 1 - 2 * binomialBelow(n, intervalRank(n));
  }

  /** The largest {@code k} of at least 1 with {@code P(B < k)} at most 0.025, or 1 if there is none. */
  private static int intervalRank(int n) {
    int k = 1;
    while (k < (n + 1) / 2 && binomialBelow(n, k + 1) <= 0.025) {
      k++;
    }
    return k;
  }

  /** {@code P(B < k)} for {@code B} binomial with {@code n} trials of probability one half. */
  private static double binomialBelow(int n, int k) {
    double logTerm = -n * Math.log(2); // log P(B = 0)
    double below = 0;
    for (int i = 0; i < k; i++) {
      below += Math.exp(logTerm);
      logTerm += Math.log((double) (n - i) / (i + 1)); // log P(B = i + 1)
    }
    return below;
  }
}
