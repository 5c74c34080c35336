package io.github.clockpro.spring;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.springframework.cache.support.AbstractValueAdaptingCache;

/**
 * Spring's {@link org.springframework.cache.Cache} over a {@link ClockProCache}, as Spring's {@code CaffeineCache}
 * is over Caffeine. Usually made by {@link ClockProCacheManager}.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>With null values allowed, a {@code null} is stored as Spring's {@code NullValue} and read back as
 *       {@code null}; without, storing {@code null} throws {@link IllegalArgumentException}. A {@code null} key
 *       throws {@link NullPointerException} naming {@code key}, before anything changes.
 *   <li>{@link #get(Object)} and {@link #get(Object, Class)} count a hit or a miss in {@link ClockProCache#stats()};
 *       over a {@link ClockProLoadingCache} they load a missing key with its loader, as {@code CaffeineCache} does.
 *   <li>{@link #get(Object, Callable)} runs the callable at most once per key at a time: concurrent callers for a
 *       missing key wait for one call and share its value ({@link ClockProCache#get(Object,
 *       java.util.function.Function)}). A callable that throws is wrapped in {@link ValueRetrievalException} and
 *       caches nothing; one that returns {@code null} where null values are not allowed throws
 *       {@link IllegalArgumentException} and caches nothing.
 *   <li>{@link #putIfAbsent} and {@link #evictIfPresent} are atomic, through {@link ClockProCache#asMap()}.
 *       {@link #evict} and {@link #clear} remove at once, so they behave as {@link #evictIfPresent} and
 *       {@link #invalidate}.
 *   <li>{@link #retrieve(Object)} never blocks: {@code null} if the key is absent, else a future of the value, of a
 *       {@link org.springframework.cache.Cache.ValueWrapper ValueWrapper} when null values are allowed.
 *       {@link #retrieve(Object, Supplier)} never blocks; with an {@link ClockProAsyncCache asynchronous cache} it
 *       calls the supplier at most once per key at a time, as {@link ClockProAsyncCache#get(Object,
 *       java.util.function.BiFunction)} does; with a synchronous one, concurrent callers for a missing key may each
 *       call it, and each completed value is stored (the last one stays), since a synchronous cache has no
 *       placeholder that completes later.
 * </ul>
 */
public class ClockProSpringCache extends AbstractValueAdaptingCache {

  /*
   * Design overview
   *
   * A thin adapter: every method is one call on the native cache or its asMap() view, with the store-value
   * conversion of AbstractValueAdaptingCache (null to NullValue and back). All fields are final and set by the
   * constructor; the native cache does the synchronisation, so this class has no state of its own to guard.
   *
   * In asynchronous mode the native cache is the async cache's synchronous() view, so that the synchronous methods
   * (get, put, evict) see the same entries, and only retrieve goes through the futures of the async cache.
   *
   * Hits. get(key) is lookup plus Spring's ValueWrapper, allocated by AbstractValueAdaptingCache as in every Spring
   * cache; the lookup itself is ClockProCache.getIfPresent, which takes no lock and allocates nothing.
   */

  private final String name;
  private final ClockProCache<Object, Object> cache;
  private final ClockProAsyncCache<Object, Object> asyncCache;

  /**
   * Creates a Spring cache over a synchronous cache.
   *
   * @param name the cache's name
   * @param cache the native cache
   * @param allowNullValues whether {@code null} values are stored (as {@code NullValue})
   * @throws NullPointerException if {@code name} or {@code cache} is null
   */
  public ClockProSpringCache(String name, ClockProCache<Object, Object> cache, boolean allowNullValues) {
    super(allowNullValues);
    this.name = requireNonNull(name, "name");
    this.cache = requireNonNull(cache, "cache");
    this.asyncCache = null;
  }

