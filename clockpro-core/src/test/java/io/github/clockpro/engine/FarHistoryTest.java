package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The far history's lifecycle: allocation, one answer per record, the stamp it answers, and forgetting. */
class FarHistoryTest {

  /** 1,600 records of capacity: 300 buckets of four slots, generations of 300 additions. */
  private static final int CAPACITY = 1_600;
  private static final int GENERATION = 300;

  @Test
  void shouldRecordNothingBeforeItIsAllocated() {
    FarHistory far = new FarHistory();
    far.add(42, 5);
    assertEquals(FarHistory.ABSENT, far.take(42));
    far.allocate(CAPACITY);
    assertEquals(CAPACITY * 3 / 16, far.length(), "three quarters of a 16-bit slot per record");
    assertEquals(FarHistory.ABSENT, far.take(42));
  }

  @Test
  void shouldAnswerEachRecordOnceWithItsGenerationsFirstStamp() {
    FarHistory far = new FarHistory();
    far.allocate(CAPACITY);
    for (int i = 0; i < GENERATION; i++) {
      far.add(1_000 + i, 100 + i);
    }
    far.add(5_000, 900); // the first of the next generation
    int found = 0;
    for (int i = 0; i < GENERATION; i++) {
      long stamp = far.take(1_000 + i);
      if (stamp != FarHistory.ABSENT) {
        assertEquals(100, stamp, "hash " + (1_000 + i));
        found++;
      }
      assertEquals(FarHistory.ABSENT, far.take(1_000 + i), "a record answers once");
    }
    // A full bucket gives up the oldest slot; one generation fills a quarter of the slots, so few are lost.
    assertTrue(found >= GENERATION - 5, "records found: " + found);
    assertEquals(900, far.take(5_000));
  }

  @Test
  void shouldForgetARecordOnceThreeNewerGenerationsBegan() {
    // The filler renews two hashes over and over, so no bucket ever overflows: only age removes the record.
    FarHistory live = filled(3 * GENERATION - 1);
    assertEquals(1, live.take(-7), "live while its generation is among the three newest");
    FarHistory dead = filled(3 * GENERATION);
    assertEquals(FarHistory.ABSENT, dead.take(-7), "dead once a fourth generation began");
    for (int i = 0; i < 2 * GENERATION; i++) {
      dead.add(i & 1, 10_000 + i); // the generation number of the record comes round again
    }
    assertEquals(FarHistory.ABSENT, dead.take(-7), "swept before its generation number was reused");
  }

  /** A far history given the record -7 with stamp 1, then {@code additions - 1} additions of the filler. */
  private static FarHistory filled(int additions) {
    FarHistory far = new FarHistory();
    far.allocate(CAPACITY);
    far.add(-7, 1);
    for (int i = 1; i < additions; i++) {
      far.add(i & 1, 1 + i);
    }
    return far;
  }

  @Test
  void shouldForgetEverythingWhenTheCapacityChanges() {
    FarHistory far = new FarHistory();
    far.allocate(CAPACITY);
    far.add(9, 1);
    far.allocate(CAPACITY);
    assertEquals(1, far.take(9), "the same capacity keeps the table");
    far.add(9, 2);
    far.allocate(2 * CAPACITY);
    assertEquals(FarHistory.ABSENT, far.take(9));
  }
}
