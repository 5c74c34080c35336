package io.github.clockpro.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.bench.memory.MemoryResult;
import io.github.clockpro.bench.policy.PolicyWork;
import io.github.clockpro.bench.policy.PolicyWorkResult;
import io.github.clockpro.peers.Bound;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

  @Test
  void shouldSayWhereOursIsBehindAndWhetherTheIntervalsSeparateIt() {
    assertEquals("clockpro ahead of both", MarkdownReport.verdict(row(100, 10, 90, 1, 80, 1)));
    assertEquals("**clockpro behind Caffeine**", MarkdownReport.verdict(row(100, 1, 150, 1, 80, 1)));
    assertEquals("**clockpro behind Caffeine (within the 99.9% intervals) and cache2k**",
        MarkdownReport.verdict(row(100, 30, 110, 30, 200, 1)));
  }

  @Test
  void shouldSayHowManyInterleavedForksAHeadlineRatioComesFromAndTheCpuTimeOfEach() {
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO, new JmhRow.Measurement(110, 5, Map.of("cpu.time/op", 1800.0), 5));
    measurements.put(Implementation.CAFFEINE, new JmhRow.Measurement(55, 5, Map.of("cpu.time/op", 3600.0), 5));
    measurements.put(Implementation.CACHE2K, new JmhRow.Measurement(110, 5, Map.of("cpu.time/op", 1750.0), 5));
    String report = render(new JmhRow("ZipfianSequenceLoading", "capacity=100000 factor=10", 2, measurements));

    assertTrue(report.contains("**2.00x** Caffeine's and **1.00x** cache2k's operations per second in JMH (5 forks "
        + "of each, interleaved), within 1.75x to 2.30x and 0.91x to 1.10x by its error bars; CPU time per "
        + "operation: clockpro 1,800 ns, caffeine 3,600 ns, cache2k 1,750 ns."), report);
    assertTrue(report.contains("| 1,800 | 3,600 | 1,750 |"), report);
    assertTrue(report.contains("**On a busy machine, trust the CPU time per operation**"), report);
  }

  @Test
  void shouldGiveTheUnroundedRatiosWhenATargetIsMissedByLessThanTheRounding() {
    assertTrue(headline(99.8, 0).contains("Target: at least 1.5x Caffeine and 1.0x cache2k: **not met** "
        + "(unrounded: 1.996x and 0.998x)."));
  }

  @Test
  void shouldGiveTheUnroundedRatiosWhenATargetIsMetByLessThanTheRounding() {
    assertTrue(headline(100.1, 0).contains("Target: at least 1.5x Caffeine and 1.0x cache2k: met (unrounded: "
        + "2.002x and 1.001x)."));
  }

  @Test
  void shouldDecideATargetByTheRatiosJmhsErrorBarsAllow() {
    // Against cache2k at 100 +- 1: ours at 103 +- 1 is above 1.0 throughout, 97 +- 1 below it throughout, and
    // 100.5 +- 1 is within the bars on either side.
    assertTrue(headline(103, 1).contains(": met (unrounded"));
    assertTrue(headline(97, 1).contains(": **not met** (unrounded"));
    assertTrue(headline(100.5, 1).contains(": **undecided** (unrounded"));
    JmhRow withoutErrorBars = new JmhRow("ZipfianSequenceLoading", "capacity=100000 factor=10", 2,
        row(200, Double.NaN, 50, Double.NaN, 100, Double.NaN).measurements());
    assertTrue(MarkdownReport.target(withoutErrorBars, 1.0, 1.0, "Target").contains(": **undecided**"),
        "a ratio without error bars decides nothing");
  }

  /** Renders a report whose headline row has our score against Caffeine at 50 and cache2k at 100. */
  private static String headline(double ours, double error) {
    return render(new JmhRow("ZipfianSequenceLoading", "capacity=100000 factor=10", 2,
        row(ours, error, 50, error, 100, error).measurements()));
  }

  private static String render(JmhRow row) {
    return new MarkdownReport(context()).render(List.of(row), List.of(), List.of(), List.of(), List.of(), List.of());
  }

  private static ReportContext context() {
    return new ReportContext(ReportProfile.SMOKE, "now", "abc", "test", null, "1.37", "3.3.1", "2.6.1");
  }

  @Test
  void shouldCompareTheMemoryOfAWeightedCacheWithWeightedPeersOnly() {
    // Overheads per entry: 80 and 90 bytes bounded by size, 90 and 95 bounded by weight.
    List<MemoryResult> memory = List.of(
        new MemoryResult(Implementation.CLOCKPRO, 100, 100, 8_000, 0, 0, Expiration.NONE, Bound.SIZE),
        new MemoryResult(Implementation.CAFFEINE, 100, 100, 9_000, 0, 0, Expiration.NONE, Bound.SIZE),
        new MemoryResult(Implementation.CLOCKPRO, 100, 100, 9_000, 0, 0, Expiration.NONE, Bound.WEIGHT),
        new MemoryResult(Implementation.CAFFEINE, 100, 100, 9_500, 0, 0, Expiration.NONE, Bound.WEIGHT));
    String report = new MarkdownReport(context()).render(List.of(), List.of(), List.of(), List.of(), memory,
        List.of());
    assertTrue(report.contains("- **Memory at 100 entries:** clockpro adds 80.0 bytes per entry on top of keys and "
        + "values; caffeine 90.0 (clockpro uses less)."), report);
    assertTrue(report.contains("- **Memory at 100 entries, bounded by weight:** clockpro adds 90.0 bytes per entry "
        + "on top of keys and values; caffeine 95.0 (clockpro uses less)."), report);
  }

  @Test
  void shouldGiveOurLockWaitsPerMissAndTheShareOfThreadTimeSpentWaiting() {
    // Two threads doing 1,000,000 requests per second in all, 200,000 of them misses; 20,000 waits of 2.5 us
    // each: 0.1 waits per miss, and 50 ms of waiting per second over two threads, 2.5% of their time.
    JmhRow.Measurement ours = new JmhRow.Measurement(1_000_000, 1, Map.of("requests", 1_000_000.0, "misses",
        200_000.0, "lockWaits", 20_000.0, "lockWaitNanos", 50_000_000.0));
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO, ours);
    JmhRow row = new JmhRow("ZipfianSequenceLoading", "capacity=100 factor=10", 2, measurements);

    assertEquals(0.1, ours.lockWaitsPerMiss(), 1e-12);
    assertEquals(0.025, ours.lockWaitShare(2), 1e-12);
    String report = render(row);
    assertTrue(report.contains("| clockpro entries examined per eviction | clockpro lock waits per miss | clockpro "
        + "time waiting for the lock |"), report);
    assertTrue(report.contains("| 0.100 | 2.5% |"), report);
    assertTrue(Double.isNaN(new JmhRow.Measurement(1, 1, Map.of("misses", 5.0)).lockWaitsPerMiss()));
  }

  @Test
  void shouldRenderThePolicyWorkAfterTheThroughputAndBeforeTheMemory() {
    PolicyWorkResult random = new PolicyWorkResult("RandomSequence capacity=100000 hitRate=50",
        "--workload random --capacity 100000 --hit-rate 50", 2_000_000, new PolicyWork(1_000_000, 2_060_000, 5_000,
        99_000, 100_000), new PolicyWork(999_000, 1_598_400, 0, 49_000, 50_000));
    String report = new MarkdownReport(context()).render(List.of(row(100, 1, 50, 1, 100, 1)), List.of(random),
        List.of(), List.of(), List.of(), List.of());

    int section = report.indexOf("### Policy work per eviction (counted, one thread)");
    assertTrue(section > report.indexOf("## Throughput (JMH)") && section < report.indexOf("## Memory per entry"),
        report);
    assertTrue(report.contains("- RandomSequence capacity=100000 hitRate=50: `java -jar "
        + "clockpro-lab/target/clockpro-lab.jar policy-work --workload random --capacity 100000 --hit-rate 50 "
        + "--operations 2000000`"), report);
    assertTrue(report.contains("| workload | cache | evictions | entries examined per eviction | history hits per "
        + "eviction | history entries (end) | history limit |"), report);
    assertTrue(report.contains("| RandomSequence capacity=100000 hitRate=50 | clockpro | 1,000,000 | 2.06 | 0.005 "
        + "| 99,000 | 100,000 |"), report);
    assertTrue(report.contains("| RandomSequence capacity=100000 hitRate=50 | cache2k | 999,000 | 1.60 | 0.000 "
        + "| 49,000 | 50,000 |"), report);
  }

  @Test
  void shouldHoldOnlyTheRowWithoutExpiryToTheHitTarget() {
    JmhRow plain = row(100, 1, 50, 1, 100, 1);
    JmhRow expiring = new JmhRow("GetPut", "capacity=100 expiry=afterAccess readPercent=100", 2,
        plain.measurements());
    String report = new MarkdownReport(context()).render(List.of(plain, expiring), List.of(), List.of(), List.of(),
        List.of(), List.of());

    assertEquals(report.indexOf("- **100% hits"), report.lastIndexOf("- **100% hits"), report);
    assertTrue(report.contains("| capacity=100 expiry=afterAccess readPercent=100 | 2 |"), report);
  }

  @Test
  void shouldRenderTheLoadingBenchmarksWithTheirHitRateWithoutThePolicyColumns() {
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO,
        new JmhRow.Measurement(100, 1, Map.of("requests", 1_000.0, "misses", 100.0)));
    measurements.put(Implementation.CAFFEINE,
        new JmhRow.Measurement(50, 1, Map.of("requests", 1_000.0, "misses", 500.0)));
    String report = render(new JmhRow("AsyncGet", "capacity=100 hitRate=90", 2, measurements));
    assertTrue(report.contains("### AsyncGet"), report);
    assertTrue(report.contains("cache2k has no such cache"), report);
    assertTrue(report.contains("| capacity=100 hitRate=90 | 2 | 90.00% | 50.00% | - |"), report);
    assertFalse(report.contains("entries examined per eviction"), report);
  }

  @Test
  void shouldMarkTheRatioToAPeerTheBenchmarkDoesNotRunAsNotMeasured() {
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO, new JmhRow.Measurement(200, 4, Map.of()));
    measurements.put(Implementation.CAFFEINE, new JmhRow.Measurement(100, 3, Map.of()));
    JmhRow row = new JmhRow("AsyncGet", "capacity=100 hitRate=100", 2, measurements);

    String report = render(row);

    assertTrue(report.contains("| capacity=100 hitRate=100 | 2 | 200 ± 2% | 100 ± 3% | - | 2.00x | - "
        + "| clockpro ahead of Caffeine |"), report);
    assertFalse(report.substring(report.indexOf("### AsyncGet")).contains("NaNx"), report);
    assertEquals("-", MarkdownReport.ratio(row, Implementation.CACHE2K));
  }

  @Test
  void shouldSayWhereOursIsBehindOnlyAmongThePeersTheBenchmarkRuns() {
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO, new JmhRow.Measurement(50, 1, Map.of()));
    measurements.put(Implementation.CAFFEINE, new JmhRow.Measurement(100, 1, Map.of()));

    assertEquals("**clockpro behind Caffeine**",
        MarkdownReport.verdict(new JmhRow("AsyncGet", "capacity=100 hitRate=50", 2, measurements)));
  }

  @Test
  void shouldLeaveThePolicyWorkOutWhenNoneWasMeasured() {
    assertFalse(render(row(100, 1, 50, 1, 100, 1)).contains("Policy work"));
  }

  private static JmhRow row(double ours, double oursError, double caffeine, double caffeineError, double cache2k,
      double cache2kError) {
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO, new JmhRow.Measurement(ours, oursError, Map.of()));
    measurements.put(Implementation.CAFFEINE, new JmhRow.Measurement(caffeine, caffeineError, Map.of()));
    measurements.put(Implementation.CACHE2K, new JmhRow.Measurement(cache2k, cache2kError, Map.of()));
    return new JmhRow("GetPut", "capacity=100 readPercent=100", 2, measurements);
  }
}
