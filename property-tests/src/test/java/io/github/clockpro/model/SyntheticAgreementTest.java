package io.github.clockpro.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import java.util.SplittableRandom;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Replays synthetic workloads, which need no trace files, through the cache and the {@link ReferenceModel} as
 * get-then-put-on-miss ({@link LockstepReplay}), and requires the same hits event by event and the same carry
 * limit at the end. Every hit agreeing, event by event, means the cache's trials decided as the model's did.
 *
 * <p>The workloads drive the trial both ways: on a stationary skewed one carrying pays; on one whose popular keys
 * drift, and on one whose popular keys change at once a few times, it does not. Which setting pays is not assumed
 * but measured, by replaying each workload through two full-size models with a fixed setting; the test then
 * requires the trial to have chosen the better one in most of its periods.
 */
class SyntheticAgreementTest {

  private static final int SIZE = 1_000;
  private static final int EVENTS = 300_000;

  /** A workload: the key of event {@code i}, drawn with the given random source. */
  enum Workload {
    STATIONARY_SKEW {
      @Override
      long key(int event, SplittableRandom random) {
        return skewed(random, 10 * SIZE);
      }
    },
    DRIFTING_SKEW {
      @Override
      long key(int event, SplittableRandom random) {
        return event / 50 + skewed(random, 2 * SIZE);
      }
    },
    SHIFTING_SKEW {
      @Override
      long key(int event, SplittableRandom random) {
        return (long) (event / (EVENTS / 4)) * 1_000_000 + skewed(random, 10 * SIZE);
      }
    };

    abstract long key(int event, SplittableRandom random);

    /** The keys of the workload's events, the same on every call. */
    IntToLongFunction keys() {
      SplittableRandom random = new SplittableRandom(SIZE);
      return event -> key(event, random);
    }

    /** A key in [0, range), small keys far more likely than large ones. */
    static long skewed(SplittableRandom random, int range) {
      double uniform = random.nextDouble();
      return (long) (range * uniform * uniform * uniform * uniform);
    }
  }

  @ParameterizedTest
  @EnumSource(Workload.class)
  void shouldHitExactlyWhereTheCoreHitsAndMostlyChooseTheBetterCarrySetting(Workload workload) {
    LockstepReplay replay = LockstepReplay.run(SIZE, EVENTS, workload.keys());
    assertEquals(replay.model.carryLimit(), replay.cache.policy().carryLimit(), "carry limit at the end");
    assertEquals(replay.model.carries(), replay.cache.policy().carryAllowed(), "whether the hand may carry at the end");
    long carryingHits = fixedCarryHits(workload, true);
    long plainHits = fixedCarryHits(workload, false);
    System.out.printf("%-15s hit rate %.2f%% (always carrying %.2f%%, never %.2f%%), carry limit %d at the end, "
        + "%d spares on carry, carries in %.0f%% of the trial's periods%n", workload, percent(replay.hits),
        percent(carryingHits), percent(plainHits), replay.model.carryLimit(), replay.model.sparesOnCarry(),
        100 * replay.model.carryingShare());
    assertEquals(carryingHits > plainHits, replay.model.carryingShare() > 0.5,
        "whether the trial let the hand carry in most of its periods");
  }

  /** The hits of a full-size model whose hand always may carry, or never may. */
  private static long fixedCarryHits(Workload workload, boolean carries) {
    ReferenceModel<Long> model = ReferenceModel.withFixedCarry(SIZE,
        CacheBuilder.DEFAULT_SCAN_LIMIT, Object::hashCode, carries);
    IntToLongFunction keys = workload.keys();
    long hits = 0;
    for (int event = 0; event < EVENTS; event++) {
      Long key = keys.applyAsLong(event);
      if (model.contains(key)) {
        hits++;
        model.reference(key);
      } else {
        model.insert(key);
      }
    }
    return hits;
  }

  private static double percent(long hits) {
    return 100.0 * hits / EVENTS;
  }
}
