package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Single-threaded, the same operations give the same hits and evictions, whatever the internal seeds. */
class DeterminismTest {

  private static List<String> run(long seed) {
    List<String> events = new ArrayList<>();
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(200)
        .removalListener((Long key, Long value, RemovalCause cause) -> events.add(cause + ":" + key))
        .build();
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 20_000; i++) {
      long key = random.nextInt(10) < 7 ? random.nextLong(150) : random.nextLong(2000);
      int operation = random.nextInt(20);
      if (operation == 0) {
        cache.invalidate(key);
      } else if (cache.getIfPresent(key) != null) {
        events.add("hit:" + key);
      } else {
        cache.put(key, key);
      }
    }
    return events;
  }

  @Test
  void shouldRepeatTheSameHitsAndEvictions() {
    assertEquals(run(42), run(42));
  }
}
