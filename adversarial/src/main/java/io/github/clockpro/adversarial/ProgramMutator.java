package io.github.clockpro.adversarial;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Builds random programs, and mutates and recombines existing ones, for the {@link Fuzzer}. */
final class ProgramMutator {

  /** Cache sizes the fuzzer tries: small, so that evaluations are fast; the scan limit does not depend on size. */
  static final int[] CACHE_SIZES = {500, 1000, 2000, 4000};
  static final int MAXIMUM_GENES = 12;

  private final SplittableRandom random;

  ProgramMutator(SplittableRandom random) {
    this.random = random;
  }

  Program randomProgram() {
    List<Gene> genes = new ArrayList<>();
    genes.add(new Gene(GeneKind.INSERT_FRESH, 100, 1, 0, 0));
    int count = 1 + random.nextInt(5);
    for (int i = 0; i < count; i++) {
      genes.add(randomGene());
    }
    return new Program(CACHE_SIZES[random.nextInt(CACHE_SIZES.length)], random.nextLong(), genes);
  }

  Gene randomGene() {
    GeneKind[] kinds = GeneKind.values();
    return new Gene(kinds[random.nextInt(kinds.length)],
        1 + random.nextInt(Gene.MAXIMUM_LENGTH_PERCENT),
        1 + random.nextInt(Gene.MAXIMUM_RANGE_PERCENT),
        random.nextInt(Gene.MAXIMUM_OFFSET_PERCENT + 1),
        random.nextInt(Gene.MAXIMUM_PARAMETER + 1));
  }

  /** Takes a prefix of one program and a suffix of the other. */
  Program crossover(Program first, Program second) {
    int cut = random.nextInt(first.genes().size() + 1);
    int from = random.nextInt(second.genes().size() + 1);
    List<Gene> genes = new ArrayList<>(first.genes().subList(0, cut));
    genes.addAll(second.genes().subList(from, second.genes().size()));
    if (genes.isEmpty()) {
      genes.add(randomGene());
    }
    return first.withGenes(trim(genes));
  }

  /** Applies one to three random edits. */
  Program mutate(Program program) {
    Program result = program;
    int edits = 1 + random.nextInt(3);
    for (int i = 0; i < edits; i++) {
      result = edit(result);
    }
    return result;
  }

  private Program edit(Program program) {
    List<Gene> genes = new ArrayList<>(program.genes());
    int index = random.nextInt(genes.size());
    switch (random.nextInt(8)) {
      case 0:
        genes.add(random.nextInt(genes.size() + 1), randomGene());
        break;
      case 1:
        if (genes.size() > 1) {
          genes.remove(index);
        }
        break;
      case 2:
        genes.add(index, genes.get(index));
        break;
      case 3:
        if (genes.size() > 1) {
          int other = random.nextInt(genes.size());
          Gene swapped = genes.get(index);
          genes.set(index, genes.get(other));
          genes.set(other, swapped);
        }
        break;
      case 4:
        return new Program(CACHE_SIZES[random.nextInt(CACHE_SIZES.length)], program.seed(), genes);
      case 5:
        return new Program(program.cacheSize(), random.nextLong(), genes);
      default:
        genes.set(index, nudge(genes.get(index)));
        break;
    }
    return program.withGenes(trim(genes));
  }

  /** Changes one field of a gene by a random factor, or its kind. */
  private Gene nudge(Gene gene) {
    int length = gene.lengthPercent();
    int range = gene.rangePercent();
    int offset = gene.offsetPercent();
    int parameter = gene.parameter();
    GeneKind kind = gene.kind();
    switch (random.nextInt(5)) {
      case 0:
        length = scale(length, 1, Gene.MAXIMUM_LENGTH_PERCENT);
        break;
      case 1:
        range = scale(range, 1, Gene.MAXIMUM_RANGE_PERCENT);
        break;
      case 2:
        offset = scale(offset, 0, Gene.MAXIMUM_OFFSET_PERCENT);
        break;
      case 3:
        parameter = scale(parameter, 0, Gene.MAXIMUM_PARAMETER);
        break;
      default:
        kind = GeneKind.values()[random.nextInt(GeneKind.values().length)];
        break;
    }
    return new Gene(kind, length, range, offset, parameter);
  }

  private int scale(int value, int minimum, int maximum) {
    double factor = Math.exp(random.nextGaussian() * 0.5);
    long scaled = Math.round(value * factor) + random.nextInt(3) - 1;
    return (int) Math.max(minimum, Math.min(maximum, scaled));
  }

  private static List<Gene> trim(List<Gene> genes) {
    return genes.size() > MAXIMUM_GENES ? genes.subList(0, MAXIMUM_GENES) : genes;
  }
}
