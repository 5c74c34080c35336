package io.github.clockpro.bench.workload;

import io.github.clockpro.peers.ZipfianGenerator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Built-in workloads, generated from a fixed seed, so that the simulator, the report and the tests run with no
 * trace files at all. Each is scaled by a factor so that tests can use a small version.
 */
public final class SyntheticWorkloads {

  private static final long SEED = 0x5EED_C10C_9120L;
  /** The nearest and the farthest a short-lived key's return follows its first request, in events. */
  private static final int SHORT_LIVED_SHORTEST = 20;
  private static final int SHORT_LIVED_LONGEST = 45;
  /**
   * The sizes every workload is simulated at, before its own larger ones: from 50 to 10,000 entries, so that a rule
   * tuned at a few sizes shows where it fails at the others.
   */
  private static final int[] SWEEP = {50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000};

  private SyntheticWorkloads() {}

  /**
   * Returns the built-in workloads.
   *
   * @param scale divides the length of every workload and the sizes it is simulated at; 1 for the full size
   * @return Zipfian, loop, scan-plus-hot, drifting Zipfian, interleaved scanning, short-lived, back-and-forth,
   *     loops slightly larger than the cache, and abruptly changing workloads
   * @throws IllegalArgumentException if {@code scale} is not between 1 and 100
   */
  public static List<Trace> all(int scale) {
    if (scale < 1 || scale > 100) {
      throw new IllegalArgumentException("scale must be between 1 and 100 but was " + scale);
    }
    List<Trace> traces = new ArrayList<>(List.of(zipfian(scale), loop(scale), scanAndHot(scale), drift(scale),
        interleaved(scale), shortLived(scale), backAndForth(scale)));
    traces.addAll(loopsOver(scale));
    traces.add(phases(scale));
    return List.copyOf(traces);
  }

