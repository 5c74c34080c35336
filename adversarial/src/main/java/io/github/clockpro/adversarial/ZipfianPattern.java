package io.github.clockpro.adversarial;

import io.github.clockpro.peers.ZipfianGenerator;
import java.util.List;

/**
 * Zipfian reads, the classic skewed workload, at a given skew over a key space a given factor larger than the
 * cache. Two variants: a fixed popularity ranking, and a shifting one whose hot set moves.
 */
final class ZipfianPattern {

  /** Reads per cache entry of the fixed variant. */
  private static final int READS_PER_ENTRY = 4;
  /** Epochs of the shifting variant, each as many reads as the cache holds. */
  private static final int SHIFT_EPOCHS = 6;

  private ZipfianPattern() {}

  static AccessPattern fixed(double skew, int keySpaceFactor) {
    return new AccessPattern(
        "zipf-" + skew + "-x" + keySpaceFactor,
        "Zipfian reads with skew " + skew + " over " + keySpaceFactor + " * cacheSize keys, after filling the cache with keys never read: a stable hot set "
            + "among many one-off keys; measures the ordinary eviction cost and hit rate.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          ZipfianGenerator sampler = new ZipfianGenerator((long) keySpaceFactor * cacheSize, skew);
          return List.of(Phase.fillWithStrangers(cacheSize), new Phase("zipfian reads", (long) READS_PER_ENTRY * cacheSize,
              (index, sink) -> sink.accept(OperationKind.GET, Keys.scramble(sampler.next(random)))));
        });
  }

  static AccessPattern shifting() {
    return new AccessPattern(
        "shifting-zipf",
        "Zipfian reads (skew 0.99, 4 * cacheSize keys) whose ranking moves by half a cache every cacheSize "
            + "reads: the hot set keeps changing, testing how fast the hot/cold split and the "
            + "history adapt, and whether demoting a stale hot set costs long scans.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          ZipfianGenerator sampler = new ZipfianGenerator(4L * cacheSize, 0.99);
          long shift = cacheSize / 2;
          return List.of(Phase.fillWithStrangers(cacheSize), new Phase("shifting zipfian reads", (long) SHIFT_EPOCHS * cacheSize,
              (index, sink) -> {
                long offset = index / cacheSize * shift;
                sink.accept(OperationKind.GET, Keys.scramble(offset + sampler.next(random)));
              }));
        });
  }
}
