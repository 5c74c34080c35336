package io.github.clockpro.bench.jmh;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Reports the CPU time the benchmark's JVM spent per operation, as the secondary result {@code cpu.time/op} in
 * nanoseconds: the process's CPU time over the iteration, divided by the operations of all benchmark threads.
 * It counts every thread of the fork, so it includes the work a cache hands to other threads (Caffeine's
 * maintenance on the common pool) and the JIT's and the collector's work in that iteration.
 *
 * <p>Throughput on a machine shared with other work falls when another process takes the processors; the CPU time
 * per operation moves much less, since time the fork does not run is not counted. Where the noise decides a
 * throughput ratio, the ratio of CPU times says whether the code did more or less work.
 *
 * <p>Enabled with {@code -prof io.github.clockpro.bench.jmh.CpuTimeProfiler} on JMH's command line, or
 * {@code addProfiler(CpuTimeProfiler.class)}. JMH calls it from one thread of the fork, before and after each
 * iteration.
 */
public final class CpuTimeProfiler implements InternalProfiler {

  private final OperatingSystemMXBean operatingSystem =
      ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
  private long cpuTimeAtStart;

  @Override
  public String getDescription() {
    return "CPU time of the whole process per operation, in nanoseconds";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    cpuTimeAtStart = operatingSystem.getProcessCpuTime();
  }

  @Override
  @SuppressWarnings("rawtypes") // the signature of JMH's InternalProfiler
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
      IterationParams iterationParams, IterationResult result) {
    long cpuTime = operatingSystem.getProcessCpuTime() - cpuTimeAtStart;
    long operations = result.getMetadata().getAllOps();
    double perOperation = operations == 0 ? Double.NaN : (double) cpuTime / operations;
    return List.of(new ScalarResult("cpu.time/op", perOperation, "ns/op", AggregationPolicy.AVG));
  }
}
