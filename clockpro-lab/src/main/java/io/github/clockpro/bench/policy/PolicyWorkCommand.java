package io.github.clockpro.bench.policy;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.peers.KeySpace;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.PeerCache;
import io.github.clockpro.peers.ZipfianGenerator;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * {@code policy-work}: replays a benchmark's key sequence through clockpro and cache2k on one thread and prints
 * what each policy did per eviction, from each cache's own counters. Counts, not times: the same arguments give
 * the same numbers on any machine, so they explain a throughput difference without the noise of timing it.
 *
 * <pre>
 * policy-work [--workload random|zipfian] [--capacity N] [--hit-rate N] [--factor N] [--operations N]
 * </pre>
 *
 * {@code random} is RandomSequence's uniform keys over {@code capacity x 100 / hit-rate} keys; {@code zipfian} is
 * ZipfianSequenceLoading's keys over {@code factor x capacity} keys. Both warm the cache with {@code 2 x capacity}
 * read-through draws, as the benchmarks do, before the counted {@code operations}.
 */
public final class PolicyWorkCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "policy-work [--workload random|zipfian] [--capacity 100000] [--hit-rate 50] "
      + "[--factor 10] [--operations 5000000]";

  private PolicyWorkCommand() {}

  /**
   * Runs the command and prints its table.
   *
   * @param arguments the arguments after {@code policy-work}
   */
  public static void run(String[] arguments) {
    Arguments parsed = Arguments.parse("policy-work", arguments,
        Set.of("workload", "capacity", "hit-rate", "factor", "operations"), Set.of());
    String workload = parsed.value("workload", "random");
    int capacity = parsed.intValue("capacity", 100_000, 1, 10_000_000);
    long operations = parsed.longValue("operations", 5_000_000, 1, 1_000_000_000);
    PolicyWorkResult result;
    if (workload.equals("random")) {
      parsed.reject("factor", true, "does not apply to --workload random");
      result = random(capacity, parsed.intValue("hit-rate", 50, 1, 100), operations);
    } else if (workload.equals("zipfian")) {
      parsed.reject("hit-rate", true, "does not apply to --workload zipfian");
      result = zipfian(capacity, parsed.intValue("factor", 10, 1, 1_000), operations);
    } else {
      throw new IllegalArgumentException("policy-work: --workload must be random or zipfian but was '"
          + workload + "'");
    }
    print(System.out, result);
  }

  /**
   * Replays RandomSequence's uniform keys over {@code capacity x 100 / hitRate} keys.
   *
   * @param capacity the caches' maximum size
   * @param hitRate the best possible hit rate, in percent (1 to 100)
   * @param operations the read-through operations counted after the warm-up
   * @return the work of clockpro and cache2k
   */
  public static PolicyWorkResult random(int capacity, int hitRate, long operations) {
    KeySpace keys = new KeySpace(capacity * 100L / hitRate);
    return new PolicyWorkResult("RandomSequence capacity=" + capacity + " hitRate=" + hitRate,
        "--workload random --capacity " + capacity + " --hit-rate " + hitRate, operations,
        measure(Implementation.CLOCKPRO, keys, random -> random.nextLong(keys.size()), capacity, operations),
        measure(Implementation.CACHE2K, keys, random -> random.nextLong(keys.size()), capacity, operations));
  }

  /**
   * Replays ZipfianSequenceLoading's keys over {@code factor x capacity} keys.
   *
   * @param capacity the caches' maximum size
   * @param factor how many times the capacity the key space is
   * @param operations the read-through operations counted after the warm-up
   * @return the work of clockpro and cache2k
   */
  public static PolicyWorkResult zipfian(int capacity, int factor, long operations) {
    KeySpace keys = new KeySpace((long) capacity * factor);
    ZipfianGenerator zipfian = new ZipfianGenerator(keys.size(), ZipfianGenerator.DEFAULT_EXPONENT);
    return new PolicyWorkResult("ZipfianSequenceLoading capacity=" + capacity + " factor=" + factor,
        "--workload zipfian --capacity " + capacity + " --factor " + factor, operations,
        measure(Implementation.CLOCKPRO, keys, zipfian::next, capacity, operations),
        measure(Implementation.CACHE2K, keys, zipfian::next, capacity, operations));
  }

  /** Replays the keys through a new cache: the warm-up, then the counted operations. */
  private static PolicyWork measure(Implementation implementation, KeySpace keys,
      ToLongFunction<SplittableRandom> draw, int capacity, long operations) {
    try (PeerCache<Long, Long> cache = implementation.create(capacity)) {
      SplittableRandom random = new SplittableRandom(-1);
      replay(cache, keys, draw, random, 2L * capacity);
      PolicyWork before = PolicyWork.of(cache);
      replay(cache, keys, draw, random, operations);
      return PolicyWork.of(cache).since(before);
    }
  }

  /**
   * Replays the benchmark's key indexes; each cache's sequence starts from the seed the benchmark's warm-up uses,
   * so both caches see the same keys.
   */
  private static void replay(PeerCache<Long, Long> cache, KeySpace keys, ToLongFunction<SplittableRandom> draw,
      SplittableRandom random, long operations) {
    Function<Long, Long> loader = key -> key;
    for (long operation = 0; operation < operations; operation++) {
      cache.get(keys.key(draw.applyAsLong(random)), loader);
    }
  }

  /** Prints the table: one row per implementation. */
  static void print(PrintStream out, PolicyWorkResult result) {
    out.printf(Locale.ROOT, "%s: %,d read-through operations on one thread after the warm-up%n", result.workload(),
        result.operations());
    out.println("cache       evictions    examined  history hits  history size history limit");
    out.println("                       per eviction per eviction");
    out.println(result.clockpro().format(Implementation.CLOCKPRO.displayName()));
    out.println(result.cache2k().format(Implementation.CACHE2K.displayName()));
  }
}
