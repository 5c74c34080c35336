package io.github.clockpro.peers;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import io.github.clockpro.engine.CacheFactory;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * Drives a {@link ClockProCache}. Built {@link PeerSettings#forReplay() for replay} without expiry or ticker, the
 * cache has a fixed seed instead of a random one ({@link CacheFactory}): the seed mixes the hashes of {@code Long} keys with high bits set, and so decides which
 * keys the policy's trials sample, so with a random seed two replays of a trace differ by up to a point in a cell.
 * The fixed seed is the reference model's, so that a simulation replays what the property tests check.
 */
public final class ClockProAdapter<K, V> implements LibraryCache<K, V> {

  /** The seed of a cache built for simulation: the reference model's. */
  static final int SIMULATION_SEED = 0;

  /**
   * The figures of the CLOCK-Pro policy that the benchmarks read, at one moment; {@link #policy} is the one place
   * that reads them from the cache.
   *
   * @param evictionCountAtMost at index {@code n}, the evictions that examined at most {@code n} entries, for
   *     {@code n} from 0 to the scan limit
   * @param scanLimitReachedCount the evictions that stopped at the scan limit
   * @param historyHitCount the misses on a key the history still held
   * @param historySize the keys the history holds
   * @param historyLimit the most keys the history holds now (adaptive)
   */
  public record PolicySnapshot(long[] evictionCountAtMost, long scanLimitReachedCount, long historyHitCount,
      long historySize, long historyLimit) {}

  private final ClockProCache<K, V> cache;

  ClockProAdapter(PeerSettings settings) {
    int maximumSize = settings.maximumSize();
    if (settings.replay() && !settings.expires() && settings.ticker() == null) {
      int initialCapacity = Math.min(maximumSize, 16); // the builder's default
      this.cache = settings.bound() == Bound.SIZE
          ? CacheFactory.newBoundedCache(maximumSize, CacheBuilder.DEFAULT_SCAN_LIMIT, initialCapacity, null,
              SIMULATION_SEED)
          : CacheFactory.newWeightedCache(maximumSize, (K key, V value) -> 1, CacheBuilder.DEFAULT_SCAN_LIMIT,
              initialCapacity, null, SIMULATION_SEED);
      return;
    }
    CacheBuilder<Object, Object> builder = ClockProCache.builder();
    if (settings.bound() == Bound.SIZE) {
      builder.maximumSize(maximumSize);
    } else {
      builder = builder.maximumWeight(maximumSize).weigher((Object key, Object value) -> 1);
    }
    switch (settings.expiration()) {
      case AFTER_WRITE -> builder.expireAfterWrite(settings.lifetime());
      case AFTER_ACCESS -> builder.expireAfterAccess(settings.lifetime());
      case NONE -> { }
    }
    if (settings.expiry() != null) {
      builder.expireAfter(settings.expiry());
    }
    if (settings.ticker() != null) {
      builder.ticker(settings.ticker());
    }
    this.cache = builder.build();
  }

  /** Returns the wrapped cache, for its statistics. */
  public ClockProCache<K, V> cache() {
    return cache;
  }

  /**
   * Reads the policy's figures of a cache.
   *
   * @param cache the cache, whose scan limit is at most 1,024: up to there every length is counted one by one
   * @return a snapshot of them
   */
  public static PolicySnapshot policy(ClockProCache<?, ?> cache) {
    Policy<?, ?> policy = cache.policy();
    long[] evictionCountAtMost = new long[policy.scanLimit() + 1];
    for (int length = 0; length < evictionCountAtMost.length; length++) {
      evictionCountAtMost[length] = policy.evictionCountAtMost(length);
    }
    return new PolicySnapshot(evictionCountAtMost, policy.scanLimitReachedCount(), policy.historyHitCount(),
        policy.historySize(), policy.historyLimit());
  }

  @Override
  public V get(K key, Function<K, V> loader) {
    return cache.get(key, loader);
  }

  @Override
  public V getIfPresent(K key) {
    return cache.getIfPresent(key);
  }

  @Override
  public void put(K key, V value) {
    cache.put(key, value);
  }

  @Override
  public void invalidate(K key) {
    cache.invalidate(key);
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return cache.asMap();
  }

  /** Evictions for size: the statistics' evictions less the expirations they include, which scan nothing. */
  @Override
  public EvictionWork evictionWork() {
    CacheStats stats = cache.stats();
    return new EvictionWork(stats.evictionCount() - stats.expirationCount(), stats.scanCount(), true);
  }

  @Override
  public long size() {
    return cache.size();
  }

  @Override
  public Object unwrap() {
    return cache;
  }

  @Override
  public void close() {
    cache.invalidateAll();
  }
}
