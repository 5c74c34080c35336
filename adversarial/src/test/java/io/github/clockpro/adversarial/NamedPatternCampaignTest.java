package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.peers.Implementation;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CI campaign over the named patterns: every pattern at 10,000 and 100,000 entries against
 * {@link io.github.clockpro.ClockProCache}. It fails if any eviction examines more entries than the cache's limit
 * (per operation, or by {@code stats()} and {@code policy()}), if one cache call of an expiring pattern expires more
 * than that limit (by the change in {@code stats().expirationCount()}), if the two disagree, or if the mean per
 * eviction at 100,000
 * exceeds the mean at 10,000 by more than 10%: the cost of an eviction must not grow with the cache.
 */
class NamedPatternCampaignTest {

  private static final long SEED = 1;
  private static final int SMALL = 10_000;
  private static final int LARGE = 100_000;
  private static final double ALLOWED_GROWTH = 1.10;

  static Stream<String> patternNames() {
    return Patterns.all().stream().map(AccessPattern::name);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("patternNames")
  void evictionWorkStaysUnderTheLimitAndDoesNotGrowWithTheCache(String name) {
    AccessPattern pattern = Patterns.named(name);
    Measurement small = PatternRunner.run(pattern, Implementation.CLOCKPRO, SMALL, SEED);
    Measurement large = PatternRunner.run(pattern, Implementation.CLOCKPRO, LARGE, SEED);
    for (Measurement measurement : new Measurement[] {small, large}) {
      assertTrue(measurement.withinScanLimit(), () -> "an eviction examined "
          + measurement.maximumExaminedInOneOperation() + " entries, above the limit of "
          + measurement.scanLimit() + " (per-operation or statistics violations: " + measurement.limitViolations()
          + "); seed " + SEED + "; replay: " + Campaign.replayCommand(measurement));
      assertEquals("", measurement.crossCheck(), () -> "seed " + SEED + "; replay: "
          + Campaign.replayCommand(measurement));
      if (pattern.expires()) {
        assertTrue(measurement.expirations() > 0, () -> name + " expired nothing at " + measurement.cacheSize());
        assertTrue(measurement.maximumExpiredInOneOperation() <= measurement.scanLimit(), () -> "a cache call "
            + "expired " + measurement.maximumExpiredInOneOperation() + " entries, above the limit of "
            + measurement.scanLimit() + "; seed " + SEED + "; replay: " + Campaign.replayCommand(measurement));
      }
    }
    assertTrue(large.meanExaminedPerEviction() <= small.meanExaminedPerEviction() * ALLOWED_GROWTH,
        () -> String.format(java.util.Locale.ROOT,
            "mean examined per eviction grew from %.3f at %d entries to %.3f at %d (allowed: +10%%); seed %d; "
                + "replay: %s --sizes %d,%d", small.meanExaminedPerEviction(), SMALL,
            large.meanExaminedPerEviction(), LARGE, SEED,
            Campaign.replayCommand(large).replace(" --sizes " + LARGE, ""), SMALL, LARGE));
  }
}
