package io.github.clockpro.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.clockpro.bench.jmh.AsyncGetBenchmark;
import io.github.clockpro.bench.jmh.GetAllBenchmark;
import io.github.clockpro.bench.report.ReportProfile.JmhRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@link ReportProfile#QUICK}'s Javadoc promises about the loading paths. */
class ReportProfileTest {

  @Test
  void shouldRunGetAllAndTheAsynchronousGetInTheQuickProfile() {
    assertEquals(List.of(new JmhRun(GetAllBenchmark.class.getName(), Map.of("capacity", "100000", "hitRate", "90"),
        2, 0)), runsOf(GetAllBenchmark.class));
    assertEquals(List.of(new JmhRun(AsyncGetBenchmark.class.getName(),
        Map.of("capacity", "100000", "hitRate", "100,50"), 2, 0)), runsOf(AsyncGetBenchmark.class));
  }

  private static List<JmhRun> runsOf(Class<?> benchmark) {
    return ReportProfile.QUICK.jmhRuns().stream().filter(run -> run.benchmark().equals(benchmark.getName()))
        .toList();
  }
}
