package io.github.clockpro;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A live view of what is specific to CLOCK-Pro in one cache, returned by {@link ClockProCache#policy()}: the bound,
 * the hot and cold rings, the figures the policy adapts to the workload, and the distribution of entries examined
 * per eviction. {@code docs/design.md} explains each.
 *
 * <p>Every method reads the current value without a lock: a figure read while another thread evicts may be one
 * step behind another figure, never torn. Reading these never delays the cache's operations. Tuning figures may
 * change meaning as the policy evolves; the bound ({@link #maximum()}, {@link #scanLimit()}) and the scan-length
 * counts do not.
 *
 * <p>It also offers Caffeine's {@code Policy} views, for run-time control, under Caffeine's names:
 * {@link #eviction()}, {@link #expireAfterWrite()}, {@link #expireAfterAccess()}, {@link #expireVariably()},
 * {@link #refreshAfterWrite()}, {@link #getIfPresentQuietly} and {@link #refreshes()}. Each view is present only
 * for a cache built with its setting, as in Caffeine. Their methods reject a {@code null} argument with
 * {@link NullPointerException} and a value out of range with {@link IllegalArgumentException}, naming it, before
 * anything changes; unlike the figures above, the methods that read entries may take the eviction lock.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public interface Policy<K, V> {

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

  /**
   * {@return {@code true}: statistics are always recorded, as if {@link CacheBuilder#recordStats()} were set}
   */
  default boolean isRecordingStats() {
    return true;
  }

  /**
   * Returns the key's value if present and live, without counting a hit or a miss and without counting a reference
   * for the eviction policy or renewing an expiry deadline, as Caffeine's.
   *
   * @param key the key
   * @return the value, or {@code null}
   * @throws NullPointerException if {@code key} is null
   */
  V getIfPresentQuietly(K key);

  /**
   * {@return a snapshot of the refreshes in flight, key to the future of the reload, as Caffeine's: empty for a cache
   * without a loader}
   */
  Map<K, CompletableFuture<V>> refreshes();

  /**
   * {@return the view of the size or weight bound, as Caffeine's {@code Policy.eviction()}: present for a cache built
   * with {@link CacheBuilder#maximumSize} or {@link CacheBuilder#maximumWeight}, empty for an unbounded one}
   */
  Optional<Eviction<K, V>> eviction();

  /**
   * {@return the view of the lifetime after a write, present for a cache built with
   * {@link CacheBuilder#expireAfterWrite}}
   */
  Optional<FixedExpiration<K, V>> expireAfterWrite();

  /**
   * {@return the view of the lifetime after an access, present for a cache built with
   * {@link CacheBuilder#expireAfterAccess}}
   */
  Optional<FixedExpiration<K, V>> expireAfterAccess();

  /** {@return the view of the lifetimes by entry, present for a cache built with {@link CacheBuilder#expireAfter}} */
  Optional<VarExpiration<K, V>> expireVariably();

  /**
   * {@return the view of the refresh period, present for a cache built with {@link CacheBuilder#refreshAfterWrite}}
   */
  Optional<FixedRefresh<K, V>> refreshAfterWrite();

  /**
   * The size or weight bound of a cache, as Caffeine's {@code Policy.Eviction}.
   *
   * @param <K> the type of keys
   * @param <V> the type of values
   */
  interface Eviction<K, V> {

    /** {@return whether the cache is bounded by weight: {@link Policy#isWeighted()}} */
    boolean isWeighted();

    /**
     * Returns the weight of a present entry in a weighted cache.
     *
     * @param key the key
     * @return its weight; empty if the cache is not weighted or holds no live value for the key
     * @throws NullPointerException if {@code key} is null
     */
    OptionalInt weightOf(K key);

    /** {@return {@link Policy#weightedSize()}} */
    OptionalLong weightedSize();

    /** {@return {@link Policy#maximum()}} */
    long getMaximum();

    /**
     * Changes the bound: {@link Policy#setMaximum}.
     *
     * @param maximum the new bound
     */
    void setMaximum(long maximum);

    /**
     * Returns up to {@code limit} entries in the order CLOCK-Pro's hands reach them: the cold ring from the cold hand,
     * then the hot ring from the hot hand. The cold hand evicts in this order, except that it spares an entry
     * referenced since it last passed (promoting it, or giving it another round), which a reference may change at
     * any time; so this is the order of eviction if nothing is read meanwhile. A diagnostic view, as in Caffeine:
     * it takes the eviction lock and copies each entry, a constant amount of work per entry returned, while writers
     * wait.
     *
     * @param limit the most entries to return, at least 0
     * @return an unmodifiable snapshot, in order, of live entries (loads in flight and expired entries left out)
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    Map<K, V> coldest(int limit);

    /**
     * Returns up to {@code limit} entries in the reverse of {@link #coldest}'s order: the hot ring from the entry the
     * hot hand reaches last, then the cold ring from the entry the cold hand reaches last; the entries the policy
     * would keep longest if nothing is read meanwhile. The same diagnostic cost as {@link #coldest}.
     *
     * @param limit the most entries to return, at least 0
     * @return an unmodifiable snapshot, in order
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    Map<K, V> hottest(int limit);
  }

  /**
   * A fixed lifetime, after a write or after an access, as Caffeine's {@code Policy.FixedExpiration}.
   *
   * <p>Differs from Caffeine: each entry holds its deadline rather than its time of write or access, so a new
   * lifetime set with {@link #setExpiresAfter} applies from each entry's next write (and, after access, next read);
   * until then an entry keeps the deadline it had.
   *
   * @param <K> the type of keys
   * @param <V> the type of values
   */
  interface FixedExpiration<K, V> {

    /**
     * Returns how long ago the entry was written (or, for expiry after access, last written or read), by the
     * cache's ticker.
     *
     * @param key the key
     * @param unit the unit of the result
     * @return the age; empty if the cache holds no live value for the key
     * @throws NullPointerException if {@code key} or {@code unit} is null
     */
    OptionalLong ageOf(K key, TimeUnit unit);

    /**
     * As {@link #ageOf(Object, TimeUnit)}, as a {@link Duration}.
     *
     * @param key the key
     * @return the age; empty if the cache holds no live value for the key
     */
    default Optional<Duration> ageOf(K key) {
      return Durations.optional(ageOf(key, TimeUnit.NANOSECONDS));
    }

    /**
     * Returns the lifetime.
     *
     * @param unit the unit of the result
     * @return the lifetime, in {@code unit}s, rounded down
     * @throws NullPointerException if {@code unit} is null
     */
    long getExpiresAfter(TimeUnit unit);

    /** {@return the lifetime} */
    default Duration getExpiresAfter() {
      return Duration.ofNanos(getExpiresAfter(TimeUnit.NANOSECONDS));
    }

    /**
     * Changes the lifetime, for entries written (or read, for expiry after access) from now on. Differing from
     * Caffeine, which applies the new lifetime to live entries at once: an entry holds its deadline rather than
     * its write time, so a live entry keeps its deadline until its next write (or renewing read); shortening the
     * lifetime, even to 0, leaves it readable until then. A duration beyond about 146 years counts as that, and
     * {@link #getExpiresAfter(TimeUnit)} returns it so.
     *
     * @param duration at least 0
     * @param unit the unit of {@code duration}
     * @throws IllegalArgumentException if {@code duration} is negative
     * @throws NullPointerException if {@code unit} is null
     */
    void setExpiresAfter(long duration, TimeUnit unit);

    /**
     * As {@link #setExpiresAfter(long, TimeUnit)}, with a {@link Duration}.
     *
     * @param duration at least zero
     */
    default void setExpiresAfter(Duration duration) {
      setExpiresAfter(Durations.requiredNanos(duration), TimeUnit.NANOSECONDS);
    }
  }

  /**
   * The lifetimes by entry of a cache built with an {@link Expiry}, as Caffeine's {@code Policy.VarExpiration}.
   *
   * @param <K> the type of keys
   * @param <V> the type of values
   */
  interface VarExpiration<K, V> {

    /**
     * Returns how long the entry has left to live.
     *
     * @param key the key
     * @param unit the unit of the result
     * @return the time left; empty if the cache holds no live value for the key
     * @throws NullPointerException if {@code key} or {@code unit} is null
     */
    OptionalLong getExpiresAfter(K key, TimeUnit unit);

    /**
     * As {@link #getExpiresAfter(Object, TimeUnit)}, as a {@link Duration}.
     *
     * @param key the key
     * @return the time left; empty if the cache holds no live value for the key
     */
    default Optional<Duration> getExpiresAfter(K key) {
      return Durations.optional(getExpiresAfter(key, TimeUnit.NANOSECONDS));
    }

    /**
     * Gives a present entry a new lifetime, from now; does nothing if the cache holds no live value for the key.
     *
     * @param key the key
     * @param duration at least 0
     * @param unit the unit of {@code duration}
     * @throws IllegalArgumentException if {@code duration} is negative
     * @throws NullPointerException if {@code key} or {@code unit} is null
     */
    void setExpiresAfter(K key, long duration, TimeUnit unit);

    /**
     * As {@link #setExpiresAfter(Object, long, TimeUnit)}, with a {@link Duration}.
     *
     * @param key the key
     * @param duration at least zero
     */
    default void setExpiresAfter(K key, Duration duration) {
      setExpiresAfter(key, Durations.requiredNanos(duration), TimeUnit.NANOSECONDS);
    }

    /**
     * Stores the value if the key has no live value, with the given lifetime instead of the {@link Expiry}'s.
     *
     * @param key the key
     * @param value the value
     * @param duration the lifetime, at least 0
     * @param unit the unit of {@code duration}
     * @return the present value, or {@code null} if the value was stored
     * @throws IllegalArgumentException if {@code duration} is negative
     * @throws NullPointerException if any argument is null
     */
    V putIfAbsent(K key, V value, long duration, TimeUnit unit);

    /**
     * As {@link #putIfAbsent(Object, Object, long, TimeUnit)}, with a {@link Duration}.
     *
     * @param key the key
     * @param value the value
     * @param duration the lifetime, at least zero
     * @return the present value, or {@code null} if the value was stored
     */
    default V putIfAbsent(K key, V value, Duration duration) {
      return putIfAbsent(key, value, Durations.requiredNanos(duration), TimeUnit.NANOSECONDS);
    }

    /**
     * Stores the value with the given lifetime instead of the {@link Expiry}'s, replacing any present value.
     *
     * @param key the key
     * @param value the value
     * @param duration the lifetime, at least 0
     * @param unit the unit of {@code duration}
     * @return the replaced value, or {@code null}
     * @throws IllegalArgumentException if {@code duration} is negative
     * @throws NullPointerException if any argument is null
     */
    V put(K key, V value, long duration, TimeUnit unit);

    /**
     * As {@link #put(Object, Object, long, TimeUnit)}, with a {@link Duration}.
     *
     * @param key the key
     * @param value the value
     * @param duration the lifetime, at least zero
     * @return the replaced value, or {@code null}
     */
    default V put(K key, V value, Duration duration) {
      return put(key, value, Durations.requiredNanos(duration), TimeUnit.NANOSECONDS);
    }
  }

  /**
   * The refresh period of a loading cache built with {@link CacheBuilder#refreshAfterWrite}, as Caffeine's
   * {@code Policy.FixedRefresh}.
   *
   * @param <K> the type of keys
   * @param <V> the type of values
   */
  interface FixedRefresh<K, V> {

    /**
     * Returns how long ago the entry's value was written, by the cache's ticker.
     *
     * @param key the key
     * @param unit the unit of the result
     * @return the age; empty if the cache holds no live value for the key
     * @throws NullPointerException if {@code key} or {@code unit} is null
     */
    OptionalLong ageOf(K key, TimeUnit unit);

    /**
     * As {@link #ageOf(Object, TimeUnit)}, as a {@link Duration}.
     *
     * @param key the key
     * @return the age; empty if the cache holds no live value for the key
     */
    default Optional<Duration> ageOf(K key) {
      return Durations.optional(ageOf(key, TimeUnit.NANOSECONDS));
    }

    /**
     * Returns the refresh period.
     *
     * @param unit the unit of the result
     * @return the period, in {@code unit}s, rounded down
     * @throws NullPointerException if {@code unit} is null
     */
    long getRefreshesAfter(TimeUnit unit);

    /** {@return the refresh period} */
    default Duration getRefreshesAfter() {
      return Duration.ofNanos(getRefreshesAfter(TimeUnit.NANOSECONDS));
    }

    /**
     * Changes the refresh period; applies to every read from now on.
     *
     * @param duration more than 0
     * @param unit the unit of {@code duration}
     * @throws IllegalArgumentException if {@code duration} is not positive
     * @throws NullPointerException if {@code unit} is null
     */
    void setRefreshesAfter(long duration, TimeUnit unit);

    /**
     * As {@link #setRefreshesAfter(long, TimeUnit)}, with a {@link Duration}.
     *
     * @param duration more than zero
     */
    default void setRefreshesAfter(Duration duration) {
      setRefreshesAfter(Durations.requiredNanos(duration), TimeUnit.NANOSECONDS);
    }
  }
}
