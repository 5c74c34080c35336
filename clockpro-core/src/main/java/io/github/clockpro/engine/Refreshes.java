package io.github.clockpro.engine;

/**
 * The {@link Lifetimes} of a cache built with {@code refreshAfterWrite}, whose entries keep the time of their
 * value's write: {@link RefreshingLifetimes} without expiry, {@link RefreshingExpiringLifetimes} with it. A hit on
 * a value older than the {@link #period()} asks the cache for a refresh ({@link BoundedCache#refresh}), and returns
 * the value it read: the hit never waits for it.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
interface Refreshes<K, V> {

  /** The refresh period, which {@code Policy.FixedRefresh} may change. */
  RefreshPeriod period();
}
