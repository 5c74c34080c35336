package io.github.clockpro.adversarial;

import java.util.SplittableRandom;

/**
 * Draws ranks in {@code [0, count)} with probability proportional to {@code 1 / (rank + 1)^skew}, in constant
 * time and memory whatever the count, so that a stream over a key space of ten million needs no table.
 *
 * <p>The method is rejection-inversion (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates
 * from monotone discrete distributions", ACM TOMACS 6(3), 1996): it inverts the integral of a continuous hat
 * function over the ranks and accepts the rounded result with a test that rejects rarely.
 */
final class ZipfianSampler {

  private final long count;
  private final double skew;
  private final double integralOfFirst;
  private final double integralOfAll;
  private final double acceptanceShortcut;

  /**
   * @param count the number of ranks; at least 1
   * @param skew the exponent; greater than 0
   */
  ZipfianSampler(long count, double skew) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1 but was " + count);
    }
    if (!(skew > 0)) {
      throw new IllegalArgumentException("skew must be greater than 0 but was " + skew);
    }
    this.count = count;
    this.skew = skew;
    this.integralOfFirst = hatIntegral(1.5) - 1;
    this.integralOfAll = hatIntegral(count + 0.5);
    this.acceptanceShortcut = 2 - inverseHatIntegral(hatIntegral(2.5) - hat(2));
  }

  /** Returns a rank in {@code [0, count)}; rank 0 is the most frequent. */
  long sample(SplittableRandom random) {
    while (true) {
      double point = integralOfAll + random.nextDouble() * (integralOfFirst - integralOfAll);
      double x = inverseHatIntegral(point);
      long rank = Math.max(1, Math.min(count, Math.round(x)));
      if (rank - x <= acceptanceShortcut || point >= hatIntegral(rank + 0.5) - hat(rank)) {
        return rank - 1;
      }
    }
  }

  private double hat(double x) {
    return Math.exp(-skew * Math.log(x));
  }

  /** The integral of {@link #hat} from 1 to x, up to a constant. */
  private double hatIntegral(double x) {
    double logX = Math.log(x);
    return expm1OverX((1 - skew) * logX) * logX;
  }

  private double inverseHatIntegral(double y) {
    double t = Math.max(-1, y * (1 - skew));
    return Math.exp(log1pOverX(t) * y);
  }

  /** {@code log1p(x) / x}, continuous at 0. */
  private static double log1pOverX(double x) {
    if (Math.abs(x) > 1e-8) {
      return Math.log1p(x) / x;
    }
    return 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
  }

  /** {@code expm1(x) / x}, continuous at 0. */
  private static double expm1OverX(double x) {
    if (Math.abs(x) > 1e-8) {
      return Math.expm1(x) / x;
    }
    return 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
  }
}