  /**
   * Creates a Spring cache over an asynchronous cache, for {@link #retrieve(Object, Supplier)} with one load per
   * key; the synchronous methods go to its {@link ClockProAsyncCache#synchronous()} view.
   *
   * @param name the cache's name
   * @param asyncCache the native cache
   * @param allowNullValues whether {@code null} values are stored (as {@code NullValue})
   * @throws NullPointerException if {@code name} or {@code asyncCache} is null
   */
  public ClockProSpringCache(String name, ClockProAsyncCache<Object, Object> asyncCache, boolean allowNullValues) {
    super(allowNullValues);
    this.name = requireNonNull(name, "name");
    this.asyncCache = requireNonNull(asyncCache, "asyncCache");
    this.cache = asyncCache.synchronous();
  }

  @Override
  public final String getName() {
    return name;
  }

  /**
   * Returns the native cache; in asynchronous mode, the synchronous view of the asynchronous cache.
   *
   * @return the native cache
   */
  @Override
  public final ClockProCache<Object, Object> getNativeCache() {
    return cache;
  }

  /**
   * Returns the asynchronous cache this cache was created over.
   *
   * @return the asynchronous cache, or {@code null} if this cache was created over a synchronous one
   */
  public final ClockProAsyncCache<Object, Object> getAsyncCache() {
    return asyncCache;
  }

  @Override
  protected Object lookup(Object key) {
    if (cache instanceof ClockProLoadingCache) {
      return ((ClockProLoadingCache<Object, Object>) cache).get(key);
    }
    return cache.getIfPresent(key);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T get(Object key, Callable<T> valueLoader) {
    requireNonNull(valueLoader, "valueLoader");
    return (T) fromStoreValue(cache.get(key, missingKey -> {
      T value;
      try {
        value = valueLoader.call();
      } catch (Exception e) {
        throw new ValueRetrievalException(missingKey, valueLoader, e);
      }
      return toStoreValue(value);
    }));
  }

  @Override
  public CompletableFuture<?> retrieve(Object key) {
    if (asyncCache != null) {
      CompletableFuture<Object> value = asyncCache.getIfPresent(key);
      if (value == null || !isAllowNullValues()) {
        return value;
      }
      return value.thenApply(this::toValueWrapper);
    }
    Object value = cache.getIfPresent(key);
    if (value == null) {
      return null;
    }
    return CompletableFuture.completedFuture(isAllowNullValues() ? toValueWrapper(value) : value);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> CompletableFuture<T> retrieve(Object key, Supplier<CompletableFuture<T>> valueLoader) {
    requireNonNull(key, "key");
    requireNonNull(valueLoader, "valueLoader");
    if (asyncCache != null) {
      return (CompletableFuture<T>) asyncCache
          .get(key, (missingKey, executor) -> valueLoader.get().thenApply(this::toStoreValueOrNull))
          .thenApply(this::fromStoreValue);
    }
    Object present = cache.getIfPresent(key);
    if (present != null) {
      return CompletableFuture.completedFuture((T) fromStoreValue(present));
    }
    return valueLoader.get().thenApply(value -> {
      Object stored = toStoreValueOrNull(value);
      if (stored != null) {
        cache.put(key, stored);
      }
      return value;
    });
  }

  /**
   * The store value of a loaded value: {@code NullValue} for {@code null} if null values are allowed, and
   * {@code null}, which stores nothing, if not (the caller still receives the {@code null}).
   */
  private Object toStoreValueOrNull(Object value) {
    return value == null && !isAllowNullValues() ? null : toStoreValue(value);
  }

  @Override
  public void put(Object key, Object value) {
    cache.put(key, toStoreValue(value));
  }

  @Override
  public ValueWrapper putIfAbsent(Object key, Object value) {
    requireNonNull(key, "key");
    return toValueWrapper(cache.asMap().putIfAbsent(key, toStoreValue(value)));
  }

  @Override
  public void evict(Object key) {
    cache.invalidate(key);
  }

  @Override
  public boolean evictIfPresent(Object key) {
    requireNonNull(key, "key");
    return cache.asMap().remove(key) != null;
  }

  @Override
  public void clear() {
    cache.invalidateAll();
  }

  @Override
  public boolean invalidate() {
    boolean hadEntries = !cache.asMap().isEmpty();
    cache.invalidateAll();
    return hadEntries;
  }
}
