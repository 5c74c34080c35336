package io.github.clockpro.spring;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;

/**
 * A Spring {@link CacheManager} whose caches are {@link ClockProSpringCache}s, as Spring's
 * {@code CaffeineCacheManager} is for Caffeine.
 *
 * <pre>{@code
 * ClockProCacheManager manager = new ClockProCacheManager("books", "authors");
 * manager.setCacheSpecification("maximumSize=10000,expireAfterWrite=10m");
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Caches are dynamic by default: {@link #getCache(String)} creates a cache for a new name, once, however many
 *       threads ask at the same time. {@link #setCacheNames} fixes the names instead (a new name then gets
 *       {@code null}); {@code setCacheNames(null)} makes the manager dynamic again.
 *   <li>Each cache is built from a new builder: by default {@link #DEFAULT_SPECIFICATION}, else from the last of
 *       {@link #setCacheSpecification}, {@link #setCacheSpec} or {@link #setCacheBuilder} called. Then, if a
 *       {@linkplain #setCacheLoader loader} is set, {@link CacheBuilder#build(CacheLoader)} (a loading cache); in
 *       {@linkplain #setAsyncCacheMode asynchronous mode}, {@link CacheBuilder#buildAsync()}; else
 *       {@link CacheBuilder#build()}. A loader and asynchronous mode together are refused, as the core has no
 *       asynchronous loading cache.
 *   <li>Changing the builder, the loader, asynchronous mode or {@linkplain #setAllowNullValues null values}
 *       (allowed by default) replaces every cache the manager created with a new, empty one; caches given to
 *       {@link #registerCustomCache} stay.
 *   <li>Every method throws {@link NullPointerException} naming a null argument (other than
 *       {@code setCacheNames(null)}), and a setting the builder refuses throws its exception, before the manager
 *       changes. The setters are meant for configuration time; they are safe to call concurrently with
 *       {@link #getCache(String)}, which never takes a lock for a name it already has. Since each setting is
 *       checked when it is made, set the loader before a specification with {@code refreshAfterWrite}.
 * </ul>
 */
public class ClockProCacheManager implements CacheManager {

  /*
   * Design overview
   *
   * The caches live in a ConcurrentHashMap by name; getCache is one get, and for a new name in dynamic mode one
   * computeIfAbsent, which builds the cache once. Names set by setCacheNames and by registerCustomCache are
   * created eagerly.
   *
   * Concurrency. The configuration (builder supplier, loader, modes) is one immutable Settings held in a volatile
   * field, and the set of fixed names and of custom names are also replaced whole, never changed in place. Every
   * setter runs under this manager's monitor, reads the settings, writes new ones, and then rebuilds the caches
   * built from the old ones, so two setters cannot lose each other's change, and getCache, which reads the
   * volatile without a lock, builds a cache from one consistent configuration. A getCache that races a setter may
   * build a cache from the old settings after the setter rebuilt; the setter's rebuild replaces only the names it
   * saw, so such a cache keeps the old settings. This is the same relaxation CaffeineCacheManager makes, and why
   * the setters are for configuration time.
   *
   * Reading guide: the constructors, getCache, the setters, then cache creation.
   */

  /** The specification of caches when none other is set: at most 10,000 entries each, no expiry. */
  public static final String DEFAULT_SPECIFICATION = "maximumSize=10000";

  /** How to build a cache: what every cache the manager creates shares. */
  private static final class Settings {
    final Supplier<CacheBuilder<Object, Object>> builderSupplier;
    final CacheLoader<Object, Object> loader;
    final boolean asyncCacheMode;
    final boolean allowNullValues;

    Settings(Supplier<CacheBuilder<Object, Object>> builderSupplier, CacheLoader<Object, Object> loader,
        boolean asyncCacheMode, boolean allowNullValues) {
      this.builderSupplier = builderSupplier;
      this.loader = loader;
      this.asyncCacheMode = asyncCacheMode;
      this.allowNullValues = allowNullValues;
    }
  }

  /** Every cache by name. Written by getCache (computeIfAbsent) and by the setters under this monitor. */
  private final ConcurrentMap<String, Cache> caches = new ConcurrentHashMap<>();

