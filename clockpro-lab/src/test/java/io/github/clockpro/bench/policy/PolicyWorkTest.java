package io.github.clockpro.bench.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyWorkTest {

  @Test
  void shouldSumCache2kCountsOverItsSegments() {
    String text = "Cache{evict=30, evictionScanCount=45, eviction0=(impl=ClockProPlusEviction, ghostSize=7, "
        + "ghostMaxSize=10, ghostHits=3), eviction1=(impl=ClockProPlusEviction, ghostSize=5, ghostMaxSize=10, "
        + "ghostHits=4)}";
    assertEquals(30, PolicyWork.sum(text, "evict"));
    assertEquals(45, PolicyWork.sum(text, "evictionScanCount"));
    assertEquals(12, PolicyWork.sum(text, "ghostSize"));
    assertEquals(7, PolicyWork.sum(text, "ghostHits"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyWork.sum(text, "hotSize"))
        .getMessage().contains("hotSize"));
  }

  @Test
  void shouldReadTheWorkOfBothPoliciesFromTheirOwnCounters() {
    PolicyWorkResult result = PolicyWorkCommand.random(1_000, 50, 20_000);
    for (PolicyWork policy : List.of(result.clockpro(), result.cache2k())) {
      // Uniform keys over twice the capacity: about every other request misses, and every miss evicts.
      assertTrue(policy.evictions() > 8_000 && policy.evictions() < 12_000, policy.toString());
      assertTrue(policy.examinedPerEviction() >= 1, policy.toString());
      assertTrue(policy.historySize() <= policy.historyLimit(), policy.toString());
    }
    long limit = result.clockpro().historyLimit(); // adaptive: from an eighth of the capacity to all of it
    assertTrue(limit >= 1_000 / 8 && limit <= 1_000, result.clockpro().toString());
    assertEquals("policy-work --workload random --capacity 1000 --hit-rate 50 --operations 20000", result.command());
  }

  @Test
  void shouldReplayTheSameSequenceEveryTime() {
    PolicyWorkResult first = PolicyWorkCommand.zipfian(500, 10, 10_000);
    PolicyWorkResult second = PolicyWorkCommand.zipfian(500, 10, 10_000);
    assertEquals(first.clockpro(), second.clockpro());
  }

  @Test
  void shouldPrintOneRowPerCache() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PolicyWorkCommand.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), new PolicyWorkResult(
        "RandomSequence", "--workload random", 10, new PolicyWork(4, 8, 1, 3, 10), new PolicyWork(4, 6, 0, 2, 5)));
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("clockpro") && text.contains("2.00") && text.contains("0.250"), text);
    assertTrue(text.contains("cache2k") && text.contains("1.50"), text);
  }

  @Test
  void shouldRejectOptionsThatDoNotFitTheWorkload() {
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PolicyWorkCommand.run(new String[] {"--workload", "random", "--factor", "10"}))
        .getMessage().contains("--factor"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PolicyWorkCommand.run(new String[] {"--workload", "zipfian", "--hit-rate", "50"}))
        .getMessage().contains("--hit-rate"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PolicyWorkCommand.run(new String[] {"--workload", "hits"}))
        .getMessage().contains("--workload"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PolicyWorkCommand.run(new String[] {"--operations", "0"}))
        .getMessage().contains("operations"));
  }
}
