package io.github.clockpro.adversarial;

import java.nio.file.Path;

/** Describes a fuzz result in a few lines, for the terminal and the report. */
final class FuzzSummary {

  private FuzzSummary() {}

  static String describe(Fuzzer.Result result) {
    StringBuilder text = new StringBuilder();
    text.append("Evaluated ").append(result.evaluations()).append(" programs with seed ").append(result.seed())
        .append("; violations of the scan bound: ").append(result.violations().size()).append('\n');
    for (Evaluation violation : result.violations()) {
      text.append("VIOLATION: ").append(violation.summary()).append('\n')
          .append("  replay: ").append(Fuzzer.replayCommand(violation.program())).append('\n');
    }
    int rank = 1;
    for (Evaluation worst : result.worst()) {
      text.append("worst ").append(rank++).append(": ").append(worst.summary()).append('\n')
          .append("  ").append(worst.program()).append('\n');
    }
    for (Path file : result.savedFiles()) {
      text.append("saved ").append(file).append('\n');
    }
    return text.toString();
  }
}
