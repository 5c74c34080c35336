package io.github.clockpro.peers;

import java.util.SplittableRandom;

/**
 * Draws ranks from a Zipfian distribution over {@code [0, itemCount)}: rank {@code r} has probability
 * proportional to {@code 1 / (r + 1)^exponent}, so rank 0 is the most popular.
 *
 * <p>Uses rejection-inversion sampling (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates
 * from monotone discrete distributions", ACM TOMACS 6(3), 1996). Construction takes constant time whatever the
 * item count (no harmonic sum over all items, unlike the YCSB generator), and each draw takes a constant
 * expected number of uniform variates and allocates nothing, so a benchmark can draw keys online, per thread,
 * over hundreds of millions of items.
 *
 * <p>Immutable and thread-safe; the randomness comes from the caller's generator, one per thread.
 */
public final class ZipfianGenerator {

  /** The exponent of the YCSB benchmark's Zipfian workloads. */
  public static final double DEFAULT_EXPONENT = 0.99;

  private final long itemCount;
  private final double exponent;
  /** {@code H(1.5) - 1}: the integral's value at the lower end of the sampled interval. */
  private final double lowerIntegral;
  /** {@code H(itemCount + 0.5)}: the integral's value at the upper end. */
  private final double upperIntegral;
  /** Accepts a candidate at once when it is this close to the inverse, skipping the exact test. */
  private final double acceptanceThreshold;

  /**
   * @param itemCount the number of ranks, at least 1
   * @param exponent the skew, greater than 0
   * @throws IllegalArgumentException naming the argument that is out of range
   */
  public ZipfianGenerator(long itemCount, double exponent) {
    if (itemCount < 1) {
      throw new IllegalArgumentException("itemCount must be at least 1 but was " + itemCount);
    }
    if (!(exponent > 0)) {
      throw new IllegalArgumentException("exponent must be greater than 0 but was " + exponent);
    }
    this.itemCount = itemCount;
    this.exponent = exponent;
    this.lowerIntegral = integral(1.5) - 1.0;
    this.upperIntegral = integral(itemCount + 0.5);
    this.acceptanceThreshold = 2.0 - inverseIntegral(integral(2.5) - density(2.0));
  }

  /** Returns the number of ranks. */
  public long itemCount() {
    return itemCount;
  }

  /**
   * Draws the next rank.
   *
   * @param random the calling thread's generator
   * @return a rank in {@code [0, itemCount)}
   */
  public long next(SplittableRandom random) {
    while (true) {
      double uniform = upperIntegral + random.nextDouble() * (lowerIntegral - upperIntegral);
      double inverse = inverseIntegral(uniform);
      long candidate = (long) (inverse + 0.5);
      if (candidate < 1) {
        candidate = 1;
      } else if (candidate > itemCount) {
        candidate = itemCount;
      }
      if (candidate - inverse <= acceptanceThreshold
          || uniform >= integral(candidate + 0.5) - density(candidate)) {
        return candidate - 1;
      }
    }
  }

  /** The unnormalised density {@code x^-exponent}. */
  private double density(double x) {
    return Math.exp(-exponent * Math.log(x));
  }

  /** {@code H(x) = (x^(1 - exponent) - 1) / (1 - exponent)}, continuous at exponent 1 where it is {@code log x}. */
  private double integral(double x) {
    double logX = Math.log(x);
    return expm1OverX((1.0 - exponent) * logX) * logX;
  }

  /** The inverse of {@link #integral}. */
  private double inverseIntegral(double x) {
    double scaled = x * (1.0 - exponent);
    if (scaled < -1.0) {
      // Rounding can push the argument just past the pole of log1p; clamp to the interval's end.
      scaled = -1.0;
    }
    return Math.exp(log1pOverX(scaled) * x);
  }

  /** {@code log(1 + x) / x}, with its Taylor series near 0 where the quotient loses precision. */
  private static double log1pOverX(double x) {
    if (Math.abs(x) > 1e-8) {
      return Math.log1p(x) / x;
    }
    return 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
  }

  /** {@code (e^x - 1) / x}, with its Taylor series near 0 where the quotient loses precision. */
  private static double expm1OverX(double x) {
    if (Math.abs(x) > 1e-8) {
      return Math.expm1(x) / x;
    }
    return 1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x));
  }
}
