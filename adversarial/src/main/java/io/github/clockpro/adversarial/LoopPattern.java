package io.github.clockpro.adversarial;

import java.util.List;

/** Repeated sequential passes over a loop of keys slightly larger than the cache: the worst case of LRU. */
final class LoopPattern {

  private static final int PASSES = 5;

  private LoopPattern() {}

  static AccessPattern create() {
    return new AccessPattern(
        "loop",
        "Five sequential passes over cacheSize * 1.05 keys. LRU and plain CLOCK miss every read; CLOCK-Pro "
            + "should keep most of the loop hot. Every key is referenced once per pass, so hands meet many "
            + "referenced entries.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long loopLength = cacheSize + cacheSize / 20;
          return List.of(new Phase("loop reads", PASSES * loopLength,
              (index, sink) -> sink.accept(OperationKind.GET, index % loopLength)));
        });
  }
}
