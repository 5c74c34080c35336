package io.github.clockpro.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.clockpro.bench.cache.Implementation;
import java.util.LinkedHashMap;
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

  private static JmhRow row(double ours, double oursError, double caffeine, double caffeineError, double cache2k,
      double cache2kError) {
    Map<Implementation, JmhRow.Measurement> measurements = new LinkedHashMap<>();
    measurements.put(Implementation.CLOCKPRO, new JmhRow.Measurement(ours, oursError, Map.of()));
    measurements.put(Implementation.CAFFEINE, new JmhRow.Measurement(caffeine, caffeineError, Map.of()));
    measurements.put(Implementation.CACHE2K, new JmhRow.Measurement(cache2k, cache2kError, Map.of()));
    return new JmhRow("GetPut", "capacity=100 readPercent=100", 2, measurements);
  }
}
