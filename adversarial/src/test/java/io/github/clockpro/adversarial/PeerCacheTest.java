package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.peers.Implementation;
import org.junit.jupiter.api.Test;

/** The runner's view of the peer caches agrees with their own statistics, and shows the contrast. */
class PeerCacheTest {

  @Test
  void cache2kToStringCountersShouldAgreeWithThePerOperationRecord() {
    Measurement measurement = PatternRunner.run(Patterns.named("uniform-80"), Implementation.CACHE2K, 10_000, 1);
    assertEquals("", measurement.crossCheck());
    assertTrue(measurement.evictions() > 0);
  }

  @Test
  void refillShouldMakeCache2kExamineFarMoreThanOurLimitInOneOperation() {
    Measurement theirs = PatternRunner.run(Patterns.named("refill"), Implementation.CACHE2K, 10_000, 1);
    Measurement ours = PatternRunner.run(Patterns.named("refill"), Implementation.CLOCKPRO, 10_000, 1);
    assertTrue(theirs.maximumExaminedInOneOperation() > 10 * ours.scanLimit(),
        () -> "cache2k examined at most " + theirs.maximumExaminedInOneOperation());
    assertTrue(ours.maximumExaminedInOneOperation() <= ours.scanLimit());
  }

  @Test
  void shouldParseTheEvictionCountersOfCache2kToString() {
    Cache2kStatistics statistics = Cache2kStatistics.parse(
        "Cache(name='x', size=3, evict=104, timer=0, evictionScanCount=6235, eviction0=(coldScanCnt=0))");
    assertEquals(new Cache2kStatistics(104, 6235), statistics);
  }

  @Test
  void caffeineShouldReportEvictionsButNoScans() {
    Measurement measurement = PatternRunner.run(Patterns.named("loop"), Implementation.CAFFEINE, 1_000, 1);
    assertTrue(measurement.evictions() > 0);
    assertEquals(false, measurement.reportsScans());
  }

  @Test
  void caffeineShouldRunTheExpiringPatternsWithTheSameExpiry() {
    Measurement massExpiry = PatternRunner.run(Patterns.named("mass-expiry"), Implementation.CAFFEINE, 1_000, 1);
    assertEquals(0, massExpiry.hits(), "every read of mass-expiry comes after its entry's lifetime");
    Measurement churn = PatternRunner.run(Patterns.named("expiry-churn"), Implementation.CAFFEINE, 1_000, 1);
    assertTrue(churn.hits() > 0 && churn.hits() < churn.reads(), () -> "hits " + churn.hits());
  }

  @Test
  void cache2kShouldNotRunExpiringPatterns() {
    assertFalse(Caches.supportsExpiry(Implementation.CACHE2K));
    assertThrows(IllegalArgumentException.class,
        () -> PatternRunner.run(Patterns.named("ticker-jumps"), Implementation.CACHE2K, 1_000, 1));
  }
}
