package io.github.clockpro.adversarial;

import io.github.clockpro.peers.ZipfianGenerator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs the genes of a {@link Program}. Keys are plain indexes: fresh keys are taken from a counter that only
 * grows, and a gene's window is {@code [fresh - offset - range, fresh - offset)}, clipped at 0.
 */
final class ProgramStream implements OperationStream {

  private final int cacheSize;
  private final List<Gene> genes;
  private final SplittableRandom random;
  private final long operationLimit;

  private long operations;
  private int geneIndex = -1;
  private long indexInGene;
  private long geneLength;
  private long windowStart;
  private long windowWidth;
  private ZipfianGenerator sampler;
  private long fresh;

  private OperationKind kind;
  private long key;

  ProgramStream(Program program) {
    this.cacheSize = program.cacheSize();
    this.genes = program.genes();
    this.random = new SplittableRandom(program.seed());
    this.operationLimit = (long) Program.MAXIMUM_OPERATIONS_PER_ENTRY * cacheSize;
  }

  @Override
  public boolean advance() {
    if (operations >= operationLimit) {
      return false;
    }
    while (geneIndex < 0 || indexInGene >= geneLength) {
      geneIndex++;
      if (geneIndex >= genes.size()) {
        return false;
      }
      startGene(genes.get(geneIndex));
    }
    produce(genes.get(geneIndex), indexInGene);
    indexInGene++;
    operations++;
    return true;
  }

  private void startGene(Gene gene) {
    indexInGene = 0;
    geneLength = gene.length(cacheSize);
    long end = Math.max(0, fresh - gene.offset(cacheSize));
    windowStart = Math.max(0, end - gene.window(cacheSize));
    windowWidth = Math.max(1, end - windowStart);
    sampler = gene.kind() == GeneKind.READ_ZIPFIAN
        ? new ZipfianGenerator(windowWidth, Math.max(0.05, gene.parameter() / 100.0))
        : null;
  }

  private void produce(Gene gene, long index) {
    switch (gene.kind()) {
      case READ_UNIFORM:
        set(OperationKind.GET, windowStart + random.nextLong(windowWidth));
        break;
      case READ_ZIPFIAN:
        set(OperationKind.GET, windowStart + windowWidth - 1 - sampler.next(random));
        break;
      case READ_SEQUENTIAL:
        set(OperationKind.GET, windowStart + index % windowWidth);
        break;
      case SCAN_FRESH:
        set(OperationKind.GET, fresh++);
        break;
      case INSERT_FRESH:
        if (gene.parameter() % 2 == 1 && index % 2 == 1) {
          set(OperationKind.GET, fresh - 1);
        } else {
          set(OperationKind.PUT, fresh++);
        }
        break;
      default:
        boolean spared = gene.parameter() > 0 && index % gene.parameter() == 0;
        set(spared ? OperationKind.GET : OperationKind.INVALIDATE, windowStart + index % windowWidth);
        break;
    }
  }

  private void set(OperationKind kind, long key) {
    this.kind = kind;
    this.key = key;
  }

  @Override
  public OperationKind kind() {
    return kind;
  }

  @Override
  public long key() {
    return key;
  }
}
