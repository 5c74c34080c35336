package io.github.clockpro.offheap;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;

/**
 * A {@link ClockProCache} whose entries and index live outside the Java heap, in a few large memory regions, and
 * optionally in files that a later cache on the same directory serves again. Create one with
 * {@link #builder(Serializer, Serializer)}:
 *
 * <pre>{@code
 * try (OffHeapCache<String, byte[]> cache = OffHeapCache.builder(Serializer.string(), Serializer.bytes())
 *     .maximumBytes(8L << 30)
 *     .build()) {
 *   cache.put("key", bytes);
 * }
 * }</pre>
 *
 * <h2>Contract, where it differs from {@link ClockProCache}'s</h2>
 * <ul>
 *   <li>Keys and values are stored serialized. Every read returns a new copy of the value, deserialized from the
 *       stored bytes: changing it does not change the cache. Keys are equal when their serialized bytes are.
 *   <li>The bound is in bytes: {@link Policy#maximum()} is {@link OffHeapCacheBuilder#maximumBytes}, the entries'
 *       serialized bytes and headers never exceed it, and {@link Policy#isWeighted()} is {@code true}. The memory
 *       outside the heap is that maximum plus the index, which grows with the number of entries and of evicted keys
 *       the policy remembers. {@link Policy#setMaximum} throws {@link UnsupportedOperationException}.
 *   <li>No operation examines, moves or frees more than {@link Policy#scanLimit()} entries to make room. An insert
 *       that cannot make room within that bound is not stored, and its value is reported to the removal listener
 *       with {@link io.github.clockpro.RemovalCause#SIZE}; so is a value whose entry is larger than half a segment
 *       (see {@link OffHeapCacheBuilder#maximumBytes}).
 *   <li>Reads take no exclusive lock: they copy the value optimistically and check that no writer of the same
 *       segment ran meanwhile, or take the segment's shared lock after a conflict (and on a cache with access
 *       expiry). Writes lock one segment of the cache.
 *   <li>{@link #get(Object, java.util.function.Function)} runs at most one load per key at a time in this cache,
 *       and the load stores its value only if the key is still absent then: a concurrent put wins.
 *       {@link #getAll} calls its function outside every lock with the keys that were missing, without waiting for
 *       other loads of them.
 *   <li>{@link #close()} flushes a persisted cache to its files and releases the cache; every method then throws
 *       {@link IllegalStateException}. The memory is returned to the operating system when the garbage collector
 *       frees the buffers, as for every mapped or direct buffer on Java 17.
 * </ul>
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface OffHeapCache<K, V> extends ClockProCache<K, V>, AutoCloseable {

  /**
   * Returns a new builder for a cache with the given serializers.
   *
   * @param keys writes and reads the keys
   * @param values writes and reads the values
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a builder with no other settings made
   * @throws NullPointerException if {@code keys} or {@code values} is null
   */
  static <K, V> OffHeapCacheBuilder<K, V> builder(Serializer<K> keys, Serializer<V> values) {
    return new OffHeapCacheBuilder<>(keys, values);
  }

  /**
   * Flushes a persisted cache's files and releases the cache. Waits for operations in flight on each segment.
   * Calling it again does nothing.
   *
   * @throws java.io.UncheckedIOException if flushing the files failed; the cache is closed all the same
   */
  @Override
  void close();
}
