package io.github.clockpro.adversarial;

import java.util.List;

/** Saturates the reference counters of one working set, then switches to another. */
final class SaturationFlipPattern {

  /** Passes over the first set: one insert and fifteen hits saturate a four-bit counter. */
  private static final int SATURATING_PASSES = 16;
  private static final int FLIPPED_PASSES = 3;

  private SaturationFlipPattern() {}

  static AccessPattern create() {
    return new AccessPattern(
        "saturate-flip",
        "Reads cacheSize / 2 keys sixteen times each, saturating any frequency counter, then switches to "
            + "cacheSize entirely new keys read three times. A policy that decays counters one step per hand "
            + "pass must sweep the stale set many times before it can evict it.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long firstSet = cacheSize / 2;
          long secondSet = cacheSize;
          return List.of(
              new Phase("saturate", SATURATING_PASSES * firstSet,
                  (index, sink) -> sink.accept(OperationKind.GET, index % firstSet)),
              new Phase("flip", FLIPPED_PASSES * secondSet,
                  (index, sink) -> sink.accept(OperationKind.GET, Keys.region(1, index % secondSet))));
        });
  }
}
