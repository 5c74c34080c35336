package io.github.clockpro.bench.paired;

import io.github.clockpro.bench.cache.Implementation;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Measures clockpro against its peers in one JVM, in rounds: each round gives every implementation one burst of
 * the same length, in an order that rotates from round to round, and the ratio of clockpro's throughput to each
 * peer's is taken round by round.
 *
 * <h2>Why</h2>
 * On a machine shared with other work, throughput drifts by tens of percent over seconds. Separate JMH forks
 * measure the implementations minutes apart, so the drift lands on whichever ran in a bad minute. Here the bursts
 * of one round are a second apart, so most drift cancels in each round's ratio, and the spread of the ratios over
 * many rounds (their quartiles) shows how far the median can be trusted.
 *
 * <h2>Isolation</h2>
 * Each implementation's {@link BurstDriver} is loaded by a class loader of its own over the same class path, with
 * the platform class loader as parent: the benchmark code, the cache library and its dependencies are separate
 * classes per implementation, compiled and profiled apart, as in separate JVMs. The heap, the JIT threads and the
 * machine are shared, which is the point. The thread that builds a driver or runs its burst has that driver's
 * loader as its context class loader, for libraries that look up services through it.
 *
 * <h2>Creation order</h2>
 * The drivers are built one after another, each building its cache (and, for 100% hits, filling it), and the
 * order in which they were built shows in their bursts: in scratch runs of the hits workload, whichever
 * implementation was built first ran its bursts markedly faster than it did when built last, and the same
 * build of one implementation against itself differed by as much, with the bursts' order rotating as here.
 * So a comparison can build the drivers in reverse order ({@code reverseCreation}), and {@link PairedForks}
 * reverses every second fork: over an even number of forks, each implementation is built before each other one
 * in half of them.
 */
public final class PairedComparison {

  private final PairedWorkload workload;
  private final int rounds;
  private final int warmupRounds;
  private final long burstMillis;
  private final boolean reverseCreation;
  private final List<Implementation> implementations;

