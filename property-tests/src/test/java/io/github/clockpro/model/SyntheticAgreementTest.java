package io.github.clockpro.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Replays synthetic workloads, which need no trace files, through the cache and the {@link ReferenceModel} as
 * get-then-put-on-miss ({@link LockstepReplay}), and requires the same hits event by event and the same carry
 * limit at the end. The workloads are chosen to drive the adaptive carry both ways: on a stationary skewed one
 * the carry trial finds that carrying pays, and the hand carries references; on a drifting one the trial finds
 * that it does not, and the hand ends up carrying none; on one whose popular keys change at once, carrying pays
 * between the changes. Every hit agreeing, event by event, means the cache's trial decided as the model's did.
 */
class SyntheticAgreementTest {

  private static final int SIZE = 1_000;
  private static final int EVENTS = 300_000;

  /** A workload: the key of event {@code i}, drawn with the given random source. */
  enum Workload {
    STATIONARY_SKEW(true) {
      @Override
      long key(int event, SplittableRandom random) {
        return skewed(random, 10 * SIZE);
      }
    },
    DRIFTING_SKEW(false) {
      @Override
      long key(int event, SplittableRandom random) {
        return event / 50 + skewed(random, 2 * SIZE);
      }
    },
    SHIFTING_SKEW(true) {
      @Override
      long key(int event, SplittableRandom random) {
        return (long) (event / (EVENTS / 4)) * 1_000_000 + skewed(random, 10 * SIZE);
      }
    };

    /** Whether the carry trial is expected to let the hot hand carry at the end. */
    final boolean carries;

    Workload(boolean carries) {
      this.carries = carries;
    }

    abstract long key(int event, SplittableRandom random);

    /** A key in [0, range), small keys far more likely than large ones. */
    static long skewed(SplittableRandom random, int range) {
      double uniform = random.nextDouble();
      return (long) (range * uniform * uniform * uniform * uniform);
    }
  }

  @ParameterizedTest
  @EnumSource(Workload.class)
  void shouldHitExactlyWhereTheCoreHits(Workload workload) {
    SplittableRandom random = new SplittableRandom(SIZE);
    LockstepReplay replay = LockstepReplay.run(SIZE, EVENTS, event -> workload.key(event, random));
    assertEquals(replay.model.carryLimit(), replay.cache.stats().carryLimit(), "carry limit at the end");
    System.out.printf("%-15s hit rate %.2f%%, carry limit %d at the end, %d spares on carry, carries %s%n", workload,
        100.0 * replay.hits / EVENTS, replay.model.carryLimit(), replay.model.sparesOnCarry(), replay.model.carries());
    assertEquals(workload.carries, replay.model.carries(), "whether the hot hand may carry at the end");
  }
}
