package io.github.clockpro.bench.cache;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import io.github.clockpro.engine.CacheFactory;
import java.util.function.Function;

/**
 * Drives a {@link ClockProCache}. Built for simulation without expiry, the cache has a fixed seed instead of a random
 * one ({@link CacheFactory}): the seed mixes the hashes of {@code Long} keys with high bits set, and so decides which
 * keys the policy's trials sample, so with a random seed two replays of a trace differ by up to a point in a cell.
 * The fixed seed is the reference model's, so that a simulation replays what the property tests check.
 */
public final class ClockProAdapter implements BenchmarkCache {

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

  private final ClockProCache<Long, Long> cache;

  ClockProAdapter(int maximumSize, Expiration expiration, Bound bound, boolean simulation) {
    if (simulation && expiration == Expiration.NONE) {
      int initialCapacity = Math.min(maximumSize, 16); // the builder's default
      this.cache = bound == Bound.SIZE
          ? CacheFactory.newBoundedCache(maximumSize, CacheBuilder.DEFAULT_SCAN_LIMIT, initialCapacity, null,
              SIMULATION_SEED)
          : CacheFactory.newWeightedCache(maximumSize, (Long key, Long value) -> 1, CacheBuilder.DEFAULT_SCAN_LIMIT,
              initialCapacity, null, SIMULATION_SEED);
      return;
    }
    CacheBuilder<Object, Object> builder = ClockProCache.builder();
    if (bound == Bound.SIZE) {
      builder.maximumSize(maximumSize);
    } else {
      builder = builder.maximumWeight(maximumSize).weigher((Object key, Object value) -> 1);
    }
    switch (expiration) {
      case AFTER_WRITE -> builder.expireAfterWrite(Expiration.LIFETIME);
      case AFTER_ACCESS -> builder.expireAfterAccess(Expiration.LIFETIME);
      case NONE -> { }
    }
    this.cache = builder.build();
  }

  /** Returns the wrapped cache, for its statistics. */
  public ClockProCache<Long, Long> cache() {
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
  public Long get(Long key, Function<Long, Long> loader) {
    return cache.get(key, loader);
  }

  @Override
  public Long getIfPresent(Long key) {
    return cache.getIfPresent(key);
  }

  @Override
  public void put(Long key, Long value) {
    cache.put(key, value);
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
