package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramTest {

  @Test
  void shouldReadBackItsOwnText() {
    Program program = Program.parse("size=1000,seed=-3,insert-fresh:100:1:0:1,read-zipfian:50:20:10:99");
    assertEquals(program, Program.parse(program.toString()));
    assertEquals(2, program.genes().size());
  }

  @Test
  void shouldNameTheFieldThatIsOutOfRange() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> Program.parse("size=1000,seed=1,read-uniform:0:1:0:0"));
    assertTrue(failure.getMessage().contains("lengthPercent"), failure.getMessage());
  }

  @Test
  void shouldRejectAnUnknownGeneKind() {
    assertThrows(IllegalArgumentException.class, () -> Program.parse("size=1000,seed=1,jump:1:1:0:0"));
  }

  @Test
  void shouldEvaluateTheSameWayTwice() {
    Program program = SeedPrograms.all().get(0);
    assertEquals(Evaluation.of(program).summary(), Evaluation.of(program).summary());
  }

  @Test
  void shouldReplayAProgramSavedAsAFinding(@TempDir Path directory) throws Exception {
    Path file = directory.resolve("worst-1.txt");
    Program program = SeedPrograms.all().get(1);
    Files.writeString(file, "# a comment\n" + program + "\n");
    assertEquals(program, Fuzzer.readFinding(file));
  }

  @Test
  void shrinkingShouldKeepThePropertyAndNotGrowTheProgram() {
    Evaluation start = Evaluation.of(SeedPrograms.all().get(0));
    double target = start.score() * 0.9;
    Evaluation shrunk = new Shrinker(40).shrink(start, evaluation -> evaluation.score() >= target);
    assertTrue(shrunk.score() >= target);
    assertTrue(shrunk.program().length() <= start.program().length());
  }
}
