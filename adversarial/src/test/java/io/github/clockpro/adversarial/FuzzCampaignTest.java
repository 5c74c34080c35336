package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The CI fuzz run: a bounded search (two minutes by default, {@code -Dadversarial.fuzzSeconds}) with a fixed
 * seed for operation sequences that make {@link io.github.clockpro.ClockProCache} break its scan bound. A failure
 * prints the seed and, for each violation, the command that replays it.
 */
class FuzzCampaignTest {

  private static final long SEED = 20261121L;

  @Test
  void noFuzzedSequenceMakesAnEvictionExamineMoreThanTheLimit() {
    long seconds = Long.getLong("adversarial.fuzzSeconds", 120);
    Path findings = Path.of("target", "fuzz-findings");
    Fuzzer.Result result = new Fuzzer(SEED, findings).run(Duration.ofSeconds(seconds), Long.MAX_VALUE);
    System.out.print(FuzzSummary.describe(result));
    assertTrue(result.violations().isEmpty(), () -> "fuzz seed " + SEED + " found violations of the scan bound:\n"
        + FuzzSummary.describe(result) + "rerun the whole search: bin/adversarial --sizes 10000 --caches "
        + "clockpro --patterns refill --fuzz-seed " + SEED + " --fuzz-seconds " + seconds);
    assertFalse(result.worst().isEmpty());
    for (Path file : result.savedFiles()) {
      assertTrue(Files.isRegularFile(file), () -> "missing finding file " + file);
    }
  }
}
