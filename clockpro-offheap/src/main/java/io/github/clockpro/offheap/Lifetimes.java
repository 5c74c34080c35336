package io.github.clockpro.offheap;

import io.github.clockpro.Expiry;
import java.util.OptionalLong;

/**
 * Computes entries' deadlines, in the cache's time, from the builder's one kind of expiry. A deadline of
 * {@link #NEVER} means the entry does not expire.
 */
abstract class Lifetimes<K, V> {

  /** The longest lifetime kept, as in the core cache: about 146 years. */
  static final long MAXIMUM_NANOS = Long.MAX_VALUE >> 1;

  /** The deadline of an entry that never expires. */
  static final long NEVER = Long.MAX_VALUE;

  static <K, V> Lifetimes<K, V> of(long afterWriteNanos, long afterAccessNanos, Expiry<? super K, ? super V> expiry) {
    if (afterWriteNanos >= 0) {
      return new Fixed<>(afterWriteNanos, false);
    }
    if (afterAccessNanos >= 0) {
      return new Fixed<>(afterAccessNanos, true);
    }
    if (expiry != null) {
      return new Variable<>(expiry);
    }
    return new Fixed<>(-1, false);
  }

  /** {@return the lifetime after a write, for {@code expireAfterWrite}; empty otherwise} */
  OptionalLong afterWriteNanos() {
    return OptionalLong.empty();
  }

  /** {@return the lifetime after an access, for {@code expireAfterAccess}; empty otherwise} */
  OptionalLong afterAccessNanos() {
    return OptionalLong.empty();
  }

  /** {@return whether an {@link Expiry} decides each lifetime} */
  boolean variable() {
    return false;
  }

  /** {@return whether entries carry a deadline} */
  abstract boolean expires();

  /** {@return whether a read may move the deadline, so that reads must record it under the shared lock} */
  abstract boolean readsMoveDeadline();

  abstract long afterCreate(K key, V value, long now);

  abstract long afterUpdate(K key, V value, long now, long deadline);

  abstract long afterRead(K key, V value, long now, long deadline);

  /** {@return the time plus the lifetime, saturating at {@link #NEVER}; a negative lifetime counts as 0} */
  static long deadline(long now, long lifetime) {
    long bounded = Math.min(Math.max(lifetime, 0), MAXIMUM_NANOS);
    long sum = now + bounded;
    return sum < now ? NEVER : sum;
  }

  /** {@return the nanoseconds left until the deadline, at least 0} */
  static long remaining(long now, long deadline) {
    return deadline == NEVER ? MAXIMUM_NANOS : Math.max(0, Math.min(MAXIMUM_NANOS, deadline - now));
  }

  /** Expiry after write or after access by one duration, or none. */
  private static final class Fixed<K, V> extends Lifetimes<K, V> {
    private final long nanos;
    private final boolean onAccess;

    Fixed(long nanos, boolean onAccess) {
      this.nanos = nanos;
      this.onAccess = onAccess;
    }

    @Override
    boolean expires() {
      return nanos >= 0;
    }

    @Override
    boolean readsMoveDeadline() {
      return onAccess;
    }

    @Override
    OptionalLong afterWriteNanos() {
      return nanos >= 0 && !onAccess ? OptionalLong.of(nanos) : OptionalLong.empty();
    }

    @Override
    OptionalLong afterAccessNanos() {
      return nanos >= 0 && onAccess ? OptionalLong.of(nanos) : OptionalLong.empty();
    }

    @Override
    long afterCreate(K key, V value, long now) {
      return nanos < 0 ? NEVER : deadline(now, nanos);
    }

    @Override
    long afterUpdate(K key, V value, long now, long deadline) {
      return afterCreate(key, value, now);
    }

    @Override
    long afterRead(K key, V value, long now, long deadline) {
      return onAccess ? deadline(now, nanos) : deadline;
    }
  }

  /** Expiry decided by the user's {@link Expiry} for each entry. */
  private static final class Variable<K, V> extends Lifetimes<K, V> {
    private final Expiry<? super K, ? super V> expiry;

    Variable(Expiry<? super K, ? super V> expiry) {
      this.expiry = expiry;
    }

    @Override
    boolean expires() {
      return true;
    }

    @Override
    boolean readsMoveDeadline() {
      return true;
    }

    @Override
    boolean variable() {
      return true;
    }

    @Override
    long afterCreate(K key, V value, long now) {
      return deadline(now, expiry.expireAfterCreate(key, value, now));
    }

    @Override
    long afterUpdate(K key, V value, long now, long deadline) {
      return deadline(now, expiry.expireAfterUpdate(key, value, now, remaining(now, deadline)));
    }

    @Override
    long afterRead(K key, V value, long now, long deadline) {
      return deadline(now, expiry.expireAfterRead(key, value, now, remaining(now, deadline)));
    }
  }
}
