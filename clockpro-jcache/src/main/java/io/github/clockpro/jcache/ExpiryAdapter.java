package io.github.clockpro.jcache;

import io.github.clockpro.Expiry;
import java.util.concurrent.TimeUnit;
import javax.cache.expiry.Duration;
import javax.cache.expiry.ExpiryPolicy;

/**
 * Maps a JCache {@link ExpiryPolicy} onto the core's {@link Expiry}: creation, update and access give an entry
 * the policy's {@link ExpiryPolicy#getExpiryForCreation() creation}, {@link ExpiryPolicy#getExpiryForUpdate()
 * update} and {@link ExpiryPolicy#getExpiryForAccess() access} durations. {@link Duration#ZERO} expires the entry
 * at once; a {@code null} duration keeps its lifetime (for creation, where JSR-107 allows no {@code null}, it
 * means eternal); {@link Duration#ETERNAL} and durations beyond about 146 years count as the core's longest.
 * A policy that throws counts as {@code null}, as in the reference implementation.
 *
 * <p>That natural mapping is what a cache unwrapped to {@link io.github.clockpro.ClockProCache} gets. The
 * {@link CacheProxy} needs more control, because a JCache operation is not always the core operation it runs
 * on: a {@code replace} whose expected value differs is an access to JSR-107 but a write through
 * {@code compute} to the core, a {@code containsKey} is no access at all, and a creation whose duration is zero
 * must not be stored. So before a core call the proxy may leave an <em>intent</em> for the calling thread: a
 * duration it has already asked the policy for, which the next create or update takes instead of asking again,
 * or the instruction to keep lifetimes on reads. The core calls its expiry on the thread of the operation (see
 * {@link Expiry}), so a thread-local intent reaches exactly the call it was meant for; the proxy clears it
 * after each core call.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class ExpiryAdapter<K, V> implements Expiry<K, V> {

  /** A duration meaning "keep the current lifetime": the policy returned {@code null}. */
  static final long UNCHANGED = Long.MIN_VALUE;

  /** The core's longest lifetime, about 146 years; longer ones count as this. */
  static final long ETERNAL_NANOS = Long.MAX_VALUE >> 1;

  private final ExpiryPolicy policy;
  /** Written and read only by its own thread: see the class comment. */
  private final ThreadLocal<Intent> intents = ThreadLocal.withInitial(Intent::new);

  ExpiryAdapter(ExpiryPolicy policy) {
    this.policy = policy;
  }

  /** The policy this adapter asks. */
  ExpiryPolicy policy() {
    return policy;
  }

  @Override
  public long expireAfterCreate(K key, V value, long currentTime) {
    Intent intent = intents.get();
    long nanos = intent.precomputed ? intent.nanos : creationNanos();
    return nanos == UNCHANGED ? ETERNAL_NANOS : nanos;
  }

  @Override
  public long expireAfterUpdate(K key, V value, long currentTime, long currentDuration) {
    Intent intent = intents.get();
    long nanos = intent.precomputed ? intent.nanos : updateNanos();
    return nanos == UNCHANGED ? currentDuration : nanos;
  }

  @Override
  public long expireAfterRead(K key, V value, long currentTime, long currentDuration) {
    if (intents.get().keepOnRead) {
      return currentDuration;
    }
    long nanos = accessNanos();
    return nanos == UNCHANGED ? currentDuration : nanos;
  }

  /** Makes the next creates and updates on this thread take {@code nanos}, until {@link #clear()}. */
  void precompute(long nanos) {
    Intent intent = intents.get();
    intent.precomputed = true;
    intent.nanos = nanos;
  }

  /** Makes reads on this thread keep lifetimes, until {@link #clear()}. */
  void keepOnRead() {
    intents.get().keepOnRead = true;
  }

  /** Drops this thread's intent: the natural mapping again. */
  void clear() {
    Intent intent = intents.get();
    intent.precomputed = false;
    intent.keepOnRead = false;
  }

  /** The creation duration in nanoseconds: never {@link #UNCHANGED}, which creation does not allow. */
  long creationNanos() {
    Duration duration;
    try {
      duration = policy.getExpiryForCreation();
    } catch (RuntimeException ignored) {
      duration = null;
    }
    return duration == null ? ETERNAL_NANOS : nanos(duration);
  }

  /** The update duration in nanoseconds, or {@link #UNCHANGED}. */
  long updateNanos() {
    try {
      return nanos(policy.getExpiryForUpdate());
    } catch (RuntimeException ignored) {
      return UNCHANGED;
    }
  }

  /** The access duration in nanoseconds, or {@link #UNCHANGED}. */
  long accessNanos() {
    try {
      return nanos(policy.getExpiryForAccess());
    } catch (RuntimeException ignored) {
      return UNCHANGED;
    }
  }

  private static long nanos(Duration duration) {
    if (duration == null) {
      return UNCHANGED;
    }
    if (duration.isEternal()) {
      return ETERNAL_NANOS;
    }
    TimeUnit unit = duration.getTimeUnit();
    long nanos = unit.toNanos(duration.getDurationAmount()); // saturates at Long.MAX_VALUE
    return Math.min(Math.max(0, nanos), ETERNAL_NANOS);
  }

  /** What the proxy asked of the expiry for the current operation of one thread. */
  private static final class Intent {
    boolean precomputed;
    long nanos;
    boolean keepOnRead;
  }
}
