package io.github.clockpro.bench.policy;

/**
 * One workload's replay through clockpro and cache2k: what each policy did, and how to replay it again.
 *
 * @param workload the benchmark and its parameters, as the command's first line and the report name them
 * @param arguments the {@code policy-work} options that select the workload and capacity, without
 *     {@code --operations}
 * @param operations the read-through operations counted after the warm-up
 * @param clockpro clockpro's work
 * @param cache2k cache2k's work
 */
public record PolicyWorkResult(String workload, String arguments, long operations, PolicyWork clockpro,
    PolicyWork cache2k) {

  /** The command line, after the jar, that gives the same numbers again. */
  public String command() {
    return "policy-work " + arguments + " --operations " + operations;
  }
}