  /**
   * Zipfian (exponent 0.99) over 100,000 keys, 1,000,000 events. The largest size holds half the keys: a
   * stationary skewed workload over twice the capacity, where frequency alone decides best.
   */
  static Trace zipfian(int scale) {
    int keyCount = 100_000 / scale;
    long[] keys = new long[1_000_000 / scale];
    ZipfianGenerator zipfian = new ZipfianGenerator(keyCount, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(SEED);
    for (int index = 0; index < keys.length; index++) {
      keys[index] = scramble(zipfian.next(random));
    }
    return new Trace("synthetic-zipfian", "Zipfian, exponent 0.99, over " + keyCount + " keys",
        keys, sizes(scale, 20_000, 50_000));
  }

  /**
   * Zipfian (exponent 0.99) over a window of 20,000 keys whose start moves on by one key every 20 events, over
   * 1,000,000 events: popularity that drifts, so that yesterday's popular keys must make room for today's.
   */
  static Trace drift(int scale) {
    int window = 20_000 / scale;
    int eventsPerStep = 20;
    long[] keys = new long[1_000_000 / scale];
    ZipfianGenerator zipfian = new ZipfianGenerator(window, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(SEED + 2);
    for (int index = 0; index < keys.length; index++) {
      long start = index / eventsPerStep;
      keys[index] = scramble(start + zipfian.next(random));
    }
    return new Trace("synthetic-drift",
        "Zipfian over a window of " + window + " keys that moves on by one key every " + eventsPerStep
            + " events",
        keys, sizes(scale));
  }

  /** A loop over 10,000 keys, 50 times: LRU's worst case, where a cache should keep a fixed part of the loop. */
  static Trace loop(int scale) {
    int loopLength = 10_000 / scale;
    long[] keys = new long[loopLength * 50];
    for (int index = 0; index < keys.length; index++) {
      keys[index] = index % loopLength;
    }
    return new Trace("synthetic-loop", "a loop over " + loopLength + " keys, 50 times",
        keys, sizes(scale, 9_000));
  }

  /**
   * A Zipfian hot set of 10,000 keys, interrupted after every 20,000 events by a scan of 5,000 keys never seen
   * before: a scan-resistant policy keeps the hot set.
   */
  static Trace scanAndHot(int scale) {
    int hotKeys = 10_000 / scale;
    int burst = 20_000 / scale;
    int scanLength = 5_000 / scale;
    int rounds = 40;
    long[] keys = new long[rounds * (burst + scanLength)];
    ZipfianGenerator zipfian = new ZipfianGenerator(hotKeys, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(SEED + 1);
    long nextScanKey = 1L << 40;
    int index = 0;
    for (int round = 0; round < rounds; round++) {
      for (int event = 0; event < burst; event++) {
        keys[index++] = scramble(zipfian.next(random));
      }
      for (int event = 0; event < scanLength; event++) {
        keys[index++] = nextScanKey++;
      }
    }
    return new Trace("synthetic-scan-hot",
        "Zipfian over " + hotKeys + " hot keys, a scan of " + scanLength + " new keys after every " + burst
            + " events",
        keys, sizes(scale));
  }

  /**
   * Two streams of the showcase's kind, at a tenth of its scale, interleaved in runs as two threads' requests
   * reach a shared cache when each thread runs for a while on its own: each stream is Zipfian (exponent 0.99)
   * over the same 100,000 keys, interrupted after every 5,000 of its events by a scan of 1,000 keys never seen
   * before, and the trace takes 300 events from one stream, then 300 from the other, over 1,000,000 events.
   *
   * <p>Each stream scans a range of its own set apart in the high bits ({@code 1 << 40} and {@code 2 << 40}), as
   * keys such as {@code (tenant << 40) + id} are. {@code Long.hashCode()} folds the high half onto the low, so
   * the two ranges' keys share hash codes, key {@code n} of one with key {@code n ^ 768} of the other: a cache
   * that records evicted or counted keys by hash code alone takes one stream's scan keys for the other's. The
   * runs put the two scans at different times, as two threads' scans fall, so that one stream's records are
   * still there when the other reaches their hash codes.
   */
  static Trace interleaved(int scale) {
    int keyCount = 100_000 / scale;
    int burst = Math.max(1, 5_000 / scale);
    int scanLength = Math.max(1, 1_000 / scale);
    int run = Math.max(1, 300 / scale);
    long[] keys = new long[1_000_000 / scale];
    ZipfianGenerator zipfian = new ZipfianGenerator(keyCount, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom[] randoms = {new SplittableRandom(SEED + 3), new SplittableRandom(SEED + 4)};
    long[] nextScanKeys = {1L << 40, 2L << 40};
    int[] positions = new int[2];
    for (int index = 0; index < keys.length; index++) {
      int stream = (index / run) % 2;
      int position = positions[stream]++ % (burst + scanLength);
      keys[index] = position < burst ? scramble(zipfian.next(randoms[stream])) : nextScanKeys[stream]++;
    }
    return new Trace("synthetic-interleaved",
        "two streams, each Zipfian over " + keyCount + " keys with a scan of " + scanLength + " new keys after "
            + "every " + burst + " events in a range of its own whose hash codes collide with the other's, "
            + "interleaved in runs of " + run + " events",
        keys, sizes(scale, 20_000));
  }

  /**
   * A short-lived working set, over 100,000 events: each event is either the one return of an earlier key or a new
   * key, and half of the new keys return once, 20 to 45 events after their first request (uniformly; the nearest
   * free event in that window if the drawn one is taken, and no return if the window is full), and never again.
   * LRU hits every return from 50 entries up, a third of the events; a policy must let a new key live through
   * about 45 insertions in its cold part, whatever else fills the cache. The sizes do not scale: the keys' span
   * of 45 events does not.
   */
  static Trace shortLived(int scale) {
    long[] keys = new long[100_000 / scale];
    long[] returns = new long[keys.length + SHORT_LIVED_LONGEST];
    boolean[] taken = new boolean[returns.length];
    SplittableRandom random = new SplittableRandom(SEED + 5);
    long nextKey = 1;
    for (int index = 0; index < keys.length; index++) {
      if (taken[index]) {
        keys[index] = returns[index];
        continue;
      }
      long key = scramble(nextKey++);
      keys[index] = key;
      if (random.nextBoolean()) {
        int drawn = index + SHORT_LIVED_SHORTEST
            + random.nextInt(SHORT_LIVED_LONGEST - SHORT_LIVED_SHORTEST + 1);
        int slot = freeSlot(taken, drawn, index + SHORT_LIVED_LONGEST);
        if (slot < 0) {
          slot = freeSlot(taken, index + SHORT_LIVED_SHORTEST, drawn - 1);
        }
        if (slot >= 0) {
          taken[slot] = true;
          returns[slot] = key;
        }
      }
    }
    return new Trace("synthetic-short-lived",
        "half of the keys return once, " + SHORT_LIVED_SHORTEST + " to " + SHORT_LIVED_LONGEST
            + " events after their first request",
        keys, Arrays.stream(SWEEP).boxed().toList());
  }

  /**
   * A working set of 10,000 keys scanned forward and then backward, 25 times: each backward scan first asks for
   * what the forward scan touched last. LRU hits as many keys at each turn as it holds; a policy that keeps a fixed
   * part of the set, as for a loop, hits that part instead.
   */
  static Trace backAndForth(int scale) {
    int keyCount = 10_000 / scale;
    int roundTrips = 25;
    long[] keys = new long[2 * keyCount * roundTrips];
    for (int index = 0; index < keys.length; index++) {
      int position = index % (2 * keyCount);
      keys[index] = scramble(position < keyCount ? position : 2L * keyCount - 1 - position);
    }
    return new Trace("synthetic-back-and-forth",
        "a working set of " + keyCount + " keys scanned forward then backward, " + roundTrips + " times",
        keys, sizes(scale));
  }

  /**
   * For each size of the {@link #SWEEP}, a loop over a tenth more keys than that size, for 200,000 events: LRU and
   * FIFO miss every event, and a policy should keep most of the loop. One trace per size, all of the same name.
   */
  static List<Trace> loopsOver(int scale) {
    List<Trace> traces = new ArrayList<>();
    for (int size : sizes(scale)) {
      int loopLength = size + Math.max(1, size / 10);
      long[] keys = new long[200_000 / scale];
      for (int index = 0; index < keys.length; index++) {
        keys[index] = scramble(index % loopLength);
      }
      traces.add(new Trace("synthetic-loop-over", "a loop over a tenth more keys than the cache holds", keys,
          List.of(size)));
    }
    return traces;
  }

  /**
   * Ten phases of 100,000 events, each Zipfian (exponent 0.99) over 10,000 keys of its own: a working set that
   * changes abruptly, so that the keys that were hot in one phase must make room at once for the next phase's.
   */
  static Trace phases(int scale) {
    int keyCount = 10_000 / scale;
    int phaseLength = 100_000 / scale;
    int phaseCount = 10;
    long[] keys = new long[phaseLength * phaseCount];
    ZipfianGenerator zipfian = new ZipfianGenerator(keyCount, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(SEED + 6);
    for (int index = 0; index < keys.length; index++) {
      long phase = index / phaseLength;
      keys[index] = scramble(phase * keyCount + zipfian.next(random));
    }
    return new Trace("synthetic-phases",
        phaseCount + " phases of " + phaseLength + " events, each Zipfian over " + keyCount + " keys of its own",
        keys, sizes(scale));
  }

  /** The first slot from {@code from} to {@code to} (both included) not yet taken, or -1. */
  private static int freeSlot(boolean[] taken, int from, int to) {
    for (int slot = from; slot <= to; slot++) {
      if (!taken[slot]) {
        return slot;
      }
    }
    return -1;
  }

  /** The {@link #SWEEP} and then {@code largerSizes}, each divided by the scale (at least 1), without repeats. */
  private static List<Integer> sizes(int scale, int... largerSizes) {
    return IntStream.concat(Arrays.stream(SWEEP), Arrays.stream(largerSizes))
        .map(size -> Math.max(1, size / scale)).distinct().sorted().boxed().toList();
  }

  /** A fixed bijection of ranks to keys, so that popular keys are not neighbours in hash order. */
  private static long scramble(long rank) {
    return rank * 0x9E3779B97F4A7C15L;
  }
}
