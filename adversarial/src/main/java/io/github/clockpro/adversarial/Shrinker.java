package io.github.clockpro.adversarial;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Makes a finding smaller while it stays a finding: greedily removes genes, then shortens and narrows the
 * remaining ones, and keeps every change after which the property still holds.
 */
final class Shrinker {

  private final int maximumAttempts;

  /** @param maximumAttempts the most evaluations one shrink may spend */
  Shrinker(int maximumAttempts) {
    this.maximumAttempts = maximumAttempts;
  }

  /**
   * Shrinks a program.
   *
   * @param start an evaluation for which {@code keeps} holds
   * @param keeps whether an evaluation is still a finding
   * @return the smallest evaluation found for which {@code keeps} holds
   */
  Evaluation shrink(Evaluation start, Predicate<Evaluation> keeps) {
    Evaluation current = start;
    int attempts = 0;
    boolean progressed = true;
    while (progressed && attempts < maximumAttempts) {
      progressed = false;
      for (Program candidate : smallerNeighbours(current.program())) {
        if (attempts++ >= maximumAttempts) {
          break;
        }
        Evaluation evaluation = Evaluation.of(candidate);
        if (keeps.test(evaluation)) {
          current = evaluation;
          progressed = true;
          break;
        }
      }
    }
    return current;
  }

  private static List<Program> smallerNeighbours(Program program) {
    List<Program> candidates = new ArrayList<>();
    List<Gene> genes = program.genes();
    for (int i = 0; i < genes.size() && genes.size() > 1; i++) {
      List<Gene> without = new ArrayList<>(genes);
      without.remove(i);
      candidates.add(program.withGenes(without));
    }
    for (int i = 0; i < genes.size(); i++) {
      Gene gene = genes.get(i);
      if (gene.lengthPercent() > 1) {
        candidates.add(replace(program, i, new Gene(gene.kind(), gene.lengthPercent() / 2, gene.rangePercent(),
            gene.offsetPercent(), gene.parameter())));
      }
      if (gene.rangePercent() > 1) {
        candidates.add(replace(program, i, new Gene(gene.kind(), gene.lengthPercent(), gene.rangePercent() / 2,
            gene.offsetPercent(), gene.parameter())));
      }
    }
    for (int size : ProgramMutator.CACHE_SIZES) {
      if (size < program.cacheSize()) {
        candidates.add(new Program(size, program.seed(), genes));
      }
    }
    return candidates;
  }

  private static Program replace(Program program, int index, Gene gene) {
    List<Gene> genes = new ArrayList<>(program.genes());
    genes.set(index, gene);
    return program.withGenes(genes);
  }
}