  /** Written under this monitor, read by getCache without a lock; replaced whole, never changed in place. */
  private volatile Settings settings = new Settings(
      ClockProCacheSpec.parse(DEFAULT_SPECIFICATION)::toBuilder, null, false, true);

  /** The names fixed by setCacheNames, or null when dynamic. Written under this monitor; replaced whole. */
  private volatile Set<String> fixedNames;

  /** The names of caches given to registerCustomCache. Written under this monitor; replaced whole. */
  private volatile Set<String> customNames = Set.of();

  /** Creates a manager whose caches are created when first asked for. */
  public ClockProCacheManager() {}

  /**
   * Creates a manager with these caches, and no others.
   *
   * @param cacheNames the names of the caches
   * @throws NullPointerException if {@code cacheNames} or a name is null
   */
  public ClockProCacheManager(String... cacheNames) {
    setCacheNames(Arrays.asList(requireNonNull(cacheNames, "cacheNames")));
  }

  /**
   * Returns the cache of that name, creating it if the manager is dynamic.
   *
   * @param name the cache's name
   * @return the cache, or {@code null} if the names are fixed and this is not one of them
   * @throws NullPointerException if {@code name} is null
   */
  @Override
  public Cache getCache(String name) {
    requireNonNull(name, "name");
    Cache cache = caches.get(name);
    if (cache == null && fixedNames == null) {
      cache = caches.computeIfAbsent(name, newName -> createCache(newName, settings));
    }
    return cache;
  }

  /**
   * Returns the names of the caches the manager has.
   *
   * @return an unmodifiable snapshot of the names
   */
  @Override
  public Collection<String> getCacheNames() {
    return Collections.unmodifiableSet(new LinkedHashSet<>(caches.keySet()));
  }

  /**
   * Fixes the cache names: creates a cache for each (keeping those it has), removes the caches it created for
   * other names, and creates no others. {@code null} makes the manager dynamic again.
   *
   * @param cacheNames the names, or {@code null}
   * @throws NullPointerException if a name is null
   */
  public synchronized void setCacheNames(Collection<String> cacheNames) {
    if (cacheNames == null) {
      fixedNames = null;
      return;
    }
    for (String name : cacheNames) {
      requireNonNull(name, "cache name");
    }
    Set<String> names = Collections.unmodifiableSet(new LinkedHashSet<>(cacheNames));
    Settings current = settings;
    caches.keySet().removeIf(name -> !names.contains(name) && !customNames.contains(name));
    for (String name : names) {
      caches.computeIfAbsent(name, newName -> createCache(newName, current));
    }
    fixedNames = names;
  }

  /**
   * Builds every cache from this specification.
   *
   * @param specification see {@link ClockProCacheSpec}
   * @throws NullPointerException if {@code specification} is null
   * @throws IllegalArgumentException if it does not parse, with a message naming the key
   */
  public void setCacheSpecification(String specification) {
    setCacheSpec(ClockProCacheSpec.parse(specification));
  }

  /**
   * Builds every cache from this spec.
   *
   * @param spec the spec
   * @throws NullPointerException if {@code spec} is null
   */
  public void setCacheSpec(ClockProCacheSpec spec) {
    requireNonNull(spec, "spec");
    setCacheBuilder(spec::toBuilder);
  }

  /**
   * Builds every cache from a builder this supplier returns, a new one for each cache, for settings a
   * specification cannot express (a removal listener, an {@link io.github.clockpro.Expiry}, a ticker).
   *
   * @param builderSupplier returns a new builder at each call, with at least the maximum size set
   * @throws NullPointerException if {@code builderSupplier} is null
   */
  public synchronized void setCacheBuilder(Supplier<CacheBuilder<Object, Object>> builderSupplier) {
    requireNonNull(builderSupplier, "builderSupplier");
    Settings current = settings;
    refresh(new Settings(builderSupplier, current.loader, current.asyncCacheMode, current.allowNullValues));
  }

