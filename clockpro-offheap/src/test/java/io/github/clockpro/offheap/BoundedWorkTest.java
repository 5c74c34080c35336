package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The adversarial campaign's access patterns (module {@code adversarial}: scan, loop, all-hot then scan, refill,
 * saturation flip, Zipfian) and the ones particular to a ring of variable-size entries (a huge value after many
 * small ones, one key rewritten until the ring is all dead entries, every entry expiring at once, everything hot),
 * each run against the off-heap cache with a small scan limit: after every operation, no operation's hand has
 * examined more entries than the scan limit, and the bytes are within the bound.
 */
class BoundedWorkTest {

  private static final int SCAN_LIMIT = 8;
  private static final int OPERATIONS = 30_000;

  /** A pattern: given the cache, the operation's index and a random source, performs one operation. */
  private interface Pattern {
    void step(Driver driver, int index);
  }

  /** The cache under test, with a manual ticker, and the checks run after each operation. */
  private static final class Driver {
    final AtomicLong time = new AtomicLong();
    final SplittableRandom random = new SplittableRandom(7);
    final OffHeapCache<Long, byte[]> cache = OffHeapCache.builder(Serializer.longs(), Serializer.bytes())
        .maximumBytes(256 * 1024).scanLimit(SCAN_LIMIT).expireAfterWrite(Duration.ofSeconds(100))
        .ticker(time::get).build();
    final byte[] small = new byte[40];

    void read(long key) {
      if (cache.getIfPresent(key) == null) {
        cache.put(key, small);
      }
    }

    void check(String pattern, int index) {
      int examined = 0;
      for (Segment segment : ((SegmentedCache<?, ?>) cache).segments()) {
        examined = Math.max(examined, segment.maxExamined());
      }
      assertTrue(examined <= SCAN_LIMIT, pattern + ": an operation examined " + examined + " entries at " + index);
      assertTrue(cache.policy().weightedSize().getAsLong() <= cache.policy().maximum(), pattern);
    }
  }

  static Stream<Arguments> patterns() {
    int capacity = 256 * 1024 / 70;
    return Stream.of(
        pattern("scan", (driver, index) -> driver.read(index)),
        pattern("loop over capacity plus one", (driver, index) -> driver.read(index % (capacity + 1))),
        pattern("all hot, then a scan", (driver, index) -> driver.read(index < OPERATIONS / 2
            ? index % (capacity / 2) : index)),
        pattern("refill after invalidateAll", (driver, index) -> {
          if (index % (2 * capacity) == 0) {
            driver.cache.invalidateAll();
          }
          driver.read(index % capacity);
        }),
        pattern("saturation flip", (driver, index) -> driver.read((index / (capacity / 2)) % 2 == 0
            ? index % (capacity / 2) : 1_000_000 + index)),
        pattern("zipfian", (driver, index) -> driver.read((long) Math.floor(Math.pow(capacity * 4.0,
            driver.random.nextDouble())))),
        pattern("huge value after small ones", (driver, index) -> {
          if (index % 500 == 499) {
            driver.cache.put(-1L - index, new byte[100 * 1024]);
          } else {
            driver.read(index);
          }
        }),
        pattern("one key rewritten", (driver, index) -> driver.cache.put(index % 3L, driver.small)),
        pattern("everything expires at once", (driver, index) -> {
          if (index % (2 * capacity) == 0) {
            driver.time.addAndGet(Duration.ofSeconds(101).toNanos());
          }
          driver.read(index);
        }),
        pattern("everything hot", (driver, index) -> {
          long key = index % capacity;
          driver.read(key);
          driver.cache.getIfPresent(key);
        }));
  }

  private static Arguments pattern(String name, BiConsumer<Driver, Integer> step) {
    return Arguments.of(name, (Pattern) step::accept);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("patterns")
  void shouldBoundEveryOperationsWork(String name, Pattern pattern) {
    Driver driver = new Driver();
    try (OffHeapCache<Long, byte[]> cache = driver.cache) {
      for (int index = 0; index < OPERATIONS; index++) {
        pattern.step(driver, index);
        if (index % 64 == 0) {
          driver.check(name, index);
        }
      }
      driver.check(name, OPERATIONS);
      assertTrue(cache.stats().maxScanPerEviction() <= SCAN_LIMIT, name);
    }
  }
}
