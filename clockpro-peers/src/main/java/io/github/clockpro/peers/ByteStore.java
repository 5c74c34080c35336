package io.github.clockpro.peers;

/**
 * One cache of {@code long} keys and byte-array values, as every off-heap benchmark drives it: the off-heap clockpro
 * cache, OHC, and the heap caches holding the same data. Built by {@link OffHeapPeer#create}.
 */
public interface ByteStore extends AutoCloseable {

  /** {@return the value, or null} */
  byte[] get(long key);

  void put(long key, byte[] value);

  /** {@return the number of entries} */
  long size();

  @Override
  void close();
}
