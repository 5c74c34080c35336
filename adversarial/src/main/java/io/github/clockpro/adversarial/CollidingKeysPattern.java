package io.github.clockpro.adversarial;

import io.github.clockpro.peers.ZipfianGenerator;
import java.util.List;

/** Zipfian reads of keys whose hash codes collide in groups. */
final class CollidingKeysPattern {

  private static final int READS_PER_ENTRY = 4;

  private CollidingKeysPattern() {}

  static AccessPattern create() {
    return new AccessPattern(
        "colliding-keys",
        "Zipfian reads (skew 0.9, 4 * cacheSize keys) of keys that share one hash code per 64 keys. Attacks "
            + "hash-indexed structures: map bins and any history that remembers only hashes, "
            + "where a miss on one key looks like the return of another.",
        KeyShape.COLLIDING,
        (cacheSize, random) -> {
          ZipfianGenerator sampler = new ZipfianGenerator(4L * cacheSize, 0.9);
          long spread = 4L * cacheSize;
          return List.of(Phase.fillWithStrangers(cacheSize), new Phase("zipfian reads of colliding keys", (long) READS_PER_ENTRY * cacheSize,
              (index, sink) -> sink.accept(OperationKind.GET, Math.floorMod(Keys.scramble(sampler.next(random)),
                  spread))));
        });
  }
}
