package io.github.clockpro.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replays random operations through a cache bounded by weight and the weighted {@link ReferenceModel} side by side
 * (gets, puts of new keys and of present keys with another weight, invalidations, resizes and {@code cleanUp()})
 * and requires, after every operation, the same keys evicted in the same order, the same resident keys and the
 * same resident weight. Weights run from 0 to a bound, so some pages take no room and some need several
 * evictions. In the two largest caches the resident pages pass a few thousand and fall back with the resizes, so
 * the trials' copies, which follow them, start over at other sampling shifts, up and down.
 */
class WeightedAgreementTest {

  private static final int OPERATIONS = 60_000;

  @ParameterizedTest(name = "maximum weight {0}, weights up to {1}, seed {2}")
  @CsvSource({"200, 20, 1", "1000, 50, 2", "1000, 1, 3", "5000, 300, 4", "20000, 1, 5", "100000, 1, 6"})
  void shouldEvictExactlyAsTheModel(int maximumWeight, int heaviest, long seed) {
    List<Long> evicted = new ArrayList<>();
    ClockProCache<Long, Integer> cache = ClockProCache.builder().maximumWeight(maximumWeight)
        .weigher((Long key, Integer value) -> value)
        .removalListener((Long key, Integer value, RemovalCause cause) -> {
          if (cause == RemovalCause.SIZE) {
            evicted.add(key);
          }
        }).build();
    ReferenceModel<Long> model = ReferenceModel.weighted(maximumWeight, CacheBuilder.DEFAULT_SCAN_LIMIT,
        Object::hashCode);
    SplittableRandom random = new SplittableRandom(seed);
    long keys = 4L * maximumWeight / Math.max(1, heaviest / 2);
    for (int operation = 0; operation < OPERATIONS; operation++) {
      Long key = random.nextLong(keys);
      int choice = random.nextInt(100);
      List<Long> expected;
      String action;
      if (choice < 45) {
        action = "get " + key;
        boolean hit = cache.getIfPresent(key) != null;
        assertEquals(model.contains(key), hit, "operation " + operation + ", " + action);
        if (hit) {
          model.reference(key);
        }
        expected = List.of();
      } else if (choice < 93) {
        int weight = random.nextInt(heaviest + 1);
        action = "put " + key + " weighing " + weight;
        if (model.contains(key)) {
          model.reference(key);
          expected = model.reweigh(key, weight);
        } else {
          expected = model.insert(key, weight);
        }
        cache.put(key, weight);
      } else if (choice < 98) {
        action = "invalidate " + key;
        cache.invalidate(key);
        model.remove(key);
        expected = List.of();
      } else if (choice < 99) {
        long maximum = 1 + random.nextInt(2 * maximumWeight);
        action = "setMaximum " + maximum;
        cache.policy().setMaximum(maximum);
        expected = model.setMaximum(maximum);
      } else {
        action = "cleanUp";
        cache.cleanUp();
        expected = model.cleanUp();
      }
      String step = "operation " + operation + ", " + action;
      assertEquals(expected, evicted, step + ": evicted");
      assertEquals(model.residentWeight(), cache.policy().weightedSize().orElseThrow(), step + ": weight");
      evicted.clear();
      if (operation % 1_000 == 0) {
        assertEquals(model.residentKeys(), cache.asMap().keySet(), step + ": resident keys");
      }
    }
    assertEquals(model.residentKeys(), cache.asMap().keySet(), "resident keys at the end");
  }
}
