package io.github.clockpro.differential;

import java.util.Comparator;
import java.util.List;

/**
 * One call of a removal listener, with the cause by name, which clockpro's and Caffeine's {@code RemovalCause}
 * share ({@code EXPLICIT}, {@code REPLACED}, {@code EXPIRED}, {@code SIZE}).
 */
record Removal(Integer key, Integer value, String cause) {

  private static final Comparator<Removal> ORDER = Comparator.comparing(Removal::key)
      .thenComparing(Removal::value).thenComparing(Removal::cause);

  /** The removals in one order, so that two lists compare as multisets. */
  static List<Removal> sorted(List<Removal> removals) {
    if (removals.size() < 2) {
      return List.copyOf(removals); // most steps remove nothing
    }
    return removals.stream().sorted(ORDER).toList();
  }

  @Override
  public String toString() {
    return cause + " " + key + "=" + value;
  }
}
