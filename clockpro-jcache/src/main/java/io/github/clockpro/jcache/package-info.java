/**
 * A JSR-107 (JCache) provider on {@link io.github.clockpro.ClockProCache}, built on the exported API of
 * clockpro-core only. The public types are the provider, {@link io.github.clockpro.jcache.ClockProCachingProvider},
 * which {@link javax.cache.Caching} finds through the service loader, and
 * {@link io.github.clockpro.jcache.ClockProConfiguration}, for the settings the standard does not cover.
 * docs/jcache.md is the user's guide and lists the TCK's exclusions.
 *
 * <h2>Reading guide</h2>
 * <ul>
 *   <li>{@code ClockProCachingProvider}, {@code CacheManagerImpl}: the managers per class loader and URI, and
 *       their named caches. {@code ConfigurationFile} reads a manager's configuration file (Caffeine's shape, under
 *       {@code clockpro.jcache}); {@code ConfiguredExpiryPolicy} is the expiry policy a file describes.
 *   <li>{@code CacheProxy}: the {@link javax.cache.Cache}; its design comment explains how each operation runs on
 *       the core. {@code EntryProxy} is the entry it hands out, {@code EntryIterator} its iterator.
 *   <li>{@code EntryWrites}: the writes of one key, each one core call, and the transitions they are made of.
 *       {@code WriteThrough} is the writer, {@code Loading} the loader (read-through and {@code loadAll}).
 *   <li>{@code EntryProcessorInvoker}: {@code invoke} and {@code invokeAll}; {@code EntryProcessorEntry} is the
 *       entry an entry processor works on.
 *   <li>{@code ExpiryAdapter}: the expiry policy as the core's {@link io.github.clockpro.Expiry}.
 *   <li>{@code EventDispatcher}, {@code JCacheEntryEvent}: entry listeners.
 *   <li>{@code JCacheStatisticsMXBean}, {@code JCacheMXBean}, {@code JmxRegistration}: management.
 *   <li>{@code Copier}: store by value.
 * </ul>
 * The names follow Caffeine's jcache module where the role is the same.
 */
package io.github.clockpro.jcache;
