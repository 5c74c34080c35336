package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** The floor trial's choice on workloads whose better floor is known, and the size of a weighted cache's copies. */
class FloorTrialTest {

  private static final int SIZE = 4_096;
  private static final int EVENTS = 1_000_000;

  @Test
  void shouldStartAtThePapersFloor() {
    assertEquals(FloorTrial.FLOORS[0], trial(SIZE).floor());
    assertEquals(10, FloorTrial.FLOORS[0], "a hundredth of the maximum");
  }

  /**
   * Half the keys return once, 100 to 500 requests after their first request, and never again: a key must stay in
   * the cold ring that long, which a cold ring of a hundredth of the cache cannot. The distance is a share of the
   * cache's size, as the copies see it: a copy samples that share of the keys and holds that share of the entries.
   */
  @Test
  void shouldChooseTheLargerFloorWhereKeysReturnOnceWithinAFifthOfTheCache() {
    long[] keys = keysReturningOnceWithinAFifthOfTheCache();
    Trials trial = replay(event -> keys[(int) event]);
    assertEquals(FloorTrial.FLOORS[1], trial.floor());
    assertEquals(List.of(), trial.checkInvariants());
  }

  /** The cache's policy shows the trial's choice, as the cold target's floor in entries. */
  @Test
  void shouldShowTheFloorInForceThroughThePolicy() {
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(SIZE).build();
    assertEquals(SIZE / 100, cache.policy().coldTargetFloor(), "a new cache: the paper's floor");
    for (long key : keysReturningOnceWithinAFifthOfTheCache()) {
      if (cache.getIfPresent(key) == null) {
        cache.put(key, key);
      }
    }
    assertEquals(SIZE * FloorTrial.FLOORS[1] / 1000, cache.policy().coldTargetFloor(), cache.policy().toString());
    assertTrue(cache.policy().toString().contains("coldTargetFloor=" + SIZE / 5), cache.policy().toString());
  }

  /** A loop of one and a half times the cache: only the hot ring's entries ever hit, so the smaller floor wins. */
  @Test
  void shouldKeepThePapersFloorOnALoopLargerThanTheCache() {
    Trials trial = replay(event -> event % (SIZE + SIZE / 2));
    assertEquals(FloorTrial.FLOORS[0], trial.floor());
  }

  @Test
  void shouldKeepAWeightedCachesCopiesSmallWhateverItsEntryCount() {
    AtomicInteger resident = new AtomicInteger();
    Trials trial = new Trials(Integer.MAX_VALUE, true, resident::get, 128, 0);
    for (int event = 0; event < 4_000_000; event++) {
      resident.set(Math.min(event / 4, 1_000_000));
      trial.recordInsert(Long.hashCode(event));
      assertTrue(trial.copySize() < Trials.RESTART_GROWTH * Trials.MINIMUM_COPY_SIZE,
          "copies of " + trial.copySize() + " entries at " + resident.get() + " resident entries");
    }
    assertTrue(trial.copySize() >= Trials.MINIMUM_COPY_SIZE / 2, "copies of " + trial.copySize());
    assertEquals(List.of(), trial.checkInvariants());
  }

  /** Half the keys return once, 100 to 500 requests after their first request, and never again. */
  private static long[] keysReturningOnceWithinAFifthOfTheCache() {
    SplittableRandom random = new SplittableRandom(1);
    long[] keys = new long[EVENTS];
    long next = 0;
    for (int event = 0; event < EVENTS; event++) {
      if (keys[event] == 0) {
        keys[event] = ++next;
        int again = event + 100 + random.nextInt(401);
        if (random.nextBoolean() && again < EVENTS && keys[again] == 0) {
          keys[again] = keys[event];
        }
      }
    }
    return keys;
  }

  private static Trials trial(int size) {
    return new Trials(size, false, () -> size, 128, 0);
  }

  private static Trials replay(LongUnaryOperator keyOfEvent) {
    Trials trial = trial(SIZE);
    for (int event = 0; event < EVENTS; event++) {
      trial.recordInsert(Long.hashCode(keyOfEvent.applyAsLong(event)));
    }
    return trial;
  }
}
