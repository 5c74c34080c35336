package io.github.clockpro.bench.workload;

import java.util.List;

/**
 * A sequence of keys to replay, with the cache sizes to replay it at.
 *
 * @param name a short name, used in tables and file names
 * @param description where the sequence comes from
 * @param keys the keys, in access order
 * @param sizes the cache sizes to simulate, ascending
 */
public record Trace(String name, String description, long[] keys, List<Integer> sizes) {

  /** Validates and copies the sizes. */
  public Trace {
    if (keys.length == 0) {
      throw new IllegalArgumentException("trace " + name + " has no keys");
    }
    if (sizes.isEmpty()) {
      throw new IllegalArgumentException("trace " + name + " has no sizes");
    }
    sizes = List.copyOf(sizes);
  }
}
