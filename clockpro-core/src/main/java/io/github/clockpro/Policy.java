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

  /**
   * {@return the bound: the most entries the cache holds, or for a {@link #isWeighted() weighted} cache their most
   * total weight, once no operation is in flight and {@link ClockProCache#cleanUp()} has run. Starts at
   * {@link CacheBuilder#maximumSize} or {@link CacheBuilder#maximumWeight}; {@link #setMaximum} changes it}
   */
  long maximum();

  /**
   * Changes the bound at run time, as Caffeine's {@code Policy.Eviction.setMaximum}. Growing takes effect at once.
   * Shrinking does the bounded work of one operation at once: it evicts at most
   * {@link CacheBuilder#MAXIMUM_EVICTIONS_PER_OPERATION} entries, each examining at most {@link #scanLimit()}; the
   * rest of the excess is repaid by the operations that follow, each evicting as many again while the cache is over
   * its bound, and by {@link ClockProCache#cleanUp()}, which evicts until the cache is within it. Until then the
   * cache holds more than the new bound, never more than it held when this was called (see
   * {@link CacheBuilder#maximumWeight} for the bound on an excess).
   *
   * @param maximum the new bound, at least 0 (which keeps nothing, as {@link CacheBuilder#maximumSize}); at most
   *     {@link Integer#MAX_VALUE} for a cache bounded by size
   * @throws IllegalArgumentException if {@code maximum} is out of range, naming it, before anything changes
   */
  void setMaximum(long maximum);

  /** {@return whether the cache was built with {@link CacheBuilder#maximumWeight} and a {@link Weigher}} */
  boolean isWeighted();

  /**
   * {@return the total weight of the resident entries, if the cache is {@link #isWeighted() weighted}; empty
   * otherwise, as Caffeine's {@code Policy.Eviction.weightedSize}. A load in flight weighs 0 until its value
   * arrives}
   */
  OptionalLong weightedSize();

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

  /** {@return resident entries in the hot ring (a count, also in a weighted cache)} */
  int hotSize();

  /** {@return resident entries in the cold ring, loads in flight included} */
  int coldSize();

  /**
   * {@return the number of cold entries the policy currently aims for, or in a {@link #isWeighted() weighted}
   * cache their weight; the rest of the cache is hot}
   */
  long coldTarget();

  /**
   * {@return the least the cold target may fall to: a hundredth of the maximum (the paper's floor), or a fifth while
   * the floor trial finds that pays. The trial replays a sample of the keys through two small copies of the policy,
   * one with each floor, and moves to the other floor only when its copy leads by more than two standard errors. A
   * new cache starts at a hundredth. At least 1; in a {@link #isWeighted() weighted} cache, a weight}
   */
  long coldTargetFloor();

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
   * histogram's buckets are read. Every eviction by scan examines at least one entry and at most the scan limit,
   * so this is 0 for 0 and the count of such evictions at the limit and above (the evictions for size, but for a
   * weighted cache's evictions without a scan, below); the difference between the limit and one below it
   * is the evictions that examined the whole limit.
   *
   * <p>Exact for every length up to 1,024, which covers the default limit, and at the limit less one and above.
   * With a scan limit above 1,025, scans longer than 1,024 entries are counted per power of two, and the count at
   * a length between 1,024 and the limit less one includes them up to the largest power of two not above it.
   *
   * <p>A weighted cache may also evict an entry without a scan (one heavier than the whole cache, or the entry a
   * write would take past the bound on the excess, see {@link CacheBuilder#maximumWeight}); such evictions are in
   * {@link CacheStats#evictionCount()} but not here.
   *
   * @param entriesExamined a scan length
   * @return the number of evictions that examined that many entries or fewer
   * @throws IllegalArgumentException if {@code entriesExamined} is negative
   */
  long evictionCountAtMost(int entriesExamined);
}
