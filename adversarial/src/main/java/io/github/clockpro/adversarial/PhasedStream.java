package io.github.clockpro.adversarial;

import java.util.List;

/**
 * An {@link OperationStream} that runs a list of {@link Phase phases} one after the other. Phases are only
 * descriptions; a phase that needs randomness captures its own seeded generator, so the stream is reproducible.
 */
final class PhasedStream implements OperationStream, OperationSink {

  private final List<Phase> phases;
  private int phaseIndex;
  private long indexInPhase;
  private OperationKind kind;
  private long key;

  PhasedStream(List<Phase> phases) {
    this.phases = List.copyOf(phases);
  }

  @Override
  public boolean advance() {
    while (phaseIndex < phases.size()) {
      Phase phase = phases.get(phaseIndex);
      if (indexInPhase < phase.length()) {
        phase.step().produce(indexInPhase, this);
        indexInPhase++;
        return true;
      }
      phaseIndex++;
      indexInPhase = 0;
    }
    return false;
  }

  @Override
  public void accept(OperationKind kind, long key) {
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

  /** The total number of operations of all phases. */
  long length() {
    long total = 0;
    for (Phase phase : phases) {
      total += phase.length();
    }
    return total;
  }
}
