package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.github.clockpro.RemovalCause;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Model-based properties: random sequences of operations run against the cache and against a map. Without
 * eviction the two agree exactly after every operation; with eviction, the map replays what the removal listener
 * reported, and then agrees with the cache's contents exactly, while the bytes stay within the bound and no
 * eviction examines more than the scan limit. {@code -DQT_SEED=...} replays a failure's seed.
 */
class ModelProperties {

  private static final int KEYS = 40;

  /** An operation encoded in one int: kind, key and value length. */
  private record Operation(int kind, long key, int valueLength) {
    static Operation of(int code) {
      return new Operation(code % 6, (code / 6) % KEYS, (code / 240) % 700);
    }

    String value(int step) {
      String prefix = key + "/" + step + "/";
      return prefix + "v".repeat(Math.max(0, valueLength - prefix.length()));
    }
  }

  private static Gen<List<Operation>> operations() {
    return lists().of(integers().between(0, Integer.MAX_VALUE - 1).map(Operation::of)).ofSizeBetween(1, 300);
  }

  private static long examples() {
    return Integer.getInteger("QT_EXAMPLES", 100);
  }

  @Test
  void shouldAgreeWithAMapWhileNothingIsEvicted() {
    qt().withExamples((int) examples()).forAll(operations()).checkAssert(operations -> {
      try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
          .maximumBytes(1 << 20).build()) {
        Map<Long, String> model = new HashMap<>();
        int step = 0;
        for (Operation operation : operations) {
          String value = operation.value(step++);
          apply(cache, model, operation, value);
          assertEquals(model.size(), cache.size());
          assertEquals(model.get(operation.key()), cache.getIfPresent(operation.key()));
        }
        assertEquals(model, Map.copyOf(cache.asMap()));
        assertEquals(0, cache.stats().evictionCount());
      }
    });
  }

  private static void apply(OffHeapCache<Long, String> cache, Map<Long, String> model, Operation operation,
      String value) {
    long key = operation.key();
    switch (operation.kind()) {
      case 0, 1 -> {
        cache.put(key, value);
        model.put(key, value);
      }
      case 2 -> {
        cache.invalidate(key);
        model.remove(key);
      }
      case 3 -> assertEquals(model.putIfAbsent(key, value), cache.asMap().putIfAbsent(key, value));
      case 4 -> assertEquals(model.replace(key, value), cache.asMap().replace(key, value));
      default -> assertEquals(model.get(key), cache.getIfPresent(key));
    }
  }

  @Test
  void shouldAgreeWithTheListenersAccountWhileEvicting() {
    qt().withExamples((int) examples()).forAll(operations(), integers().between(2, 16))
        .checkAssert((operations, scanLimit) -> {
          List<Object[]> events = new ArrayList<>();
          try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
              .maximumBytes(8192).scanLimit(scanLimit)
              .removalListener((key, value, cause) -> events.add(new Object[] {key, value, cause})).build()) {
            Map<Long, String> model = new HashMap<>();
            int step = 0;
            for (Operation operation : operations) {
              String value = operation.value(step++);
              long key = operation.key();
              events.clear();
              switch (operation.kind()) {
                case 0, 1, 3, 4 -> {
                  cache.put(key, value);
                  model.put(key, value);
                }
                case 2 -> {
                  cache.invalidate(key);
                  model.remove(key);
                }
                default -> {
                  String found = cache.getIfPresent(key);
                  assertEquals(model.get(key), found);
                }
              }
              for (Object[] event : events) {
                if (event[2] != RemovalCause.REPLACED && event[2] != RemovalCause.EXPLICIT
                    && Objects.equals(model.get((Long) event[0]), event[1])) {
                  model.remove((Long) event[0]);
                }
              }
              assertTrue(cache.policy().weightedSize().getAsLong() <= cache.policy().maximum());
              assertTrue(cache.stats().maxScanPerEviction() <= scanLimit);
              assertEquals(model.size(), cache.size());
            }
            for (long key = 0; key < KEYS; key++) {
              assertEquals(model.get(key), cache.getIfPresent(key), "key " + key);
            }
          }
        });
  }
}
