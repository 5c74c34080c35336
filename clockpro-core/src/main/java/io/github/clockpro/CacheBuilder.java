package io.github.clockpro;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.engine.CacheFactory;
import io.github.clockpro.engine.CacheSettings;
import io.github.clockpro.engine.ValueStrength;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * Configures and creates a {@link ClockProCache}; obtained from {@link ClockProCache#builder()}. Each setting may
 * be made once; a second call throws {@link IllegalStateException}, a value out of range throws
 * {@link IllegalArgumentException} naming it, and a null argument throws {@link NullPointerException} naming it,
 * before the builder changes. Expiry is either fixed ({@link #expireAfterWrite}, {@link #expireAfterAccess}, or
 * both, as in Caffeine) or variable ({@link #expireAfter}); combining the two kinds throws
 * {@link IllegalStateException}.
 *
 * <p>Coming from Caffeine: the settings carry Caffeine's names and meanings; {@link #from(String)} parses Caffeine's
 * specification format. A build without {@link #maximumSize} or {@link #maximumWeight} is unbounded in size, as
 * Caffeine's; it is still a CLOCK-Pro cache, whose policy keeps its rings and history as it grows.
 *
 * @param <K> the key type the built cache will accept
 * @param <V> the value type the built cache will accept
 */
public final class CacheBuilder<K, V> {

  /** The default for {@link #scanLimit(int)}. */
  public static final int DEFAULT_SCAN_LIMIT = 128;

  /**
   * The most entries one operation evicts for size. A cache bounded by size evicts at most one per insert; a
   * weighted cache may need several to make room for a heavy entry, and evicts at most this many, each examining
   * at most the scan limit: see {@link #maximumWeight(long)}.
   */
  public static final int MAXIMUM_EVICTIONS_PER_OPERATION = 8;

  private static final int UNSET = -1;

  private long maximumSize = UNSET;
  private long maximumWeight = UNSET;
  private Weigher<? super K, ? super V> weigher;
  private int scanLimit = UNSET;
  private int initialCapacity = UNSET;
  private RemovalListener<? super K, ? super V> removalListener;
  private RemovalListener<? super K, ? super V> evictionListener;
  private boolean recordingStats;
  private long expireAfterWriteNanos = UNSET;
  private long expireAfterAccessNanos = UNSET;
  private Expiry<? super K, ? super V> expiry;
  private Ticker ticker;
  private Scheduler scheduler;
  private Executor executor;
  private long refreshAfterWriteNanos = UNSET;
  private ValueStrength valueStrength;
  private boolean weakKeys;

  CacheBuilder() {}

  /**
   * Returns a builder with the settings of a specification in Caffeine's format ({@code CaffeineSpec}):
   * comma-separated keys, each with a value or, for the flags, without one; for example
   * {@code maximumSize=10000,expireAfterWrite=10m,recordStats}. Further settings (a weigher, a listener) may be made
   * on it before it builds. See {@link CacheBuilderSpec} for the keys and the formats of values.
   *
   * @param specification the specification
   * @return a new builder with its settings made
   * @throws NullPointerException if {@code specification} is null
   * @throws IllegalArgumentException if the specification does not parse, or the builder refuses one of its
   *     settings; the message names the key and quotes the specification
   */
  public static CacheBuilder<Object, Object> from(String specification) {
    return CacheBuilderSpec.parse(specification).toBuilder();
  }

  /**
   * Returns a builder with the settings of a parsed specification, as {@link #from(String)}.
   *
   * @param specification the parsed specification
   * @return a new builder with its settings made
   * @throws NullPointerException if {@code specification} is null
   */
  public static CacheBuilder<Object, Object> from(CacheBuilderSpec specification) {
    requireNonNull(specification, "specification");
    return specification.toBuilder();
  }

  /**
   * Sets the most entries the cache holds. Without it, or {@link #maximumWeight}, the cache is unbounded in size.
   * With 0 the cache keeps nothing, as Caffeine's: each entry written is evicted at once, reported to the listeners
   * with {@link RemovalCause#SIZE}, and a load's value is returned to its callers but not kept. A maximum of
   * {@link Integer#MAX_VALUE} is the same as none: {@link Policy#eviction()} is then empty.
   *
   * @param maximumSize at least 0 and at most {@link Integer#MAX_VALUE}
   * @return this builder
   */
  public CacheBuilder<K, V> maximumSize(long maximumSize) {
    requireUnset(this.maximumSize == UNSET, "maximumSize", this.maximumSize);
    if (maximumWeight != UNSET) {
      throw new IllegalStateException("maximumSize cannot be set: maximumWeight was already set to " + maximumWeight);
    }
    if (maximumSize < 0 || maximumSize > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "maximumSize must be between 0 and " + Integer.MAX_VALUE + " but was " + maximumSize);
    }
    this.maximumSize = maximumSize;
    return this;
  }

  /**
   * Bounds the cache by the total weight of its entries instead of their number, as Caffeine's
   * {@code maximumWeight}; needs a {@link #weigher}, and excludes {@link #maximumSize}. CLOCK-Pro then measures its
   * hot and cold targets and its history in weight (see docs/design.md).
   *
   * <p>The bound and the work of an operation: an operation evicts at most
   * {@link #MAXIMUM_EVICTIONS_PER_OPERATION} entries, each eviction examining at most the {@link #scanLimit}.
   * Where an insert, or a value replaced by a heavier one, needs more room than that frees, the cache holds more
   * than {@code maximumWeight} for a while: the following writes each evict as many again while the cache is over
   * its maximum, and {@link ClockProCache#cleanUp()} evicts until it is within. The excess is bounded: the resident
   * weight never exceeds twice {@code maximumWeight} (or, after {@link Policy#setMaximum} shrank the maximum, what
   * the cache held then, falling as the excess is repaid); a write that would take the cache past that evicts the
   * entry it wrote instead. Once no operation is in flight and {@code cleanUp()} has run, the resident weight is at
   * most {@code maximumWeight}.
   *
   * <p>An entry heavier than {@code maximumWeight} is not kept: it is reported to the removal listener with
   * {@link RemovalCause#SIZE} at once, as in Caffeine. An entry of weight 0 takes no room. A load in flight weighs
   * 0 until its value arrives.
   *
   * @param maximumWeight at least 0; with 0 only entries of weight 0 are kept
   * @return this builder
   * @throws IllegalStateException if {@link #maximumSize} or this was already set
   */
  public CacheBuilder<K, V> maximumWeight(long maximumWeight) {
    requireUnset(this.maximumWeight == UNSET, "maximumWeight", this.maximumWeight);
    if (maximumSize != UNSET) {
      throw new IllegalStateException("maximumWeight cannot be set: maximumSize was already set to " + maximumSize);
    }
    if (maximumWeight < 0) {
      throw new IllegalArgumentException("maximumWeight must be at least 0 but was " + maximumWeight);
    }
    this.maximumWeight = maximumWeight;
    return this;
  }

  /**
   * Sets how entries are weighed for {@link #maximumWeight}, which must be set too.
   *
   * @param weigher weighs each value written
   * @param <K1> the key type of the built cache
   * @param <V1> the value type of the built cache
   * @return this builder, typed for the weigher
   * @throws IllegalStateException if a weigher was already set
   */
  public <K1 extends K, V1 extends V> CacheBuilder<K1, V1> weigher(Weigher<? super K1, ? super V1> weigher) {
    requireNonNull(weigher, "weigher");
    requireUnset(this.weigher == null, "weigher", this.weigher);
    @SuppressWarnings("unchecked")
    CacheBuilder<K1, V1> self = (CacheBuilder<K1, V1>) this;
    self.weigher = weigher;
    return self;
  }

  /**
   * Sets the scan limit: the most entries one eviction may examine, across both hands, before it evicts the best
   * candidate seen. Defaults to {@value #DEFAULT_SCAN_LIMIT}.
   *
   * @param scanLimit at least 1
   * @return this builder
   */
  public CacheBuilder<K, V> scanLimit(int scanLimit) {
    requireUnset(this.scanLimit == UNSET, "scanLimit", this.scanLimit);
    if (scanLimit < 1) {
      throw new IllegalArgumentException("scanLimit must be at least 1 but was " + scanLimit);
    }
    this.scanLimit = scanLimit;
    return this;
  }

  /**
   * Sizes the internal table for this many entries, to avoid resizing while the cache fills. Values above the
   * maximum size are treated as the maximum size.
   *
   * @param initialCapacity at least 0
   * @return this builder
   */
  public CacheBuilder<K, V> initialCapacity(int initialCapacity) {
    requireUnset(this.initialCapacity == UNSET, "initialCapacity", this.initialCapacity);
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("initialCapacity must be at least 0 but was " + initialCapacity);
    }
    this.initialCapacity = initialCapacity;
    return this;
  }

  /**
   * Sets the listener told of every removed entry.
   *
   * @param listener the listener
   * @param <K1> the key type of the built cache
   * @param <V1> the value type of the built cache
   * @return this builder, typed for the listener
   */
  public <K1 extends K, V1 extends V> CacheBuilder<K1, V1> removalListener(
      RemovalListener<? super K1, ? super V1> listener) {
    requireNonNull(listener, "listener");
    if (removalListener != null) {
      throw new IllegalStateException("removalListener was already set to " + removalListener);
    }
    @SuppressWarnings("unchecked")
    CacheBuilder<K1, V1> self = (CacheBuilder<K1, V1>) this;
    self.removalListener = listener;
    return self;
  }

  /**
   * Sets the listener told of every entry the policy removes: {@link RemovalCause#wasEvicted() evicted} for size,
   * expired or collected, as Caffeine's {@code evictionListener}. It is called exactly once for each such entry, on the thread
   * whose operation removed it, before that operation returns and before the {@link #removalListener}; an exception
   * it throws is logged and otherwise ignored.
   *
   * <p>Differs from Caffeine: Caffeine calls it inside the atomic removal, under a lock of the entry's hash bin, so a
   * write of the same key waits for it. Here it runs after the cache's locks are released, as the removal listener
   * does: no user code runs under the eviction lock, whose holder every writer of the cache waits for (see
   * docs/design.md). A write of the same key may therefore be seen by another thread before the listener runs.
   *
   * @param listener the listener
   * @param <K1> the key type of the built cache
   * @param <V1> the value type of the built cache
   * @return this builder, typed for the listener
   * @throws IllegalStateException if an eviction listener was already set
   */
  public <K1 extends K, V1 extends V> CacheBuilder<K1, V1> evictionListener(
      RemovalListener<? super K1, ? super V1> listener) {
    requireNonNull(listener, "listener");
    requireUnset(evictionListener == null, "evictionListener", evictionListener);
    @SuppressWarnings("unchecked")
    CacheBuilder<K1, V1> self = (CacheBuilder<K1, V1>) this;
    self.evictionListener = listener;
    return self;
  }

  /**
   * Accepted for Caffeine's code: statistics are always recorded, so this changes nothing. Each counter is a
   * per-thread cell written without an atomic instruction (see {@link CacheStats}).
   *
   * @return this builder
   * @throws IllegalStateException if called twice, as in Caffeine
   */
  public CacheBuilder<K, V> recordStats() {
    requireUnset(!recordingStats, "recordStats", true);
    recordingStats = true;
    return this;
  }

  /**
   * Makes each entry expire once the duration has passed since its value was last written: created, put or
   * replaced. A duration beyond about 146 years counts as that. Combines with {@link #expireAfterAccess}: the entry
   * then expires at whichever deadline comes first.
   *
   * @param duration at least zero
   * @return this builder
   * @throws IllegalStateException if it or {@link #expireAfter} was already set
   */
  public CacheBuilder<K, V> expireAfterWrite(Duration duration) {
    requireNonNull(duration, "duration");
    requireFixedExpiryAllowed("expireAfterWrite", expireAfterWriteNanos);
    this.expireAfterWriteNanos = nonNegativeNanos(duration, "expireAfterWrite");
    return this;
  }

  /**
   * As {@link #expireAfterWrite(Duration)}, in Caffeine's form.
   *
   * @param duration at least zero
   * @param unit the unit of {@code duration}
   * @return this builder
   * @throws IllegalStateException if it or {@link #expireAfter} was already set
   */
  public CacheBuilder<K, V> expireAfterWrite(long duration, TimeUnit unit) {
    return expireAfterWrite(toDuration(duration, unit, "expireAfterWrite"));
  }

  /**
   * Makes each entry expire once the duration has passed since it was last written or read. A read renews the
   * entry without a lock: see docs/design.md, "Expiry". So that a read need not write, it renews the entry only
   * when that moves its expiry later by more than 1/64 of the duration: an entry expires at the earliest
   * 63/64 of the duration after its last read, and at the latest the whole duration after it. A write always
   * renews in full. Combines with {@link #expireAfterWrite}.
   *
   * @param duration at least zero
   * @return this builder
   * @throws IllegalStateException if it or {@link #expireAfter} was already set
   */
  public CacheBuilder<K, V> expireAfterAccess(Duration duration) {
    requireNonNull(duration, "duration");
    requireFixedExpiryAllowed("expireAfterAccess", expireAfterAccessNanos);
    this.expireAfterAccessNanos = nonNegativeNanos(duration, "expireAfterAccess");
    return this;
  }

  /**
   * As {@link #expireAfterAccess(Duration)}, in Caffeine's form.
   *
   * @param duration at least zero
   * @param unit the unit of {@code duration}
   * @return this builder
   * @throws IllegalStateException if it or {@link #expireAfter} was already set
   */
  public CacheBuilder<K, V> expireAfterAccess(long duration, TimeUnit unit) {
    return expireAfterAccess(toDuration(duration, unit, "expireAfterAccess"));
  }

  /**
   * Gives each entry the lifetime the {@link Expiry} decides, when it is created, updated and read.
   *
   * @param expiry decides the lifetimes
   * @param <K1> the key type of the built cache
   * @param <V1> the value type of the built cache
   * @return this builder, typed for the expiry
   * @throws IllegalStateException if a kind of expiry was already chosen
   */
  public <K1 extends K, V1 extends V> CacheBuilder<K1, V1> expireAfter(Expiry<? super K1, ? super V1> expiry) {
    requireNonNull(expiry, "expiry");
    String chosen = chosenExpiry();
    if (chosen != null) {
      throw new IllegalStateException("expireAfter cannot be set: " + chosen + " was already set, and a cache"
          + " expires either by fixed lifetimes or by an Expiry");
    }
    @SuppressWarnings("unchecked")
    CacheBuilder<K1, V1> self = (CacheBuilder<K1, V1>) this;
    self.expiry = expiry;
    return self;
  }

  /**
   * Holds each key by a {@link java.lang.ref.WeakReference} and compares keys by identity, as Caffeine's
   * {@code weakKeys}: a key the program no longer holds may be collected, and its entry then leaves the cache. As in
   * Caffeine:
   * <ul>
   *   <li>keys compare by identity ({@code ==}) and hash by {@link System#identityHashCode}, in every operation
   *       and in {@link ClockProCache#asMap()}: two keys that are {@code equals} but distinct are two entries, and
   *       an entry is found only with the very key object it was written with;
   *   <li>an entry whose key was collected is never served: no key finds it again, and views and iteration leave
   *       it out; it may be counted in {@link ClockProCache#estimatedSize()} until it is cleared;
   *   <li>it is reported to the removal and eviction listeners with a {@code null} key and
   *       {@link RemovalCause#COLLECTED} (whatever removed it), and counted in {@link CacheStats#evictionCount()};
   *   <li>entries collected are cleared a bounded number at a time, at most the {@link #scanLimit} per write that
   *       inserts, and all by {@link ClockProCache#cleanUp()};
   *   <li>user code (loader, weigher, expiry, listeners, compute functions) is given the program's key;
   *   <li>combines with every other setting, {@link #weakValues}, {@link #softValues} and {@code buildAsync}
   *       included.
   * </ul>
   * Only a cache built with it pays: the engine is keyed by small objects made at the edge, one per read (a lookup
   * key) and one per write (a weak reference, with its identity hash), and each entry holds its key through a weak
   * reference. A cache without it keeps its entry shapes and its hit path.
   *
   * @return this builder
   * @throws IllegalStateException if it was already set
   */
  public CacheBuilder<K, V> weakKeys() {
    requireUnset(!weakKeys, "weakKeys", true);
    weakKeys = true;
    return this;
  }

  /**
   * Holds each value by a {@link java.lang.ref.WeakReference}, as Caffeine's {@code weakValues}: a value the
   * program no longer holds may be collected, and its entry then leaves the cache, reported to the listeners with
   * {@link RemovalCause#COLLECTED} and a {@code null} value, and counted in {@link CacheStats#evictionCount()}. As in
   * Caffeine:
   * <ul>
   *   <li>values compare by identity ({@code ==}) in {@code asMap().remove(key, value)},
   *       {@code replace(key, oldValue, newValue)} and {@code containsValue};
   *   <li>an entry whose value was collected is never served: a read misses, and a loading cache loads it again;
   *       it may be counted in {@link ClockProCache#estimatedSize()} until it is cleared;
   *   <li>entries collected are cleared a bounded number at a time, at most the {@link #scanLimit} per write that
   *       inserts, and all by {@link ClockProCache#cleanUp()};
   *   <li>combines with every setting but {@link #buildAsync()} and its loading forms, which throw
   *       {@link IllegalStateException}.
   * </ul>
   * Each entry costs more memory than a cache that holds its values strongly: the reference object, and the
   * widest entry shape, which serves every combination of weigher, expiry and refresh.
   *
   * @return this builder
   * @throws IllegalStateException if {@link #weakValues} or {@link #softValues} was already set
   */
  public CacheBuilder<K, V> weakValues() {
    requireUnset(valueStrength == null, "value strength", valueStrength);
    valueStrength = ValueStrength.WEAK;
    return this;
  }

  /**
   * Holds each value by a {@link java.lang.ref.SoftReference}, as Caffeine's {@code softValues}: the garbage
   * collector takes such values, globally, in response to memory demand. Otherwise as {@link #weakValues}.
   *
   * @return this builder
   * @throws IllegalStateException if {@link #weakValues} or {@link #softValues} was already set
   */
  public CacheBuilder<K, V> softValues() {
    requireUnset(valueStrength == null, "value strength", valueStrength);
    valueStrength = ValueStrength.SOFT;
    return this;
  }

  /**
   * Sets the source of time for expiry and {@link #refreshAfterWrite}. Defaults to {@link Ticker#systemTicker()};
   * ignored by a cache without either.
   *
   * @param ticker the time source
   * @return this builder
   */
  public CacheBuilder<K, V> ticker(Ticker ticker) {
    requireNonNull(ticker, "ticker");
    requireUnset(this.ticker == null, "ticker", this.ticker);
    this.ticker = ticker;
    return this;
  }

  /**
   * Sets the scheduler that runs {@link ClockProCache#cleanUp()} when entries fall due, so that they leave while
   * the cache is idle. Optional: without one, expired entries leave during later operations and
   * {@link ClockProCache#cleanUp()}. Ignored by a cache without expiry.
   *
   * @param scheduler the scheduler, for example {@link Scheduler#forScheduledExecutorService}
   * @return this builder
   */
  public CacheBuilder<K, V> scheduler(Scheduler scheduler) {
    requireNonNull(scheduler, "scheduler");
    requireUnset(this.scheduler == null, "scheduler", this.scheduler);
    this.scheduler = scheduler;
    return this;
  }

  /**
   * Sets the executor that runs reloads for refreshes ({@link #refreshAfterWrite},
   * {@link ClockProLoadingCache#refresh}) and, for an {@link #buildAsync() asynchronous cache}, the functions of
   * {@link ClockProAsyncCache#get(Object, java.util.function.Function)}. Defaults to
   * {@link ForkJoinPool#commonPool()}, as in Caffeine.
   *
   * @param executor the executor
   * @return this builder
   */
  public CacheBuilder<K, V> executor(Executor executor) {
    requireNonNull(executor, "executor");
    requireUnset(this.executor == null, "executor", this.executor);
    this.executor = executor;
    return this;
  }

  /**
   * Makes a read of an entry whose value was written at least the duration ago (by the {@link #ticker}) return that
   * value and start one reload of it on the {@link #executor}: see {@link ClockProLoadingCache}. The rules of its
   * combinations:
   * <ul>
   *   <li>It needs a loader, {@link #build(CacheLoader)} or {@code buildAsync} with one: {@link #build()} and
   *       {@link #buildAsync()} throw {@link IllegalStateException}.
   *   <li>It combines with expiry ({@link #expireAfterWrite}, {@link #expireAfterAccess}, both, or
   *       {@link #expireAfter}), set before or after it. A refresh is useful only if it comes before the entry
   *       expires: a duration not shorter than {@code expireAfterWrite} never refreshes an entry, as in Caffeine,
   *       and is allowed.
   *   <li>A read of an entry that has expired misses, and {@code get} loads it as it loads an absent key, on the
   *       calling thread: an expired entry is never refreshed.
   *   <li>A reload stores its value only if the entry still holds the value the refresh started from and has not
   *       expired: a reload that ends after its entry expired, was removed or was replaced changes nothing. A
   *       stored reload is a write: it renews the write time, and the entry's lifetime as a put would (with an
   *       {@link Expiry}, to what its {@code expireAfterUpdate} returns).
   * </ul>
   *
   * @param duration more than zero
   * @param unit the unit of {@code duration}
   * @return this builder
   */
  public CacheBuilder<K, V> refreshAfterWrite(long duration, TimeUnit unit) {
    return refreshAfterWrite(toDuration(duration, unit, "refreshAfterWrite"));
  }

  /**
   * As {@link #refreshAfterWrite(long, TimeUnit)}, with a {@link Duration}.
   *
   * @param duration more than zero
   * @return this builder
   */
  public CacheBuilder<K, V> refreshAfterWrite(Duration duration) {
    requireNonNull(duration, "duration");
    requireUnset(refreshAfterWriteNanos == UNSET, "refreshAfterWrite", refreshAfterWriteNanos);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("refreshAfterWrite must be positive but was " + duration);
    }
    this.refreshAfterWriteNanos = Durations.saturatedNanos(duration);
    return this;
  }

  /**
   * Builds a cache that loads missing values with the loader.
   *
   * @param loader computes values; see {@link CacheLoader}
   * @param <K1> the key type
   * @param <V1> the value type
   * @return a new, empty cache
   * @throws NullPointerException if {@code loader} is null
   * @throws IllegalStateException if one of {@link #maximumWeight(long)} and {@link #weigher} was set without the
   *     other
   */
  public <K1 extends K, V1 extends V> ClockProLoadingCache<K1, V1> build(CacheLoader<? super K1, V1> loader) {
    requireNonNull(loader, "loader");
    requireBound();
    return CacheFactory.newLoadingCache(new Settings<K1, V1>(this), loader);
  }

  /**
   * Builds a cache whose loads are asynchronous.
   *
   * @param <K1> the key type
   * @param <V1> the value type
   * @return a new, empty cache
   * @throws IllegalStateException if one of {@link #maximumWeight(long)} and {@link #weigher} was set without the
   *     other, or if {@link #refreshAfterWrite} was
   * @throws IllegalStateException if {@link #weakValues} or {@link #softValues} was set
   */
  public <K1 extends K, V1 extends V> ClockProAsyncCache<K1, V1> buildAsync() {
    requireNoRefresh();
    requireStrongValues();
    requireBound();
    return CacheFactory.newAsyncCache(new Settings<K1, V1>(this));
  }

  /**
   * Builds an asynchronous cache that loads missing values with the loader, as Caffeine's
   * {@code buildAsync(CacheLoader)}: {@link ClockProAsyncLoadingCache#get(Object)} runs {@link CacheLoader#load} on
   * the {@link #executor}. Combines with every other setting, {@link #refreshAfterWrite} included.
   *
   * @param loader computes values; see {@link CacheLoader}
   * @param <K1> the key type
   * @param <V1> the value type
   * @return a new, empty cache
   * @throws NullPointerException if {@code loader} is null
   * @throws IllegalStateException if one of {@link #maximumWeight(long)} and {@link #weigher} was set without the
   *     other
   * @throws IllegalStateException if {@link #weakValues} or {@link #softValues} was set
   */
  public <K1 extends K, V1 extends V> ClockProAsyncLoadingCache<K1, V1> buildAsync(
      CacheLoader<? super K1, V1> loader) {
    return buildAsync((AsyncCacheLoader<? super K1, V1>) loader);
  }

  /**
   * Builds an asynchronous cache that loads missing values with the loader, as Caffeine's
   * {@code buildAsync(AsyncCacheLoader)}. Its {@link ClockProAsyncLoadingCache#synchronous() synchronous view}'s
   * loads wait for the loader's future on the calling thread; refreshes ({@link #refreshAfterWrite},
   * {@link ClockProLoadingCache#refresh}) call {@link AsyncCacheLoader#asyncReload} and wait for nothing.
   *
   * @param loader starts the loads; see {@link AsyncCacheLoader}
   * @param <K1> the key type
   * @param <V1> the value type
   * @return a new, empty cache
   * @throws NullPointerException if {@code loader} is null
   * @throws IllegalStateException if one of {@link #maximumWeight(long)} and {@link #weigher} was set without the
   *     other
   * @throws IllegalStateException if {@link #weakValues} or {@link #softValues} was set
   */
  public <K1 extends K, V1 extends V> ClockProAsyncLoadingCache<K1, V1> buildAsync(
      AsyncCacheLoader<? super K1, V1> loader) {
    requireNonNull(loader, "loader");
    requireStrongValues();
    requireBound();
    return CacheFactory.newAsyncLoadingCache(new Settings<K1, V1>(this), loader);
  }

  /**
   * Builds the cache.
   *
   * @param <K1> the key type
   * @param <V1> the value type
   * @return a new, empty cache
   * @throws IllegalStateException if one of {@link #maximumWeight(long)} and {@link #weigher} was set without the
   *     other, or if {@link #refreshAfterWrite} was (which needs {@link #build(CacheLoader)})
   */
  public <K1 extends K, V1 extends V> ClockProCache<K1, V1> build() {
    requireNoRefresh();
    requireBound();
    return CacheFactory.newCache(new Settings<K1, V1>(this));
  }

  /**
   * The builder's settings as the engine takes them, defaults applied: a copy, so that a later change of this
   * builder does not reach a cache it built.
   */
  private static final class Settings<K, V> implements CacheSettings<K, V> {

    private final long maximum;
    private final Weigher<? super K, ? super V> weigher;
    private final int scanLimit;
    private final int initialCapacity;
    private final RemovalListener<? super K, ? super V> removalListener;
    private final long expireAfterWriteNanos;
    private final long expireAfterAccessNanos;
    private final Expiry<K, V> expiry;
    private final Ticker ticker;
    private final Scheduler scheduler;
    private final Executor executor;
    private final long refreshAfterWriteNanos;
    private final ValueStrength valueStrength;
    private final boolean weakKeys;

    Settings(CacheBuilder<? super K, ? super V> builder) {
      this.maximum = builder.maximum();
      this.weigher = builder.<K, V>typedWeigher();
      this.scanLimit = builder.scanLimitOrDefault();
      this.initialCapacity = builder.initialCapacityOrDefault();
      this.removalListener = builder.<K, V>listeners();
      this.expireAfterWriteNanos = builder.expireAfterWriteNanos;
      this.expireAfterAccessNanos = builder.expireAfterAccessNanos;
      this.expiry = builder.<K, V>typedExpiry();
      this.ticker = builder.tickerOrDefault();
      this.scheduler = builder.schedulerOrDefault();
      this.executor = builder.executorOrDefault();
      this.refreshAfterWriteNanos = builder.refreshAfterWriteNanos;
      this.valueStrength = builder.valueStrength == null ? ValueStrength.STRONG : builder.valueStrength;
      this.weakKeys = builder.weakKeys;
    }

    @Override
    public long maximum() {
      return maximum;
    }

    @Override
    public Weigher<? super K, ? super V> weigher() {
      return weigher;
    }

    @Override
    public int scanLimit() {
      return scanLimit;
    }

    @Override
    public int initialCapacity() {
      return initialCapacity;
    }

    @Override
    public RemovalListener<? super K, ? super V> removalListener() {
      return removalListener;
    }

    @Override
    public long expireAfterWriteNanos() {
      return expireAfterWriteNanos;
    }

    @Override
    public long expireAfterAccessNanos() {
      return expireAfterAccessNanos;
    }

    @Override
    public Expiry<K, V> expiry() {
      return expiry;
    }

    @Override
    public Ticker ticker() {
      return ticker;
    }

    @Override
    public Scheduler scheduler() {
      return scheduler;
    }

    @Override
    public Executor executor() {
      return executor;
    }

    @Override
    public long refreshAfterWriteNanos() {
      return refreshAfterWriteNanos;
    }

    @Override
    public ValueStrength valueStrength() {
      return valueStrength;
    }

    @Override
    public boolean weakKeys() {
      return weakKeys;
    }
  }

  /**
   * The bound the engine counts against: the maximum weight with a weigher, else the maximum size; without either,
   * {@link Integer#MAX_VALUE} entries, which no heap holds.
   */
  private long maximum() {
    if (weigher != null) {
      return maximumWeight;
    }
    return maximumSize == UNSET ? Integer.MAX_VALUE : maximumSize;
  }

  /**
   * The listener the engine calls: the removal listener, the eviction listener, or for both one that calls the
   * eviction listener first for an evicted entry, then the removal listener, each failure logged apart.
   */
  @SuppressWarnings("unchecked")
  private <K1 extends K, V1 extends V> RemovalListener<? super K1, ? super V1> listeners() {
    RemovalListener<K1, V1> removal = (RemovalListener<K1, V1>) removalListener;
    RemovalListener<K1, V1> eviction = (RemovalListener<K1, V1>) evictionListener;
    if (eviction == null) {
      return removal;
    }
    return new EvictionAndRemovalListener<>(eviction, removal);
  }

  /** The weigher, typed for the cache being built: {@link #weigher} checked its types. */
  @SuppressWarnings("unchecked")
  private <K1 extends K, V1 extends V> Weigher<K1, V1> typedWeigher() {
    return (Weigher<K1, V1>) weigher;
  }

  /** The expiry, typed for the cache being built: {@link #expireAfter} checked its types. */
  @SuppressWarnings("unchecked")
  private <K1 extends K, V1 extends V> Expiry<K1, V1> typedExpiry() {
    return (Expiry<K1, V1>) expiry;
  }

  private Ticker tickerOrDefault() {
    return ticker == null ? Ticker.systemTicker() : ticker;
  }

  private Scheduler schedulerOrDefault() {
    return scheduler == null ? Scheduler.disabledScheduler() : scheduler;
  }

  /** Checks that a fixed lifetime may be set: it was not set before, and no {@link Expiry} was. */
  private void requireFixedExpiryAllowed(String setting, long current) {
    requireUnset(current == UNSET, setting, Duration.ofNanos(current));
    if (expiry != null) {
      throw new IllegalStateException(setting + " cannot be set: expireAfter was already set, and a cache"
          + " expires either by fixed lifetimes or by an Expiry");
    }
  }

  private String chosenExpiry() {
    return expireAfterWriteNanos != UNSET ? "expireAfterWrite"
        : expireAfterAccessNanos != UNSET ? "expireAfterAccess"
        : expiry != null ? "expireAfter" : null;
  }

  /** As Caffeine: an asynchronous cache holds futures, which weak or soft references would let go too early. */
  private void requireStrongValues() {
    if (valueStrength != null) {
      throw new IllegalStateException(valueStrength.name().toLowerCase(Locale.ROOT)
          + "Values cannot be combined with buildAsync: an asynchronous cache holds its values strongly");
    }
  }

  private void requireNoRefresh() {
    if (refreshAfterWriteNanos != UNSET) {
      throw new IllegalStateException("refreshAfterWrite needs a loader: use build(CacheLoader)");
    }
  }

  /** Checks the bound's settings: a maximum weight comes with its weigher. */
  private void requireBound() {
    if (weigher != null && maximumWeight == UNSET) {
      throw new IllegalStateException("weigher needs maximumWeight, which was not set");
    }
    if (maximumWeight != UNSET && weigher == null) {
      throw new IllegalStateException("maximumWeight needs a weigher, which was not set");
    }
  }

  private int scanLimitOrDefault() {
    return scanLimit == UNSET ? DEFAULT_SCAN_LIMIT : scanLimit;
  }

  private int initialCapacityOrDefault() {
    long maximum = maximumSize == UNSET ? Integer.MAX_VALUE : maximumSize;
    return (int) Math.min(maximum, initialCapacity == UNSET ? 16 : initialCapacity);
  }

  private Executor executorOrDefault() {
    return executor == null ? ForkJoinPool.commonPool() : executor;
  }

  private static Duration toDuration(long duration, TimeUnit unit, String setting) {
    requireNonNull(unit, "unit");
    if (duration < 0) {
      throw new IllegalArgumentException(setting + " must not be negative but was " + duration + " " + unit);
    }
    return Duration.ofNanos(unit.toNanos(duration)); // saturates, as the builder's lifetimes do
  }

  private static long nonNegativeNanos(Duration duration, String setting) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException(setting + " must not be negative but was " + duration);
    }
    return Durations.saturatedNanos(duration);
  }

  private static void requireUnset(boolean unset, String setting, Object current) {
    if (!unset) {
      throw new IllegalStateException(setting + " was already set to " + current);
    }
  }
}
