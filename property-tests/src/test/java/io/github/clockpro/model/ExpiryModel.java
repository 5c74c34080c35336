package io.github.clockpro.model;

import io.github.clockpro.Expiry;
import java.util.HashMap;
import java.util.Map;

/**
 * A sequential model of expiry: the time, and each held entry's deadline, written from the contract of
 * {@code CacheBuilder.expireAfterWrite}, {@code expireAfterAccess}, {@code expireAfter(Expiry)} and
 * {@code docs/design.md} ("Time and deadlines"), with no code in common with the core. It decides which entries
 * are live; which held entries the cache has removed is the caller's business (the removal listener says).
 *
 * <ul>
 *   <li>The time only moves forward ({@link #advanceTo}); the cache's own floor on time is checked elsewhere.
 *   <li>An entry is live while the time is before its deadline: a read at or after the deadline misses.
 *   <li>After write: a create, an update (put, replace, compute, a load's value) sets the deadline to now plus
 *       the lifetime; reads leave it. After access: a read that hits sets it too, if that moves it by more than 1/64
 *       of the lifetime. With an {@link Expiry}: its three
 *       methods, asked with the time and, for an update or a read, the nanoseconds left; a negative answer
 *       counts as 0, one beyond {@code Long.MAX_VALUE >> 1} as that.
 *   <li>Each entry also keeps the latest deadline it has had since it was created: an {@code Expiry} can bring
 *       a deadline forward, and the cache's timer may still hold the entry by that later time.
 * </ul>
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class ExpiryModel<K, V> {

  /** The kinds of expiry, one per cache. */
  public enum Kind { AFTER_WRITE, AFTER_ACCESS, VARIABLE }

  /** The longest lifetime the contract keeps. */
  private static final long LONGEST_LIFETIME = Long.MAX_VALUE >> 1;

  /** A held entry's deadline, and the latest deadline it has had since it was created. */
  private record Deadlines(long current, long latest) {}

  private final Kind kind;
  private final long lifetime;
  private final Expiry<K, V> expiry;
  private final Map<K, Deadlines> deadlines = new HashMap<>();
  private long now;

  /**
   * @param kind the kind of expiry
   * @param lifetime the fixed lifetime in nanoseconds, for {@link Kind#AFTER_WRITE} and {@link Kind#AFTER_ACCESS}
   * @param expiry the per-entry expiry, for {@link Kind#VARIABLE}
   * @param start the time at which the cache is built
   */
  public ExpiryModel(Kind kind, long lifetime, Expiry<K, V> expiry, long start) {
    this.kind = kind;
    this.lifetime = lifetime;
    this.expiry = expiry;
    this.now = start;
  }

  /** The model's time. */
  public long now() {
    return now;
  }

  /** Moves the time forward; the model's time never goes back. */
  public void advanceTo(long time) {
    if (time - now < 0) {
      throw new IllegalArgumentException("the model's time goes back from " + now + " to " + time);
    }
    now = time;
  }

  /** Whether a held entry is live now. */
  public boolean isLive(K key) {
    return now - deadline(key).current < 0;
  }

  /**
   * Whether a held entry has had, since it was created, a deadline after {@code time}: so that a timer which
   * scheduled it by that deadline may still hold it at {@code time}.
   */
  public boolean hadDeadlineAfter(K key, long time) {
    return deadline(key).latest - time > 0;
  }

  /** A new entry, stored by a put of an absent key, a compute or a load. */
  public void created(K key, V value) {
    long nanos = kind == Kind.VARIABLE ? bounded(expiry.expireAfterCreate(key, value, now)) : lifetime;
    deadlines.put(key, new Deadlines(now + nanos, now + nanos));
  }

  /** A new value for a live entry. */
  public void updated(K key, V value) {
    Deadlines held = deadline(key);
    long nanos = kind == Kind.VARIABLE
        ? bounded(expiry.expireAfterUpdate(key, value, now, held.current - now)) : lifetime;
    renew(key, held, now + nanos);
  }

  /** A read that found the entry live. */
  public void read(K key, V value) {
    Deadlines held = deadline(key);
    if (kind == Kind.AFTER_ACCESS) {
      if (now + lifetime - held.current > lifetime >> 6) {
        renew(key, held, now + lifetime);
      }
    } else if (kind == Kind.VARIABLE) {
      renew(key, held, now + bounded(expiry.expireAfterRead(key, value, now, held.current - now)));
    }
  }

  /** The entry has left the cache. */
  public void removed(K key) {
    deadlines.remove(key);
  }

  private void renew(K key, Deadlines held, long deadline) {
    deadlines.put(key, new Deadlines(deadline, deadline - held.latest > 0 ? deadline : held.latest));
  }

  private Deadlines deadline(K key) {
    Deadlines held = deadlines.get(key);
    if (held == null) {
      throw new IllegalStateException("no deadline for " + key + ": the model does not hold it");
    }
    return held;
  }

  private static long bounded(long nanos) {
    return Math.max(0, Math.min(LONGEST_LIFETIME, nanos));
  }
}