  /**
   * Makes every cache a loading cache: {@link ClockProSpringCache#get(Object)} of a missing key loads it, and
   * {@code refreshAfterWrite} becomes possible.
   *
   * @param loader the loader every cache shares
   * @throws NullPointerException if {@code loader} is null
   * @throws IllegalStateException if asynchronous mode is on
   */
  public synchronized void setCacheLoader(CacheLoader<Object, Object> loader) {
    requireNonNull(loader, "loader");
    Settings current = settings;
    if (current.asyncCacheMode) {
      throw new IllegalStateException("a cache loader cannot be set in asynchronous mode: the core has no"
          + " asynchronous loading cache");
    }
    refresh(new Settings(current.builderSupplier, loader, false, current.allowNullValues));
  }

  /**
   * Builds every cache with {@link CacheBuilder#buildAsync()}, so that {@link ClockProSpringCache#retrieve(Object,
   * Supplier)}, which Spring calls for methods that return a {@code CompletableFuture}, loads once per key.
   *
   * @param asyncCacheMode whether caches are asynchronous
   * @throws IllegalStateException if turned on while a cache loader is set
   */
  public synchronized void setAsyncCacheMode(boolean asyncCacheMode) {
    Settings current = settings;
    if (asyncCacheMode && current.loader != null) {
      throw new IllegalStateException("asynchronous mode cannot be set with a cache loader: the core has no"
          + " asynchronous loading cache");
    }
    if (current.asyncCacheMode != asyncCacheMode) {
      refresh(new Settings(current.builderSupplier, current.loader, asyncCacheMode, current.allowNullValues));
    }
  }

  /**
   * Sets whether the caches store {@code null} values (as Spring's {@code NullValue}). Allowed by default.
   *
   * @param allowNullValues whether {@code null} values are stored
   */
  public synchronized void setAllowNullValues(boolean allowNullValues) {
    Settings current = settings;
    if (current.allowNullValues != allowNullValues) {
      refresh(new Settings(current.builderSupplier, current.loader, current.asyncCacheMode, allowNullValues));
    }
  }

  /**
   * Returns whether the caches store {@code null} values.
   *
   * @return whether {@code null} values are stored
   */
  public boolean isAllowNullValues() {
    return settings.allowNullValues;
  }

  /**
   * Adds a cache built elsewhere under this name, replacing any cache of that name; changing the manager's
   * settings later leaves it as it is.
   *
   * @param name the cache's name
   * @param cache the native cache
   * @throws NullPointerException if {@code name} or {@code cache} is null
   */
  public synchronized void registerCustomCache(String name, ClockProCache<Object, Object> cache) {
    requireNonNull(name, "name");
    requireNonNull(cache, "cache");
    addCustomCache(name, new ClockProSpringCache(name, cache, settings.allowNullValues));
  }

  /**
   * Adds an asynchronous cache built elsewhere under this name, replacing any cache of that name; changing the
   * manager's settings later leaves it as it is.
   *
   * @param name the cache's name
   * @param cache the native cache
   * @throws NullPointerException if {@code name} or {@code cache} is null
   */
  public synchronized void registerCustomCache(String name, ClockProAsyncCache<Object, Object> cache) {
    requireNonNull(name, "name");
    requireNonNull(cache, "cache");
    addCustomCache(name, new ClockProSpringCache(name, cache, settings.allowNullValues));
  }

  private void addCustomCache(String name, Cache cache) {
    Set<String> names = new LinkedHashSet<>(customNames);
    names.add(name);
    customNames = Collections.unmodifiableSet(names);
    caches.put(name, cache);
  }

  /**
   * Replaces the settings and every cache built from the old ones; called under this monitor. Builds one cache
   * first and drops it, so that settings the builder refuses (refreshAfterWrite without a loader) throw before
   * anything changes.
   */
  private void refresh(Settings next) {
    createCache("settings check", next);
    settings = next;
    for (String name : caches.keySet()) {
      if (!customNames.contains(name)) {
        caches.put(name, createCache(name, next));
      }
    }
  }

  private static Cache createCache(String name, Settings settings) {
    CacheBuilder<Object, Object> builder = requireNonNull(settings.builderSupplier.get(),
        "the cache builder supplier returned null");
    if (settings.loader != null) {
      return new ClockProSpringCache(name, builder.build(settings.loader), settings.allowNullValues);
    }
    if (settings.asyncCacheMode) {
      return new ClockProSpringCache(name, builder.<Object, Object>buildAsync(), settings.allowNullValues);
    }
    return new ClockProSpringCache(name, builder.build(), settings.allowNullValues);
  }
}
