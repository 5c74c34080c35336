package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.Quantiles;
import io.github.clockpro.bench.cache.Implementation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outcome of a paired comparison: per implementation, the operations, misses and wall time summed over the
 * measured rounds; per peer, the ratio of clockpro's throughput to the peer's in each round.
 *
 * @param workload what was measured
 * @param rounds the measured rounds
 * @param burstMillis the length of one implementation's burst in a round
 * @param totals per implementation: operations, misses and wall nanoseconds over all measured rounds
 * @param ratios per peer: clockpro's operations per second over the peer's, one per round, in round order
 * @param groups the independent groups the rounds fall into, in round order and of equal size: the JVMs whose
 *     rounds were pooled ({@link PairedForks}), or the rounds themselves when each forked JVMs of its own
 *     ({@link SoloForks}). Rounds of one JVM are not independent of each other: they share its heap layout and
 *     its JIT's code, and in measurements one JVM's rounds agreed more closely than two JVMs' medians did.
 */
public record PairedResult(PairedWorkload workload, int rounds, long burstMillis,
    Map<Implementation, long[]> totals, Map<Implementation, List<Double>> ratios, int groups) {

  /**
   * Copies the maps, so the result cannot change.
   *
   * @throws IllegalArgumentException if {@code groups} is not positive or does not divide every ratio list evenly
   */
  public PairedResult {
    totals = Map.copyOf(totals);
    ratios = Map.copyOf(ratios);
    if (groups < 1) {
      throw new IllegalArgumentException("groups must be positive but was " + groups);
    }
    for (List<Double> values : ratios.values()) {
      if (values.size() % groups != 0) {
        throw new IllegalArgumentException(
            "groups must divide the " + values.size() + " ratios evenly but was " + groups);
      }
    }
  }

  /** The result of rounds run in one JVM: a single group. */
  public PairedResult(PairedWorkload workload, int rounds, long burstMillis, Map<Implementation, long[]> totals,
      Map<Implementation, List<Double>> ratios) {
    this(workload, rounds, burstMillis, totals, ratios, 1);
  }

  /**
   * Merges the results of forks of one comparison: totals add up, and the per-round ratios of all forks are pooled,
   * so that their median and quartiles cover the differences between JVMs as well as between rounds.
   *
   * @throws IllegalArgumentException if {@code forks} is empty
   */
  public static PairedResult merge(List<PairedResult> forks) {
    if (forks.isEmpty()) {
      throw new IllegalArgumentException("forks must not be empty");
    }
    Map<Implementation, long[]> totals = new EnumMap<>(Implementation.class);
    Map<Implementation, List<Double>> ratios = new EnumMap<>(Implementation.class);
    int rounds = 0;
    int groups = 0;
    for (PairedResult fork : forks) {
      rounds += fork.rounds();
      groups += fork.groups();
      fork.totals().forEach((implementation, sums) ->
          add(totals.computeIfAbsent(implementation, unused -> new long[sums.length]), sums));
      fork.ratios().forEach((peer, values) -> ratios.computeIfAbsent(peer, unused -> new ArrayList<>())
          .addAll(values));
    }
    return new PairedResult(forks.get(0).workload(), rounds, forks.get(0).burstMillis(), totals, ratios, groups);
  }

  /**
   * Writes the totals and ratios to a file, one line each, for {@link #read}: how a forked JVM hands its result
   * back.
   *
   * @throws IOException if the file cannot be written
   */
  public void write(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("rounds " + rounds);
    lines.add("groups " + groups);
    totals.forEach((implementation, sums) -> lines.add(String.format(Locale.ROOT, "totals %s %d %d %d",
        implementation.displayName(), sums[0], sums[1], sums[2])));
    ratios.forEach((peer, values) -> {
      StringBuilder line = new StringBuilder("ratios ").append(peer.displayName());
      for (double value : values) {
        line.append(' ').append(Double.toString(value));
      }
      lines.add(line.toString());
    });
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  /**
   * Reads a result written by {@link #write}.
   *
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException if a line is not one {@link #write} writes
   */
  public static PairedResult read(Path file, PairedWorkload workload, long burstMillis) throws IOException {
    int rounds = 0;
    int groups = 1;
    Map<Implementation, long[]> totals = new EnumMap<>(Implementation.class);
    Map<Implementation, List<Double>> ratios = new EnumMap<>(Implementation.class);
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] fields = line.split(" ");
      switch (fields[0]) {
        case "rounds" -> rounds = Integer.parseInt(fields[1]);
        case "groups" -> groups = Integer.parseInt(fields[1]);
        case "totals" -> totals.put(Implementation.named(fields[1]), new long[] {Long.parseLong(fields[2]),
            Long.parseLong(fields[3]), Long.parseLong(fields[4])});
        case "ratios" -> {
          List<Double> values = new ArrayList<>();
          for (int index = 2; index < fields.length; index++) {
            values.add(Double.parseDouble(fields[index]));
          }
          ratios.put(Implementation.named(fields[1]), values);
        }
        default -> throw new IllegalArgumentException("not a paired result line: '" + line + "'");
      }
    }
    return new PairedResult(workload, rounds, burstMillis, totals, ratios, groups);
  }

  /** Operations per second of the implementation over all its measured bursts. */
  public double throughput(Implementation implementation) {
    return throughput(totals.get(implementation));
  }

  /** Operations per second of a burst's, or a sum of bursts', operations, misses and nanoseconds. */
  static double throughput(long[] sums) {
    return sums[0] / (sums[2] / 1e9);
  }

  /** Adds a burst's operations, misses and nanoseconds to {@code sums}. */
  static void add(long[] sums, long[] burst) {
    for (int field = 0; field < sums.length; field++) {
      sums[field] += burst[field];
    }
  }

  /** The fraction of the implementation's operations that hit. */
  public double hitRate(Implementation implementation) {
    long[] sums = totals.get(implementation);
    return 1.0 - (double) sums[1] / sums[0];
  }

  /** The median of the per-round ratios against the peer. */
  public double median(Implementation peer) {
    return quantile(peer, 0.5);
  }

  /** The lower quartile of the per-round ratios against the peer. */
  public double lowerQuartile(Implementation peer) {
    return quantile(peer, 0.25);
  }

  /** The upper quartile of the per-round ratios against the peer. */
  public double upperQuartile(Implementation peer) {
    return quantile(peer, 0.75);
  }

  /**
   * A confidence interval for the median ratio against the peer, from the medians of the {@link #groups} alone
   * ({@link Quantiles#medianInterval}): whether a median below or above 1.00 could be chance. Taken over the
   * groups, not the rounds, since only the groups are independent; its confidence is
   * {@link #medianIntervalCoverage()}.
   *
   * @return the lower and the upper bound
   */
  public double[] medianInterval(Implementation peer) {
    return Quantiles.medianInterval(groupMedians(peer));
  }

  /** The confidence of {@link #medianInterval}: at least 0.95 for six groups or more, less for fewer. */
  public double medianIntervalCoverage() {
    return Quantiles.medianIntervalCoverage(groups);
  }

  /** The median ratio against the peer within each group, in order. */
  List<Double> groupMedians(Implementation peer) {
    List<Double> values = ratios.get(peer);
    int size = values.size() / groups;
    List<Double> medians = new ArrayList<>();
    for (int group = 0; group < groups; group++) {
      medians.add(Quantiles.of(values.subList(group * size, (group + 1) * size), 0.5));
    }
    return medians;
  }

  /**
   * The {@code q}-quantile of the per-round ratios against the peer, interpolated linearly between the two
   * nearest ranks.
   */
  double quantile(Implementation peer, double q) {
    return Quantiles.of(ratios.get(peer), q);
  }
}
