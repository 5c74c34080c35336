package io.github.clockpro.adversarial;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every resident entry referenced: between batches of evictions the whole resident window is read
 * again, and each new key is read right after its insert, so no entry ever looks cold to a hand.
 */
final class AllHotPattern {

  private static final int ROUNDS = 5;
  /** Inserts per round, as a fraction of the cache size. */
  private static final int BATCH_DIVISOR = 100;

  private AllHotPattern() {}

  static AccessPattern create() {
    return new AccessPattern(
        "all-hot",
        "Fills the cache, then five rounds of: read the cacheSize most recent keys, insert cacheSize / 100 "
            + "new keys each read right after its insert. Every resident entry is referenced between "
            + "evictions, so a hand that looks for an unreferenced entry finds none.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long batch = Math.max(1, cacheSize / BATCH_DIVISOR);
          List<Phase> phases = new ArrayList<>();
          phases.add(Phase.putEach("fill", 0, cacheSize));
          for (int round = 0; round < ROUNDS; round++) {
            long windowStart = round * batch;
            long firstNew = cacheSize + round * batch;
            phases.add(Phase.readEach("re-reference round " + round, windowStart, cacheSize));
            phases.add(new Phase("insert and hit round " + round, 2 * batch, (index, sink) ->
                sink.accept(index % 2 == 0 ? OperationKind.PUT : OperationKind.GET, firstNew + index / 2)));
          }
          return phases;
        });
  }
}
