package io.github.clockpro.examples;

import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.ThreadSeeds;
import io.github.clockpro.peers.ZipfianGenerator;
import java.util.SplittableRandom;

/**
 * The showcase's workload for one thread: Zipfian reads (exponent 0.99) over a key space ten times the cache's
 * capacity, interrupted after every {@code 5 x capacity / 10} requests by a scan of {@code capacity / 10} keys that
 * were never requested before and never will be again. A scan-resistant policy keeps its hot entries through
 * the scans; LRU would lose a tenth of the cache to every scan.
 *
 * <p>Not thread-safe: each thread has its own instance; instances share the immutable key space.
 */
final class MixedWorkload {

  private final KeySpace keys;
  private final ZipfianGenerator zipfian;
  private final SplittableRandom random;
  private final int burstLength;
  private final int scanLength;
  /** The streams whose scan keys are kept apart: the streams {@link ThreadSeeds} keeps independent. */
  static final int SCAN_KEY_STRIDE = 512;

  /**
   * The next scan key: the key space's size, plus the stream, plus multiples of {@link #SCAN_KEY_STRIDE}. Each
   * stream's scan keys are distinct from every other stream's and from the key space, and so are their hash codes
   * while they stay below 2<sup>32</sup> (ranges set apart in the high bits would share hash codes, since
   * {@code Long.hashCode()} folds the high half onto the low).
   */
  private long nextScanKey;
  /** Requests left in the current Zipfian burst, then in the current scan. */
  private int remainingInBurst;
  private int remainingInScan;

  /**
   * @param keys the shared Zipfian key space
   * @param capacity the cache's maximum size
   * @param stream selects the seed and the scan keys, from 0 to {@code SCAN_KEY_STRIDE - 1}; each thread of a run
   *     has its own, and so does each run of the same cache, so that no two sequences that meet in one cache
   *     repeat each other
   */
  MixedWorkload(KeySpace keys, int capacity, int stream) {
    if (stream < 0 || stream >= SCAN_KEY_STRIDE) {
      throw new IllegalArgumentException("stream must be from 0 to " + (SCAN_KEY_STRIDE - 1) + " but was " + stream);
    }
    this.keys = keys;
    this.zipfian = new ZipfianGenerator(keys.size(), ZipfianGenerator.DEFAULT_EXPONENT);
    this.random = ThreadSeeds.generator(stream);
    this.scanLength = Math.max(1, capacity / 10);
    this.burstLength = 5 * scanLength;
    this.nextScanKey = keys.size() + stream;
    this.remainingInBurst = burstLength;
  }

  /** Returns the next key to request. */
  Long nextKey() {
    if (remainingInBurst > 0) {
      remainingInBurst--;
      if (remainingInBurst == 0) {
        remainingInScan = scanLength;
      }
      return keys.key(zipfian.next(random));
    }
    remainingInScan--;
    if (remainingInScan == 0) {
      remainingInBurst = burstLength;
    }
    long key = nextScanKey;
    nextScanKey += SCAN_KEY_STRIDE;
    return key;
  }
}
