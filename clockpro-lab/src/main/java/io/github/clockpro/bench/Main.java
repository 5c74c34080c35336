package io.github.clockpro.bench;

import io.github.clockpro.bench.latency.HandoffCommand;
import io.github.clockpro.bench.latency.LatencyCommand;
import io.github.clockpro.bench.memory.MemoryCommand;
import io.github.clockpro.bench.offheap.OffHeapCommand;
import io.github.clockpro.bench.report.ReportCommand;
import io.github.clockpro.bench.policy.PolicyWorkCommand;
import io.github.clockpro.bench.redis.RedisNearBenchmarkCommand;
import io.github.clockpro.bench.simulator.SimulateCommand;
import java.util.Arrays;

/**
 * The entry point of the lab jar: dispatches to a measurement.
 *
 * <pre>
 * java -jar clockpro-lab/target/clockpro-lab.jar jmh|simulate|memory|latency|handoff|report|policy-work|offheap|redis-near
 *     [options]
 * </pre>
 * {@code jmh} passes its arguments to JMH's own command line ({@code jmh -h} lists them). Bad arguments end
 * the program with status 2 and a message naming the argument.
 */
public final class Main {

  private static final String USAGE = String.join(System.lineSeparator(),
      "usage: java -jar clockpro-lab.jar COMMAND [options]",
      "  jmh [JMH options]        run JMH benchmarks, e.g. jmh ZipfianSequenceLoading -prof gc",
      "  " + SimulateCommand.USAGE,
      "  " + MemoryCommand.USAGE,
      "  " + LatencyCommand.USAGE,
      "  " + HandoffCommand.USAGE,
      "  " + ReportCommand.USAGE,
      "  " + PolicyWorkCommand.USAGE,
      "  " + OffHeapCommand.USAGE,
      "  " + RedisNearBenchmarkCommand.USAGE);

  private Main() {}

  /**
   * Runs a subcommand.
   *
   * @param arguments the subcommand and its options
   * @throws Exception as thrown by JMH
   */
  public static void main(String[] arguments) throws Exception {
    if (arguments.length == 0) {
      System.err.println(USAGE);
      System.exit(2);
    }
    String[] rest = Arrays.copyOfRange(arguments, 1, arguments.length);
    try {
      switch (arguments[0]) {
        case "jmh" -> org.openjdk.jmh.Main.main(rest);
        case "simulate" -> SimulateCommand.run(rest);
        case "memory" -> MemoryCommand.run(rest);
        case "latency" -> LatencyCommand.run(rest);
        case "handoff" -> HandoffCommand.run(rest);
        case "report" -> ReportCommand.run(rest);
        case "policy-work" -> PolicyWorkCommand.run(rest);
        case "offheap" -> OffHeapCommand.run(rest);
        case "redis-near" -> RedisNearBenchmarkCommand.run(rest);
        case "-h", "--help", "help" -> System.out.println(USAGE);
        default -> throw new IllegalArgumentException("unknown command '" + arguments[0] + "'");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
    }
  }
}
