package io.github.clockpro;

import java.util.OptionalLong;

/**
 * A live view of what is specific to CLOCK-Pro in one cache, returned by {@link ClockProCache#policy()}: the bound,
 * the hot and cold rings, the figures the policy adapts to the workload, and the distribution of entries examined
 * per eviction. {@code docs/design.md} explains each.
 *
 * <p>Every method reads the current value without a lock: a figure read while another thread evicts may be one
 * step behind another figure, never torn. Reading these never delays the cache's operations. Tuning figures may
 * change meaning as the policy evolves; the bound ({@link #maximum()}, {@link #scanLimit()}) and the scan-length
 * counts do not.
 */
public interface Policy {

  /** {@return the most entries the cache holds while no operation is in flight} */
  long maximum();

  /**
   * {@return the most entries one eviction examines, across both hands, before it evicts the best candidate seen:
   * {@link CacheBuilder#scanLimit(int)}, or {@value CacheBuilder#DEFAULT_SCAN_LIMIT}. An expiring cache's
   * operations also examine at most this many entries each for expiry, counted the same way}
   */
  int scanLimit();

  /**
   * {@return the lifetime after a write, in nanoseconds, if the cache was built with
   * {@link CacheBuilder#expireAfterWrite}; empty otherwise}
   */
  OptionalLong expiresAfterWrite();

  /**
   * {@return the lifetime after an access, in nanoseconds, if the cache was built with
   * {@link CacheBuilder#expireAfterAccess}; empty otherwise}
   */
  OptionalLong expiresAfterAccess();

  /** {@return whether the cache was built with {@link CacheBuilder#expireAfter(Expiry)}} */
  boolean expiresVariably();

  /** {@return resident entries in the hot ring} */
  int hotSize();

  /** {@return resident entries in the cold ring, loads in flight included} */
  int coldSize();

  /** {@return the number of cold entries the policy currently aims for; the rest of the cache is hot} */
  int coldTarget();

  /**
   * {@return the reference count at which the cold hand promotes an entry instead of evicting it; adapts, from 1 to 2}
   */
  int promotionThreshold();

  /**
   * {@return the most references the hot hand carries over when it spares a hot entry, while {@link #carryAllowed()},
   * so that an entry referenced often survives quiet revolutions of the hand; 0 is the paper's hot hand. Adapts}
   */
  int carryLimit();

  /**
   * {@return whether the hot hand may carry references over now: the latest decision of the carry trial, which replays
   * a sample of the keys through two small copies of the policy, one carrying and one not, and lets the hand carry
   * while the carrying copy hits more. A new cache does not carry}
   */
  boolean carryAllowed();

  /** {@return evicted keys the history still holds in their test period} */
  int historySize();

  /**
   * {@return the most evicted keys the history keeps now: the adaptive history length, from an eighth of the maximum to
   * all of it}
   */
  int historyLimit();

  /** {@return inserts of keys found in the history in their test period: evicted recently enough to count as reused} */
  long historyHitCount();

  /** {@return cold entries moved to the hot ring} */
  long promotionCount();

  /** {@return hot entries moved to the cold ring} */
  long demotionCount();

  /** {@return evictions that stopped at the scan limit and took the best candidate seen} */
  long scanLimitReachedCount();

  /**
   * The evictions that examined at most {@code entriesExamined} entries, counted as
   * {@link CacheStats#scanCount()} counts them: the cumulative distribution of scan lengths, from which a
   * histogram's buckets are read. Every eviction examines at least one entry and at most the scan limit, so this
   * is 0 for 0 and the eviction count at the limit and above; the difference between the limit and one below it
   * is the evictions that examined the whole limit.
   *
   * <p>Exact for every length up to 1,024, which covers the default limit, and at the limit less one and above.
   * With a scan limit above 1,025, scans longer than 1,024 entries are counted per power of two, and the count at
   * a length between 1,024 and the limit less one includes them up to the largest power of two not above it.
   *
   * @param entriesExamined a scan length
   * @return the number of evictions that examined that many entries or fewer
   * @throws IllegalArgumentException if {@code entriesExamined} is negative
   */
  long evictionCountAtMost(int entriesExamined);
}
