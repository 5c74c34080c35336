package io.github.clockpro.adversarial;

import java.util.List;

/**
 * Uniformly random reads over a key space sized so that any policy reaches about the target hit rate: the
 * pattern cache2k's authors measured as the worst seen in practice for a clock.
 */
final class UniformPattern {

  /** Reads per cache entry. */
  private static final int READS_PER_ENTRY = 4;

  private UniformPattern() {}

  static AccessPattern withHitRate(int percent) {
    if (percent < 1 || percent > 99) {
      throw new IllegalArgumentException("percent must be between 1 and 99 but was " + percent);
    }
    return new AccessPattern(
        "uniform-" + percent,
        "Uniform random reads over cacheSize * 100 / " + percent + " keys (target hit rate " + percent
            + "%), after filling the cache with keys of that space: no entry is more useful than another, so reference bits carry no information and a hand "
            + "finds victims only by luck.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long keySpace = (long) cacheSize * 100 / percent;
          return List.of(
              new Phase("fill from the key space", cacheSize,
                  (index, sink) -> sink.accept(OperationKind.PUT, Keys.scramble(index))),
              new Phase("uniform reads", (long) READS_PER_ENTRY * cacheSize,
              (index, sink) -> sink.accept(OperationKind.GET, Keys.scramble(random.nextLong(keySpace)))));
        });
  }
}