  /**
   * A comparison that builds the drivers in the order of {@link Implementation#CONCURRENT}.
   *
   * @param workload what to measure
   * @param rounds measured rounds; at least 1
   * @param warmupRounds rounds run first and not counted; at least 0
   * @param burstMillis the length of one burst; at least 1
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public PairedComparison(PairedWorkload workload, int rounds, int warmupRounds, long burstMillis) {
    this(workload, rounds, warmupRounds, burstMillis, false);
  }

  /**
   * @param workload what to measure
   * @param rounds measured rounds; at least 1
   * @param warmupRounds rounds run first and not counted; at least 0
   * @param burstMillis the length of one burst; at least 1
   * @param reverseCreation whether to build the drivers in the reverse order of {@link Implementation#CONCURRENT}
   *     (see "Creation order")
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public PairedComparison(PairedWorkload workload, int rounds, int warmupRounds, long burstMillis,
      boolean reverseCreation) {
    this(workload, rounds, warmupRounds, burstMillis, reverseCreation, Implementation.CONCURRENT);
  }

  /**
   * A comparison of some of the implementations, or a measurement of one alone: {@link SoloForks} runs each
   * implementation in a JVM of its own with a comparison of that one only, which takes no ratios.
   *
   * @param workload what to measure
   * @param rounds measured rounds; at least 1
   * @param warmupRounds rounds run first and not counted; at least 0
   * @param burstMillis the length of one burst; at least 1
   * @param reverseCreation whether to build the drivers in the reverse order of {@code implementations}
   * @param implementations distinct members of {@link Implementation#CONCURRENT}; clockpro first if there are
   *     several, since the ratios are clockpro's throughput over each peer's
   * @throws IllegalArgumentException naming the first argument out of range
   */
  public PairedComparison(PairedWorkload workload, int rounds, int warmupRounds, long burstMillis,
      boolean reverseCreation, List<Implementation> implementations) {
    if (implementations.isEmpty() || !Implementation.CONCURRENT.containsAll(implementations)
        || Set.copyOf(implementations).size() != implementations.size()) {
      throw new IllegalArgumentException(
          "implementations must be distinct members of " + Implementation.CONCURRENT + " but were " + implementations);
    }
    if (implementations.size() > 1 && implementations.get(0) != Implementation.CLOCKPRO) {
      throw new IllegalArgumentException(
          "implementations must start with clockpro when there are several but were " + implementations);
    }
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be positive but was " + rounds);
    }
    if (warmupRounds < 0) {
      throw new IllegalArgumentException("warmupRounds must not be negative but was " + warmupRounds);
    }
    if (burstMillis < 1) {
      throw new IllegalArgumentException("burstMillis must be positive but was " + burstMillis);
    }
    this.workload = workload;
    this.rounds = rounds;
    this.warmupRounds = warmupRounds;
    this.burstMillis = burstMillis;
    this.reverseCreation = reverseCreation;
    this.implementations = List.copyOf(implementations);
  }

  /**
   * Runs the comparison on its implementations ({@link Implementation#CONCURRENT} unless given), clockpro first.
   *
   * @param progress where to report each round; may be {@code null}
   * @return the totals and per-round ratios
   * @throws InterruptedException if interrupted during a burst
   */
  public PairedResult run(PrintStream progress) throws InterruptedException {
    List<Contestant> contestants = new ArrayList<>(Collections.nCopies(implementations.size(), null));
    try {
      for (int built = 0; built < implementations.size(); built++) {
        int index = reverseCreation ? implementations.size() - 1 - built : built;
        contestants.set(index, new Contestant(implementations.get(index), workload));
      }
      Map<Implementation, long[]> totals = new EnumMap<>(Implementation.class);
      Map<Implementation, List<Double>> ratios = new EnumMap<>(Implementation.class);
      for (Implementation implementation : implementations) {
        totals.put(implementation, new long[3]);
        if (implementation != implementations.get(0)) { // the peers of clockpro; none when one runs alone
          ratios.put(implementation, new ArrayList<>());
        }
      }
      for (int round = -warmupRounds; round < rounds; round++) {
        double[] throughput = new double[contestants.size()];
        for (int turn = 0; turn < contestants.size(); turn++) {
          int index = Math.floorMod(round + turn, contestants.size());
          long[] burst = contestants.get(index).burst(burstMillis);
          throughput[index] = PairedResult.throughput(burst);
          if (round >= 0) {
            PairedResult.add(totals.get(implementations.get(index)), burst);
          }
        }
        if (round >= 0) {
          for (int index = 1; index < contestants.size(); index++) {
            ratios.get(implementations.get(index)).add(throughput[0] / throughput[index]);
          }
        }
        if (progress != null) {
          progress.println(progressLine(String.format(Locale.ROOT, "[paired] %s %d of %d:",
              round < 0 ? "warm-up round" : "round", round < 0 ? round + warmupRounds + 1 : round + 1,
              round < 0 ? warmupRounds : rounds), implementations, throughput));
        }
      }
      return new PairedResult(workload, rounds, burstMillis, totals, ratios);
    } finally {
      for (Contestant contestant : contestants) {
        if (contestant != null) { // null if building an earlier one failed
          contestant.close();
        }
      }
    }
  }

  /** A progress line: its head, then each implementation's throughput in one burst or round. */
  static String progressLine(String head, List<Implementation> implementations, double[] throughput) {
    StringBuilder line = new StringBuilder(head);
    for (int index = 0; index < implementations.size(); index++) {
      line.append(String.format(Locale.ROOT, " %s %,.0f ops/s", implementations.get(index).displayName(),
          throughput[index]));
    }
    return line.toString();
  }

  /** One implementation's driver, in its own class loader. */
  private static final class Contestant {
    private final URLClassLoader loader;
    private final Object driver;
    private final Method burst;
    private final Method close;

    Contestant(Implementation implementation, PairedWorkload workload) {
      loader = new URLClassLoader("paired-" + implementation.displayName(), classPath(),
          ClassLoader.getPlatformClassLoader());
      try {
        Class<?> type = Class.forName(BurstDriver.class.getName(), true, loader);
        driver = withContextLoader(() -> type.getConstructor(String.class, String.class, int.class, int.class,
            long.class, int.class, int.class).newInstance(implementation.displayName(), workload.kind(),
            workload.capacity(), workload.factor(), workload.missCost(), workload.hitRate(), workload.threads()));
        burst = type.getMethod("burst", long.class);
        close = type.getMethod("close");
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot load the paired driver for " + implementation.displayName(), e);
      }
    }

    long[] burst(long millis) throws InterruptedException {
      try {
        return (long[]) withContextLoader(() -> burst.invoke(driver, millis));
      } catch (InvocationTargetException e) {
        if (e.getCause() instanceof InterruptedException interrupted) {
          throw interrupted;
        }
        throw new IllegalStateException("paired burst failed", e.getCause());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("paired burst failed", e);
      }
    }

    void close() {
      try {
        withContextLoader(() -> close.invoke(driver));
        loader.close();
      } catch (ReflectiveOperationException | IOException e) {
        throw new IllegalStateException("cannot close the paired driver", e);
      }
    }

    private Object withContextLoader(Call call) throws ReflectiveOperationException {
      Thread current = Thread.currentThread();
      ClassLoader previous = current.getContextClassLoader();
      current.setContextClassLoader(loader);
      try {
        return call.run();
      } finally {
        current.setContextClassLoader(previous);
      }
    }
  }

  @FunctionalInterface
  private interface Call {
    Object run() throws ReflectiveOperationException;
  }

  /** The JVM's class path as URLs; a jar's manifest Class-Path, as Surefire writes, is followed by the loader. */
  static URL[] classPath() {
    String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
    List<URL> urls = new ArrayList<>();
    for (String entry : entries) {
      if (entry.isEmpty()) {
        continue;
      }
      try {
        urls.add(new File(entry).toURI().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalStateException("class path entry is not a file: " + entry, e);
      }
    }
    return urls.toArray(URL[]::new);
  }
}
