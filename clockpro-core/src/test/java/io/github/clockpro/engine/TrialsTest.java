package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** The trials' sampling, their copies and pending samples, and the carry trial's verdict. */
class TrialsTest {

  private static final int SIZE = 4_096;

  @Test
  void shouldScaleTheCopiesDownToAtLeastTheMinimumCopySize() {
    assertEquals(Trials.MINIMUM_SAMPLING_SHIFT, Trials.samplingShift(1));
    assertEquals(Trials.MINIMUM_SAMPLING_SHIFT, Trials.samplingShift(2_047));
    assertEquals(2, Trials.samplingShift(2_048));
    assertEquals(3, Trials.samplingShift(4_096));
    assertEquals(7, Trials.samplingShift(100_000));
    assertEquals(Trials.MAXIMUM_SAMPLING_SHIFT, Trials.samplingShift(1_000_000));
    assertEquals(Trials.MAXIMUM_SAMPLING_SHIFT, Trials.samplingShift(Integer.MAX_VALUE));
    assertEquals(1, trials(1).copySize());
    assertEquals(781, trials(100_000).copySize());
  }

  @Test
  void shouldSampleTheShareOfKeysItsShiftSays() {
    Trials trial = trials(100_000);
    int sampled = 0;
    int keys = 1 << 20;
    for (long key = 0; key < keys; key++) {
      if (trial.isSampled(Long.hashCode(key))) {
        sampled++;
      }
    }
    double expected = (double) keys / (1 << trial.samplingShift());
    assertEquals(expected, sampled, expected * 0.05, "sequential keys sampled");
  }

  @Test
  void shouldNotSampleTheHashZeroAtAnyShift() {
    for (int size : new int[] {1, 2_048, 4_096, 100_000, 1_000_000}) {
      assertFalse(trials(size).isSampled(0), "hash 0 sampled at size " + size);
    }
  }

  @Test
  void shouldSampleTheSmallestKeysAtTheNominalRate() {
    for (int size : new int[] {2_048, 4_096, 100_000, 1_000_000}) {
      Trials trial = trials(size);
      int keys = 4 << trial.samplingShift();
      int sampled = 0;
      for (long key = 0; key < keys; key++) {
        if (trial.isSampled(Long.hashCode(key))) {
          sampled++;
        }
      }
      assertTrue(sampled >= 3 && sampled <= 5, sampled + " of the first " + keys + " keys sampled at size " + size);
    }
  }

  @Test
  void shouldReferenceAKeyBothCopiesHoldWithoutTheLock() throws Exception {
    Trials trial = trials(SIZE);
    int held = nextSampledHash(trial, 0);
    int absent = nextSampledHash(trial, held + 1);
    trial.recordInsert(held);
    int references = trial.referencesInEveryCopy(held);
    assertTrue(references >= 0, "inserted into every copy");

    CountDownLatch locked = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread holder = new Thread(() -> trial.whileLocked(() -> {
      locked.countDown();
      try {
        release.await();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }));
    holder.start();
    try {
      locked.await();
      trial.recordHit(held);
      trial.recordHit(absent);
    } finally {
      release.countDown();
      holder.join();
    }
    assertEquals(references + 4, trial.referencesInEveryCopy(held), "referenced in every copy, lock held");
    assertEquals(-1, trial.referencesInEveryCopy(absent), "a key the copies do not hold: left pending, lock held");
    assertEquals(List.of(), trial.checkInvariants());
  }

  private static int nextSampledHash(Trials trial, int from) {
    int hash = from;
    while (!trial.isSampled(hash)) {
      hash++;
    }
    return hash;
  }

  @Test
  void shouldStartNotCarrying() {
    assertFalse(trials(SIZE).carries());
  }

  @Test
  void shouldCarryOnAStationarySkewedWorkload() {
    SplittableRandom random = new SplittableRandom(1);
    Trials trial = replay(event -> skewed(random, 10L * SIZE));
    assertTrue(trial.carries());
    assertEquals(List.of(), trial.checkInvariants());
  }

  @Test
  void shouldReportTheTrialsDecisionInTheCacheStatistics() {
    ClockProCache<Long, Long> cache = ClockProCache.builder().maximumSize(SIZE).build();
    assertFalse(cache.policy().carryAllowed(), "a new cache");
    SplittableRandom random = new SplittableRandom(1);
    for (int event = 0; event < 2_000_000; event++) {
      Long key = skewed(random, 10L * SIZE);
      if (cache.getIfPresent(key) == null) {
        cache.put(key, key);
      }
    }
    assertTrue(cache.policy().carryAllowed(), "after a stationary skewed workload");
    assertTrue(cache.toString().contains("carryAllowed=true"), cache.toString());
  }

  @Test
  void shouldNotCarryWherePopularKeysDrift() {
    SplittableRandom random = new SplittableRandom(2);
    Trials trial = replay(event -> event / 50 + skewed(random, 2L * SIZE));
    assertFalse(trial.carries());
  }

  @Test
  void shouldDropSamplesRatherThanWaitWhenThreadsRecordAtOnce() throws Exception {
    Trials trial = trials(SIZE);
    int threads = 4;
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      Future<?>[] futures = new Future<?>[threads];
      for (int thread = 0; thread < threads; thread++) {
        SplittableRandom random = new SplittableRandom(thread);
        futures[thread] = executor.submit(() -> {
          start.await();
          for (int event = 0; event < 200_000; event++) {
            trial.recordInsert(Long.hashCode(skewed(random, 10L * SIZE)));
          }
          return null;
        });
      }
      start.countDown();
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }
    assertEquals(List.of(), trial.checkInvariants());
  }

  private static Trials trials(int maximumSize) {
    return new Trials(maximumSize, false, () -> maximumSize, 128, 0);
  }

  private static Trials replay(LongUnaryOperator keyOfEvent) {
    Trials trial = trials(SIZE);
    for (int event = 0; event < 2_000_000; event++) {
      trial.recordInsert(Long.hashCode(keyOfEvent.applyAsLong(event)));
    }
    return trial;
  }

  /** A key in [0, range), small keys far more likely than large ones. */
  private static long skewed(SplittableRandom random, long range) {
    double uniform = random.nextDouble();
    return (long) (range * uniform * uniform * uniform * uniform);
  }
}
