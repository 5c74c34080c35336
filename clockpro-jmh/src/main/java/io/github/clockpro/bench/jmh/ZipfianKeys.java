package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.ZipfianGenerator;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * The keys of a benchmark on a cache that holds every key: {@code capacity} keys, each put as its own value before
 * the measurement, drawn with Zipfian popularity (exponent 0.99), the workload of Caffeine's GetPutBenchmark.
 * Immutable after construction and safe to share between threads; each thread draws with its own generator.
 */
final class ZipfianKeys {

  private final KeySpace keys;
  private final ZipfianGenerator zipfian;

  ZipfianKeys(int capacity) {
    keys = new KeySpace(capacity);
    zipfian = new ZipfianGenerator(capacity, ZipfianGenerator.DEFAULT_EXPONENT);
  }

  /** Puts every key as its own value through {@code put}. */
  void prefill(BiConsumer<Long, Long> put) {
    for (long index = 0; index < keys.size(); index++) {
      put.accept(keys.key(index), keys.key(index));
    }
  }

  /** The next key of a thread's sequence. */
  Long next(SplittableRandom random) {
    return keys.key(zipfian.next(random));
  }
}
