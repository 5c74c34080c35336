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
}
