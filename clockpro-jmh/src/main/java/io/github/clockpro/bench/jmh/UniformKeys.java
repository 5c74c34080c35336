package io.github.clockpro.bench.jmh;

import io.github.clockpro.peers.KeySpace;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The keys of a read-through benchmark with a target hit rate: {@code capacity x 100 / hitRate} keys drawn
 * uniformly, so that no policy holds more than {@code hitRate} percent of the requests once the cache is full.
 * Immutable after construction and safe to share between threads; each thread draws with its own generator.
 */
final class UniformKeys {

  private final KeySpace keys;
  private final int capacity;

  UniformKeys(int capacity, int hitRate) {
    this.keys = new KeySpace(capacity * 100L / hitRate);
    this.capacity = capacity;
  }

  /** Reads the first {@code capacity} keys through {@code read}, which loads each: the cache is then full. */
  void prefill(Consumer<Long> read) {
    for (long index = 0; index < capacity; index++) {
      read.accept(keys.key(index));
    }
  }

  /** The next key of a thread's sequence. */
  Long next(SplittableRandom random) {
    return keys.key(random.nextLong(keys.size()));
  }
}
