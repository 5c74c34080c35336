package io.github.clockpro.bench.memory;

import io.github.clockpro.bench.Arguments;
import io.github.clockpro.peers.Bound;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code memory}: retained bytes per entry of each implementation at the given sizes, of clockpro and
 * Caffeine built with {@code expireAfterWrite(1 min)}, and of each implementation bounded by weight (see
 * {@link Bound}).
 *
 * <pre>
 * memory [--sizes 100000,1000000]
 * </pre>
 */
public final class MemoryCommand {

  /** The usage line printed on errors. */
  public static final String USAGE = "memory [--sizes 100000,1000000]";

  private MemoryCommand() {}

  /**
   * Runs the command and prints a table.
   *
   * @param arguments the arguments after {@code memory}
   */
  public static void run(String[] arguments) {
    Arguments parsed = Arguments.parse("memory", arguments, Set.of("sizes"), Set.of());
    List<MemoryResult> results = measureAll(parsed.intList("sizes", "100000,1000000", 1, 50_000_000));
    System.out.println(table(results));
  }

  /** The implementations also measured with {@link Expiration#AFTER_WRITE}, beside their rows without expiry. */
  private static final List<Implementation> EXPIRING = List.of(Implementation.CLOCKPRO, Implementation.CAFFEINE);

  /**
   * Measures every concurrent implementation at every size, then clockpro and Caffeine with expiry, then every
   * concurrent implementation bounded by weight.
   */
  public static List<MemoryResult> measureAll(List<Integer> sizes) {
    List<MemoryResult> results = new ArrayList<>();
    for (int size : sizes) {
      for (Implementation implementation : Implementation.CONCURRENT) {
        results.add(MemoryFootprint.measure(implementation, size));
        System.gc();
      }
      for (Implementation implementation : EXPIRING) {
        results.add(MemoryFootprint.measure(implementation, size, Expiration.AFTER_WRITE));
        System.gc();
      }
      for (Implementation implementation : Implementation.CONCURRENT) {
        results.add(MemoryFootprint.measure(implementation, size, Expiration.NONE, Bound.WEIGHT));
        System.gc();
      }
    }
    return results;
  }

  /** Formats results as a Markdown table. */
  public static String table(List<MemoryResult> results) {
    StringBuilder table = new StringBuilder(
        "| maximum size | implementation | resident entries | retained MB | empty cache KB "
            + "| bytes/entry (with keys and values) | bytes/entry (cache overhead, without keys and values) |\n"
            + "|---:|---|---:|---:|---:|---:|---:|\n");
    for (MemoryResult result : results) {
      table.append(String.format(Locale.ROOT, "| %,d | %s | %,d | %.1f | %.1f | %.1f | %.1f |%n",
          result.maximumSize(), result.label(), result.residentEntries(),
          result.totalBytes() / 1e6, result.emptyBytes() / 1e3,
          result.totalBytesPerEntry(), result.overheadBytesPerEntry()));
    }
    return table.toString();
  }
}
