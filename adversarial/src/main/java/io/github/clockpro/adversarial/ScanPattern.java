package io.github.clockpro.adversarial;

import java.util.List;

/** A one-time scan of fresh keys over a warm hot set: scan resistance. */
final class ScanPattern {

  private static final int WARMING_PASSES = 4;

  private ScanPattern() {}

  static AccessPattern create() {
    return new AccessPattern(
        "scan",
        "Warms a hot set of cacheSize / 2 keys with four passes, then reads 2 * cacheSize fresh keys once "
            + "each, interleaved with random reads of the hot set. A scan-resistant cache keeps the hot set; "
            + "the hands must skip many referenced hot entries to evict the scan's cold ones.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long hotSet = cacheSize / 2;
          long scanLength = 2L * cacheSize;
          return List.of(
              new Phase("warm the hot set", WARMING_PASSES * hotSet,
                  (index, sink) -> sink.accept(OperationKind.GET, index % hotSet)),
              new Phase("scan with hot reads", 2 * scanLength, (index, sink) -> {
                if (index % 2 == 0) {
                  sink.accept(OperationKind.GET, Keys.region(1, index / 2));
                } else {
                  sink.accept(OperationKind.GET, random.nextLong(hotSet));
                }
              }));
        });
  }
}
