package io.github.clockpro.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Replays, through the cache and the {@link ReferenceModel} in lockstep, a workload of {@code Long} keys whose hash
 * codes collide by the thousand: two streams of skewed keys, each with scans of new keys in a range of its own
 * that differs from the other's in the high bits, interleaved in runs. The history tells those keys apart by
 * their fingerprints; the model restates the fingerprint, and the two must agree on every hit.
 */
class FingerprintAgreementTest {

  private static final int SIZE = 1_000;
  private static final int EVENTS = 300_000;

  @Test
  void shouldHitExactlyWhereTheCoreHitsOnKeysWithCollidingHashCodes() {
    SplittableRandom[] randoms = {new SplittableRandom(1), new SplittableRandom(2)};
    long[] nextScanKeys = {1L << 40, 2L << 40};
    int[] positions = new int[2];
    LockstepReplay replay = LockstepReplay.run(SIZE, EVENTS, event -> {
      int stream = (event / 300) % 2;
      int position = positions[stream]++ % 600;
      if (position < 500) {
        double uniform = randoms[stream].nextDouble();
        return (long) (10 * SIZE * uniform * uniform * uniform * uniform);
      }
      return nextScanKeys[stream]++;
    });
    assertTrue(replay.hits > EVENTS / 3, "hits " + replay.hits);
  }
}
