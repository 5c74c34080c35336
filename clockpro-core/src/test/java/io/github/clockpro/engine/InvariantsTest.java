package io.github.clockpro.engine;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random operations at small sizes, checking every named invariant after each step. */
class InvariantsTest {

  /** A key whose hash codes collide: all of them, or in a few groups. */
  record CollidingKey(int id, int hash) {
    @Override
    public int hashCode() {
      return hash;
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 8, 64})
  void shouldKeepEveryInvariantAfterEveryOperation(int size) {
    ClockProCache<CollidingKey, Integer> cache = ClockProCache.builder().maximumSize(size).build();
    SplittableRandom random = new SplittableRandom(size);
    for (int step = 0; step < 20_000; step++) {
      int id = random.nextInt(size * 4 + 2);
      CollidingKey key = new CollidingKey(id, random.nextBoolean() ? 7 : id % 3);
      switch (random.nextInt(10)) {
        case 0 -> cache.invalidate(key);
        case 1 -> cache.asMap().remove(key, id);
        case 2 -> cache.get(key, k -> k.id() % 5 == 0 ? null : k.id());
        case 3 -> cache.asMap().replace(key, id + 1);
        case 4 -> {
          if (step % 1000 == 0) {
            cache.invalidateAll();
          }
        }
        default -> {
          if (cache.getIfPresent(key) == null) {
            cache.put(key, id);
          }
        }
      }
      List<String> violations = EngineAccess.checkInvariants(cache);
      assertEquals(List.of(), violations, "after step " + step);
      assertTrue(cache.size() <= size);
    }
    CacheStats stats = cache.stats();
    assertTrue(stats.maxScanPerEviction() <= cache.policy().scanLimit());
    assertEquals(cache.size(), cache.policy().hotSize() + cache.policy().coldSize());
  }
}
