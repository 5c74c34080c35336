package io.github.clockpro;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * A bounded, concurrent in-memory cache that evicts with CLOCK-Pro and bounds the eviction work of every
 * operation by a constant. Create one with {@link #builder()}:
 *
 * <pre>{@code
 * ClockProCache<Long, String> cache = ClockProCache.builder()
 *     .maximumSize(10_000)
 *     .build();
 * String value = cache.get(key, k -> load(k));
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Keys and values are never {@code null}; every method that takes one throws {@link NullPointerException}
 *       naming the argument, before it changes anything.
 *   <li>{@link #size()} never exceeds {@link Policy#maximum()}. A writing operation evicts at most one entry.
 *   <li>No operation examines more than {@link Policy#scanLimit()} entries to find a victim, whatever the cache
 *       size or access pattern.
 *   <li>Reads that hit ({@link #getIfPresent}, {@link #getAllPresent}'s lookups, {@link #get} and
 *       {@code asMap().get}) take no lock and allocate nothing.
 *   <li>{@link #get(Object, Function)} runs at most one load per key at a time; concurrent callers for the same
 *       key wait for it and share its result or its exception. A load takes its place in the cache when it
 *       starts, evicting one entry if the cache is full, so that storing its value later takes no lock. A
 *       loader that throws or returns {@code null} caches nothing; the entry evicted for it stays evicted. A
 *       loader must not load the same key again ({@link IllegalStateException}).
 *   <li>While a key's load is in flight, the key is absent to every other operation: it counts toward the
 *       maximum size but not toward {@link #size()}, and iterators skip it. A put of the key meanwhile stores
 *       its value, which the load then returns (to its caller and every waiter) instead of its own, even if
 *       the loader then returns {@code null} or throws; the loader's value was never cached, so no listener
 *       hears of it. Here clockpro differs from Caffeine, whose put waits for the load to end, so that the load
 *       returns its own value and the put then replaces it ({@link RemovalCause#REPLACED}): a put does not wait
 *       for a loader in clockpro. An invalidation meanwhile discards the load, as Caffeine's does: the load's
 *       value is still returned to its callers, is reported to the removal listener as
 *       {@link RemovalCause#EXPLICIT}, and is not cached, so the next read loads afresh. Eviction passes over
 *       loads in flight; it takes one only if every entry it examines is one (a cache with fewer places than
 *       concurrent loads), and that load's value is then returned to its callers and reported to the removal
 *       listener as evicted, but not cached.
 *   <li>The removal listener is called exactly once for each entry that leaves the cache, on the thread that
 *       removed it, after every cache lock is released.
 *   <li>With expiry ({@link CacheBuilder#expireAfterWrite}, {@link CacheBuilder#expireAfterAccess},
 *       {@link CacheBuilder#expireAfter}), a read at or after an entry's deadline misses: no method or view
 *       returns an expired value. Each expired entry is removed once, reported as {@link RemovalCause#EXPIRED},
 *       by an operation that takes the eviction lock (an insert, a removal, a read that found it expired) or by
 *       {@link #cleanUp()}. Such an operation expires or examines at most {@link Policy#scanLimit()} entries for
 *       expiry, besides its eviction's, however many fall due at once; {@link #size()} counts entries that
 *       expired since and were not yet removed. Hits stay lock-free and allocation-free, with one reading of the
 *       {@link Ticker}.
 *   <li>{@link #stats()} and {@link #policy()} take no lock.
 *   <li>Single-threaded, the same sequence of operations gives the same hits and evictions. One exception: a
 *       {@link Long} key of 2<sup>32</sup> or more is hashed with a random seed of each cache, so that keys that
 *       collide cannot be computed in advance, and with such keys two caches may evict differently.
 * </ul>
 * Iterators of {@link #asMap()} are weakly consistent, as for {@link java.util.concurrent.ConcurrentHashMap}.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface ClockProCache<K, V> {

  /**
   * Returns a new builder. Its types are inferred at {@link CacheBuilder#build()}, as in Caffeine.
   *
   * @return a builder with no settings made
   */
  static CacheBuilder<Object, Object> builder() {
    return new CacheBuilder<>();
  }

  /**
   * Returns the value for the key, or {@code null}. Counts a hit or a miss.
   *
   * @param key the key to look up
   * @return the value, or {@code null} if the cache holds none
   * @throws NullPointerException if {@code key} is null
   */
  V getIfPresent(K key);

  /**
   * Returns the values present for the given keys. Counts a hit or a miss for each distinct key.
   *
   * @param keys the keys to look up; duplicates are looked up once
   * @return an unmodifiable map of the keys that were present to their values, in iteration order of
   *     {@code keys}
   * @throws NullPointerException if {@code keys} or any key is null
   */
  Map<K, V> getAllPresent(Iterable<? extends K> keys);

  /**
   * Returns the value for the key, loading it with {@code loader} on a miss. Counts a hit or a miss, and for
   * the call that runs the loader, a load success or failure.
   *
   * @param key the key to look up
   * @param loader computes the value on a miss; may return {@code null} to cache nothing
   * @return the cached or loaded value, or {@code null} if the loader returned {@code null}
   * @throws NullPointerException if {@code key} or {@code loader} is null
   * @throws IllegalStateException if the loader tries to load the same key on the same thread
   * @throws RuntimeException or {@link Error}, as thrown by the loader
   */
  V get(K key, Function<? super K, ? extends V> loader);

  /**
   * Returns the values for the keys, loading the missing ones with one call of {@code mappingFunction}. Counts a
   * hit or a miss for each distinct key, and the call as one bulk load (see {@link CacheStats}).
   *
   * <p>Every missing key first gets a place, as {@link #get(Object, Function)}'s load does (each place is one
   * insert, which examines at most {@link Policy#scanLimit()} entries and evicts at most one); then the function
   * is called once, outside every lock, with exactly the keys that got one; then each is stored. So a concurrent
   * {@code get} of one of those keys waits for this call instead of loading it again, and a key another caller
   * is loading is not passed to the function: this call waits for that load after its own function has returned
   * (never before, so overlapping calls cannot wait on each other). Keys the function returns beyond those asked
   * for are stored too, as by {@link #put}; keys it leaves out stay absent. A call examines at most
   * {@link Policy#scanLimit()} entries per missing key and per extra key returned, each insert in its own hold of
   * the eviction lock.
   *
   * <p>If the function throws, nothing it would have loaded is cached, the exception reaches the caller and every
   * concurrent caller waiting for one of its keys; if it returns {@code null}, or a map with a {@code null} key or
   * value, the call fails the same way with {@link NullPointerException}, before anything is stored. A put of a
   * key during the call wins over the loaded value, as for a single load.
   *
   * @param keys the keys; duplicates are looked up once
   * @param mappingFunction loads the missing keys, given as an unmodifiable set in the order of {@code keys}
   * @return an unmodifiable map of the keys that have a value to their values, in the order of {@code keys}
   * @throws NullPointerException if {@code keys}, any key or {@code mappingFunction} is null, before anything
   *     changes; or if the function returns {@code null} or a {@code null} key or value
   * @throws IllegalStateException if the function loads one of its own keys on the same thread
   * @throws RuntimeException or {@link Error}, as thrown by the function or by another caller's load of a key
   */
  Map<K, V> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction);

  /**
   * Associates the value with the key, replacing any previous value (the listener then sees
   * {@link RemovalCause#REPLACED}). May evict one entry.
   *
   * @param key the key
   * @param value the value
   * @throws NullPointerException if {@code key} or {@code value} is null
   */
  void put(K key, V value);

  /**
   * Puts every mapping of the given map.
   *
   * @param map the mappings to store
   * @throws NullPointerException if {@code map}, or any of its keys or values, is null; nothing is stored then
   */
  void putAll(Map<? extends K, ? extends V> map);

  /**
   * Removes the entry for the key, if present ({@link RemovalCause#EXPLICIT}).
   *
   * @param key the key
   * @throws NullPointerException if {@code key} is null
   */
  void invalidate(K key);

  /**
   * Removes the entries for the given keys.
   *
   * @param keys the keys
   * @throws NullPointerException if {@code keys} or any key is null; nothing is removed then
   */
  void invalidateAll(Iterable<? extends K> keys);

  /**
   * Removes every entry ({@link RemovalCause#EXPLICIT}). Entries added concurrently may remain. The history is
   * kept: it describes the workload, not the contents.
   */
  void invalidateAll();

  /**
   * Returns the number of entries. For a cache bounded by size it never exceeds {@link Policy#maximum()}, except
   * after {@link Policy#setMaximum} shrank it, until the excess is repaid; a weighted cache's maximum is a weight,
   * not a count (see {@link Policy#weightedSize()}). Exact when no operation is in flight; while writes run on other threads it may miss the latest of them, as
   * {@link java.util.concurrent.atomic.LongAdder#sum()} may. Takes time linear in the number of threads that
   * have used the cache.
   *
   * @return the number of entries in the map
   */
  int size();

  /**
   * Returns the number of entries as a {@code long}, as Caffeine's {@code estimatedSize}: {@link #size()}, with the
   * same promise of exactness.
   *
   * @return the number of entries in the map
   */
  default long estimatedSize() {
    return size();
  }

  /**
   * Does the pending work now: removes every entry whose deadline has passed, and reports each to the listener as
   * {@link RemovalCause#EXPIRED}; then, if a heavy insert of a weighted cache or a shrinking
   * {@link Policy#setMaximum} left the cache over its maximum, evicts until it is within it, reporting each as
   * {@link RemovalCause#SIZE}; all on this thread. Runs in steps, each of which takes the eviction lock once and does
   * the bounded work of one operation (expiry: at most {@link Policy#scanLimit()} entries examined; eviction: at most
   * {@link CacheBuilder#MAXIMUM_EVICTIONS_PER_OPERATION} entries, each examining at most the scan limit); other
   * operations run between the steps. Once no operation is in flight and this has returned, the cache is within its
   * maximum. Does nothing on a cache without expiry that is within its maximum.
   */
  void cleanUp();

  /**
   * Returns a live view of the cache as a {@link ConcurrentMap}. Reads through the view count accesses for the
   * eviction policy but not hits or misses; writes are stored and evicted like any other, and removals are
   * reported to the listener.
   *
   * @return the view; always the same instance
   */
  ConcurrentMap<K, V> asMap();

  /**
   * Returns a snapshot of the statistics, without taking a lock.
   *
   * @return the current statistics
   */
  CacheStats stats();

  /**
   * Returns a live view of the eviction policy: the bound, the rings and what the policy adapts, and Caffeine's views
   * for run-time control ({@link Policy#eviction()}, {@link Policy#expireAfterWrite()} and the others).
   *
   * @return the view; always the same instance
   */
  Policy<K, V> policy();
}
