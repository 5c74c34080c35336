package io.github.clockpro.stats;

import io.github.clockpro.ClockProCache;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A single-threaded workload that exercises every CLOCK-Pro meter: skewed reads with a read-through on miss (hits,
 * misses, evictions, promotions, demotions, history hits), then rounds that reference every resident entry
 * before inserting new keys, so that evictions find referenced entries and scan up to the limit.
 */
final class Workload {

  private static final long SEED = 20_051_010L;

  private Workload() {}

  static void run(ClockProCache<Integer, Integer> cache, int operations) {
    Random random = new Random(SEED);
    int maximum = Math.toIntExact(cache.policy().maximum());
    int hotKeys = maximum * 3 / 4;
    int allKeys = maximum * 10;
    for (int i = 0; i < operations; i++) {
      int key = random.nextInt(10) < 7 ? random.nextInt(hotKeys) : random.nextInt(allKeys);
      if (cache.getIfPresent(key) == null) {
        cache.put(key, key);
      }
    }
    int nextNewKey = allKeys;
    for (int round = 0; round < 20; round++) {
      List<Integer> resident = new ArrayList<>(cache.asMap().keySet());
      for (Integer key : resident) {
        cache.asMap().get(key);
      }
      for (int i = 0; i < maximum / 4; i++) {
        cache.put(nextNewKey, nextNewKey);
        nextNewKey++;
      }
    }
    cache.get(-1, key -> key);
    cache.get(-2, key -> null);
  }
}
