package io.github.clockpro.bench.memory;

import io.github.clockpro.peers.Bound;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;

/**
 * The memory a full cache retains, as measured by {@link MemoryFootprint}.
 *
 * @param implementation the implementation
 * @param maximumSize the cache's maximum size
 * @param residentEntries the entries the cache held when measured
 * @param totalBytes the retained size of the cache's object graph, keys and values included
 * @param emptyBytes the retained size of an empty cache of the same implementation and maximum size
 * @param keyAndValueBytes the part of {@code totalBytes} taken by the resident keys and values themselves
 * @param expiration the expiry the cache was built with
 * @param bound whether the cache was bounded by size or by weight
 */
public record MemoryResult(Implementation implementation, int maximumSize, long residentEntries, long totalBytes,
    long emptyBytes, long keyAndValueBytes, Expiration expiration, Bound bound) {

  /** How a table names the implementation and its configuration, such as {@code clockpro, weighted}. */
  public String label() {
    return expiration.label(implementation) + (bound == Bound.WEIGHT ? ", weighted" : "");
  }

  /** Returns the bytes per resident entry that the cache adds on top of its keys and values. */
  public double overheadBytesPerEntry() {
    return residentEntries == 0 ? 0.0 : (double) (totalBytes - emptyBytes - keyAndValueBytes) / residentEntries;
  }

  /** Returns the bytes per resident entry, keys and values included. */
  public double totalBytesPerEntry() {
    return residentEntries == 0 ? 0.0 : (double) (totalBytes - emptyBytes) / residentEntries;
  }
}
