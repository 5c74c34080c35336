package io.github.clockpro.adversarial;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A search-based fuzzer that looks for operation sequences that make {@link io.github.clockpro.ClockProCache}
 * examine many entries per eviction and lose hits.
 *
 * <p>Candidates are {@link Program programs}. The search is a steady-state genetic algorithm: a population seeded
 * with programs that imitate the named patterns and with random ones; each step picks parents by tournament,
 * recombines and mutates them ({@link ProgramMutator}), evaluates the child against a fresh cache
 * ({@link Evaluation}, whose score uses the cache's own statistics) and lets it
 * replace the weakest member if it scores higher. A child that breaks the scan bound is a <em>violation</em>:
 * it is shrunk ({@link Shrinker}) and saved at once. At the end the highest-scoring programs are shrunk and
 * saved as well. Every saved file holds a one-line program that {@code bin/adversarial --replay} runs again.
 *
 * <p>The sequence of candidates depends only on the seed, so a run with the same seed and at least as many
 * evaluations finds the same programs; a time budget only decides where the sequence stops.
 */
public final class Fuzzer {

  private static final int POPULATION = 24;
  private static final int TOURNAMENT = 3;
  private static final int KEPT_WORST = 3;
  private static final int MAXIMUM_SAVED_VIOLATIONS = 5;
  private static final int SHRINK_ATTEMPTS = 150;

  private final long seed;
  private final Path findingsDirectory;

  /**
   * What a fuzz run found.
   *
   * @param seed the fuzzer's seed
   * @param evaluations the programs evaluated
   * @param worst the highest-scoring programs, shrunk, best first
   * @param violations programs that broke the scan bound, shrunk
   * @param savedFiles the files written, worst programs and violations
   */
  public record Result(long seed, long evaluations, List<Evaluation> worst, List<Evaluation> violations,
      List<Path> savedFiles) {}

  /**
   * @param seed the search's seed
   * @param findingsDirectory where findings are written; created if absent
   * @throws NullPointerException if {@code findingsDirectory} is null
   */
  public Fuzzer(long seed, Path findingsDirectory) {
    this.seed = seed;
    this.findingsDirectory = Objects.requireNonNull(findingsDirectory, "findingsDirectory");
  }

  /**
   * Runs the search until the budget or the evaluation limit is spent, whichever comes first.
   *
   * @param budget the wall-clock time for the search proper; shrinking and saving come on top
   * @param maximumEvaluations the most programs to evaluate; at least 1
   * @return what was found
   * @throws NullPointerException if {@code budget} is null
   * @throws IllegalArgumentException if {@code maximumEvaluations} is below 1
   */
  public Result run(Duration budget, long maximumEvaluations) {
    Objects.requireNonNull(budget, "budget");
    if (maximumEvaluations < 1) {
      throw new IllegalArgumentException("maximumEvaluations must be at least 1 but was " + maximumEvaluations);
    }
    long deadline = System.nanoTime() + budget.toNanos();
    SplittableRandom random = new SplittableRandom(seed);
    ProgramMutator mutator = new ProgramMutator(random);
    Shrinker shrinker = new Shrinker(SHRINK_ATTEMPTS);
    List<Evaluation> population = new ArrayList<>();
    List<Evaluation> violations = new ArrayList<>();
    List<Path> saved = new ArrayList<>();
    long evaluations = 0;

    List<Program> starts = new ArrayList<>(SeedPrograms.all());
    while (starts.size() < POPULATION) {
      starts.add(mutator.randomProgram());
    }
    for (Program start : starts) {
      if (evaluations >= maximumEvaluations) {
        break;
      }
      population.add(evaluateAndCheck(start, violations, saved, shrinker));
      evaluations++;
    }
    while (evaluations < maximumEvaluations && System.nanoTime() < deadline) {
      Program child = tournament(population, random).program();
      if (random.nextInt(10) < 3) {
        child = mutator.crossover(child, tournament(population, random).program());
      }
      child = mutator.mutate(child);
      Evaluation evaluation = evaluateAndCheck(child, violations, saved, shrinker);
      evaluations++;
      int weakest = weakestIndex(population);
      if (evaluation.score() > population.get(weakest).score()) {
        population.set(weakest, evaluation);
      }
    }

    population.sort(Comparator.comparingDouble(Evaluation::score).reversed());
    List<Evaluation> worst = new ArrayList<>();
    Set<String> distinct = new HashSet<>();
    for (Evaluation candidate : population) {
      if (worst.size() == KEPT_WORST) {
        break;
      }
      double target = candidate.score() * 0.9;
      Evaluation shrunk = shrinker.shrink(candidate, evaluation -> evaluation.score() >= target);
      if (distinct.add(shrunk.program().cacheSize() + " " + shrunk.program().genes())) {
        worst.add(shrunk);
        saved.add(save("worst-" + worst.size(), shrunk));
      }
    }
    return new Result(seed, evaluations, worst, violations, saved);
  }

  private Evaluation evaluateAndCheck(Program program, List<Evaluation> violations, List<Path> saved,
      Shrinker shrinker) {
    Evaluation evaluation = Evaluation.of(program);
    if (evaluation.violates() && violations.size() < MAXIMUM_SAVED_VIOLATIONS) {
      Evaluation shrunk = shrinker.shrink(evaluation, Evaluation::violates);
      violations.add(shrunk);
      saved.add(save("violation-" + violations.size(), shrunk));
    }
    return evaluation;
  }

  private static Evaluation tournament(List<Evaluation> population, SplittableRandom random) {
    Evaluation best = population.get(random.nextInt(population.size()));
    for (int i = 1; i < TOURNAMENT; i++) {
      Evaluation other = population.get(random.nextInt(population.size()));
      if (other.score() > best.score()) {
        best = other;
      }
    }
    return best;
  }

  private static int weakestIndex(List<Evaluation> population) {
    int weakest = 0;
    for (int i = 1; i < population.size(); i++) {
      if (population.get(i).score() < population.get(weakest).score()) {
        weakest = i;
      }
    }
    return weakest;
  }

  private Path save(String name, Evaluation evaluation) {
    Path file = findingsDirectory.resolve(name + ".txt");
    String text = "# clockpro adversarial fuzz finding (fuzz seed " + seed + ")\n"
        + "# " + evaluation.summary() + "\n"
        + "# replay: " + replayCommand(evaluation.program()) + "\n"
        + evaluation.program() + "\n";
    try {
      Files.createDirectories(findingsDirectory);
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException failure) {
      throw new UncheckedIOException("Cannot save finding " + file, failure);
    }
    return file;
  }

  /**
   * Returns the shell command, run from the repository root, that replays a program.
   *
   * @param program the program
   * @return a one-line command
   */
  public static String replayCommand(Program program) {
    return "bin/adversarial --replay '" + program + "'";
  }

  /**
   * Reads a program from a finding file: its last line that is not a comment.
   *
   * @param file a file written by the fuzzer
   * @return the program
   * @throws UncheckedIOException if the file cannot be read
   * @throws IllegalArgumentException if it holds no program
   */
  public static Program readFinding(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        String line = lines.get(i).trim();
        if (!line.isEmpty() && !line.startsWith("#")) {
          return Program.parse(line);
        }
      }
    } catch (IOException failure) {
      throw new UncheckedIOException("Cannot read finding " + file, failure);
    }
    throw new IllegalArgumentException("file holds no program: " + file);
  }
}
