package io.github.clockpro.engine;

/**
 * The refresh period of a cache built with {@code refreshAfterWrite} ({@link RefreshingCache},
 * {@link RefreshingExpiringCache}), for {@code Policy.FixedRefresh}.
 *
 * @param <K> the type of keys
 */
interface RefreshPeriod<K> {

  /** The period, in nanoseconds. */
  long refreshNanos();

  /** Changes the period, more than 0 nanoseconds, for every read from now on. */
  void setRefreshNanos(long nanos);

  /** How long ago the key's live value was written, in nanoseconds; -1 if the key has none. */
  long writeAge(Object key);
}
