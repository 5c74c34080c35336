package io.github.clockpro.guava;

import static java.util.Objects.requireNonNull;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;

/**
 * Builds a {@link ClockProCache} and returns it as Guava's {@link Cache} or {@link LoadingCache}, so that code
 * written against {@code com.google.common.cache} runs on CLOCK-Pro unchanged, as Caffeine's {@code CaffeinatedGuava}
 * does for Caffeine:
 *
 * <pre>{@code
 * LoadingCache<Long, Book> books = ClockProGuava.build(
 *     ClockProCache.builder().maximumSize(10_000).expireAfterWrite(10, TimeUnit.MINUTES),
 *     CacheLoader.from(repository::find));
 * }</pre>
 *
 * <p>The caches keep Guava's contracts: {@code get(key, callable)} and {@code get(key)} wrap a checked exception of
 * the loader in {@link java.util.concurrent.ExecutionException}, an unchecked one in
 * {@link com.google.common.util.concurrent.UncheckedExecutionException} and an error in
 * {@link com.google.common.util.concurrent.ExecutionError}; a loader that returns {@code null} fails with
 * {@link CacheLoader.InvalidCacheLoadException}; {@code getAll} and {@code getAllPresent} return an
 * {@link com.google.common.collect.ImmutableMap}; {@code stats()} is Guava's {@link com.google.common.cache.CacheStats}
 * of the cache's counts, evictions counted as Caffeine counts them (expired entries included). Where they differ:
 * {@code refresh} reloads on the builder's executor (asynchronously, as Caffeine's does) rather than on the calling
 * thread, and {@code size()} is {@link ClockProCache#estimatedSize()}.
 */
public final class ClockProGuava {

  private ClockProGuava() {}

  /**
   * Builds a cache and returns it as Guava's {@link Cache}.
   *
   * @param builder the settings of the cache
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new cache
   * @throws NullPointerException if {@code builder} is null
   * @throws IllegalStateException if the builder's settings do not make a cache, as {@link CacheBuilder#build()}
   */
  public static <K, V> Cache<K, V> build(CacheBuilder<? super K, ? super V> builder) {
    requireNonNull(builder, "builder");
    ClockProCache<K, V> cache = builder.<K, V>build();
    return new GuavaCache<>(cache);
  }

  /**
   * Builds a cache that loads with Guava's loader and returns it as Guava's {@link LoadingCache}. The loader's
   * {@code reload} serves {@code refresh} and {@code refreshAfterWrite}; its {@code loadAll}, where implemented,
   * serves {@code getAll}.
   *
   * @param builder the settings of the cache
   * @param loader Guava's loader
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return a new loading cache
   * @throws NullPointerException if {@code builder} or {@code loader} is null
   * @throws IllegalStateException if the builder's settings do not make a cache, as
   *     {@link CacheBuilder#build(io.github.clockpro.CacheLoader)}
   */
  public static <K, V> LoadingCache<K, V> build(CacheBuilder<? super K, ? super V> builder,
      CacheLoader<? super K, V> loader) {
    requireNonNull(builder, "builder");
    requireNonNull(loader, "loader");
    ClockProLoadingCache<K, V> cache = builder.build(new GuavaLoader<K, V>(loader));
    return new GuavaLoadingCache<>(cache);
  }
}
