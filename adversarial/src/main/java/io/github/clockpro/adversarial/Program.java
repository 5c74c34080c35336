package io.github.clockpro.adversarial;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A fuzz candidate: a cache size, a seed and a list of {@link Gene genes}, run in order. A program is
 * immutable, runs the same way every time, and has a one-line text form (see {@link #toString()} and
 * {@link #parse}) that is a valid shell word, so a finding can be replayed with
 * {@code bin/adversarial --replay 'PROGRAM'}.
 *
 * @param cacheSize the maximum size of the cache the program runs against; at least 100
 * @param seed seeds the random reads
 * @param genes the steps; at least one
 */
public record Program(int cacheSize, long seed, List<Gene> genes) {

  /** A program longer than this many operations per cache entry is cut; it keeps evaluations fast. */
  static final int MAXIMUM_OPERATIONS_PER_ENTRY = 24;

  /**
   * Validates and copies the genes.
   *
   * @throws IllegalArgumentException if {@code cacheSize} is below 100 or {@code genes} is empty
   */
  public Program {
    Keys.requireCacheSize(cacheSize);
    genes = List.copyOf(Objects.requireNonNull(genes, "genes"));
    if (genes.isEmpty()) {
      throw new IllegalArgumentException("genes must not be empty");
    }
  }

  /**
   * Opens the program's operations.
   *
   * @return a new stream
   */
  public OperationStream open() {
    return new ProgramStream(this);
  }

  /** The number of operations the program yields, before the cut at {@link #MAXIMUM_OPERATIONS_PER_ENTRY}. */
  long length() {
    long total = 0;
    for (Gene gene : genes) {
      total += gene.length(cacheSize);
    }
    return total;
  }

  /** Returns a program with the same size and seed and other genes. */
  Program withGenes(List<Gene> replacement) {
    return new Program(cacheSize, seed, replacement);
  }

  /**
   * Returns the one-line form, such as {@code size=2000,seed=7,insert-fresh:100:1:0:0,read-sequential:...}.
   *
   * @return the text that {@link #parse} reads back
   */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("size=").append(cacheSize).append(",seed=").append(seed);
    for (Gene gene : genes) {
      text.append(',').append(gene);
    }
    return text.toString();
  }

  /**
   * Parses the form written by {@link #toString()}.
   *
   * @param text the program's text
   * @return the program
   * @throws NullPointerException if {@code text} is null
   * @throws IllegalArgumentException if {@code text} is malformed, naming the part that is wrong
   */
  public static Program parse(String text) {
    Objects.requireNonNull(text, "text");
    String[] parts = text.trim().split(",");
    if (parts.length < 3 || !parts[0].startsWith("size=") || !parts[1].startsWith("seed=")) {
      throw new IllegalArgumentException("text must be size=N,seed=N,gene[,gene...] but was " + text);
    }
    int cacheSize = Integer.parseInt(parts[0].substring("size=".length()));
    long seed = Long.parseLong(parts[1].substring("seed=".length()));
    List<Gene> genes = new ArrayList<>();
    for (int i = 2; i < parts.length; i++) {
      genes.add(Gene.parse(parts[i]));
    }
    return new Program(cacheSize, seed, genes);
  }
}
