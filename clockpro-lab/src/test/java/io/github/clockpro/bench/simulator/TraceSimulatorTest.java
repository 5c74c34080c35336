package io.github.clockpro.bench.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.bench.workload.SyntheticWorkloads;
import io.github.clockpro.bench.workload.Trace;
import io.github.clockpro.peers.Implementation;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceSimulatorTest {

  @Test
  void shouldReplayTheSyntheticWorkloadsThroughEveryImplementation() {
    List<Trace> traces = SyntheticWorkloads.all(20);
    List<SimulationResult> results = new TraceSimulator(List.of(Implementation.values())).run(traces, null);
    int cells = traces.stream().mapToInt(trace -> trace.sizes().size()).sum();
    assertEquals(cells * Implementation.values().length, results.size());
    for (SimulationResult result : results) {
      assertTrue(result.hitRatePercent() >= 0 && result.hitRatePercent() <= 100, result.toString());
      if (result.implementation() == Implementation.CLOCKPRO) {
        assertNotNull(result.scanLengths());
        assertTrue(result.scanLengths().maximum() <= result.scanLengths().scanLimit());
      } else {
        assertNull(result.scanLengths());
      }
    }
  }

  @Test
  void shouldKeepPartOfALoopThatLruLosesEntirely() {
    Trace loop = SyntheticWorkloads.all(20).stream()
        .filter(trace -> trace.name().equals("synthetic-loop")).findFirst().orElseThrow();
    int size = 5_000 / 20; // half the loop, at the scale of 20
    assertTrue(loop.sizes().contains(size), loop.sizes().toString());
    assertEquals(0.0, TraceSimulator.replay(loop, size, Implementation.LRU).hitRatePercent());
    assertTrue(TraceSimulator.replay(loop, size, Implementation.CLOCKPRO).hitRatePercent() > 20.0);
  }
}
