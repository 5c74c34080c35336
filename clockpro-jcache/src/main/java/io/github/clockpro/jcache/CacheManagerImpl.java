package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import java.lang.ref.WeakReference;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import javax.cache.Cache;
import javax.cache.CacheException;
import javax.cache.CacheManager;
import javax.cache.configuration.Configuration;
import javax.cache.spi.CachingProvider;

/**
 * The JSR-107 {@link CacheManager} of {@link ClockProCachingProvider}: a named set of {@link CacheProxy} caches
 * for one URI and class loader. Thread-safe.
 *
 * <p>The manager reads its configuration file ({@link ConfigurationFile}) when it is created, as Caffeine's does:
 * a cache the file names is created from the file by the first {@code getCache} for it, so it exists again in a
 * manager opened after this one closed. A cache created in code with a plain configuration takes from the file
 * what the standard does not cover (its bound first): from its own section if the file has one, else from the
 * {@code default} section; a {@link ClockProConfiguration} is taken as it is. (Caffeine's provider refuses
 * {@code createCache} for a name its file configures; this one creates it, so that a framework that creates the
 * caches it was told about, as Spring Boot does with {@code spring.cache.cache-names}, still gets the file's.)
 *
 * <p>Fields: {@link #caches} is a concurrent map, written by createCache, getCache, destroyCache and a cache's close;
 * {@link #closed} is volatile, written once by {@link #close()}. The class loader is held weakly, as JSR-107
 * asks, so that a manager does not keep an application's loader alive.
 */
final class CacheManagerImpl implements CacheManager {

  private final ClockProCachingProvider provider;
  private final URI uri;
  private final WeakReference<ClassLoader> classLoader;
  private final Properties properties;
  private final ConfigurationFile file;
  private final Executor executor = ForkJoinPool.commonPool();
  private final ConcurrentMap<String, CacheProxy<?, ?>> caches = new ConcurrentHashMap<>();
  private volatile boolean closed;

  CacheManagerImpl(ClockProCachingProvider provider, URI uri, ClassLoader classLoader, Properties properties) {
    this.provider = provider;
    this.uri = uri;
    this.classLoader = new WeakReference<>(classLoader);
    this.properties = properties;
    this.file = ConfigurationFile.load(uri, classLoader);
  }

  @Override
  public CachingProvider getCachingProvider() {
    return provider;
  }

  @Override
  public URI getURI() {
    return uri;
  }

  @Override
  public ClassLoader getClassLoader() {
    return classLoader.get();
  }

  @Override
  public Properties getProperties() {
    return properties;
  }

  @Override
  public <K, V, C extends Configuration<K, V>> Cache<K, V> createCache(String cacheName, C configuration) {
    requireNotClosed();
    requireNonNull(cacheName, "cacheName");
    requireNonNull(configuration, "configuration");
    CacheProxy<K, V> cache = create(cacheName, resolve(cacheName, configuration));
    if (cache == null) {
      throw new CacheException("A cache named " + cacheName + " exists already");
    }
    return cache;
  }

  /**
   * Creates and registers a cache unless one of this name exists; returns it, or {@code null} if one existed.
   * Statistics and management are enabled after the cache is registered, as its configuration asks.
   */
  private <K, V> CacheProxy<K, V> create(String cacheName, ClockProConfiguration<K, V> configuration) {
    CacheProxy<?, ?>[] created = new CacheProxy<?, ?>[1];
    caches.computeIfAbsent(cacheName, name -> {
      CacheProxy<K, V> cache = new CacheProxy<>(name, this, configuration, executor);
      created[0] = cache;
      return cache;
    });
    if (created[0] == null) {
      return null;
    }
    @SuppressWarnings("unchecked")
    CacheProxy<K, V> cache = (CacheProxy<K, V>) created[0];
    if (configuration.isManagementEnabled()) {
      cache.enableManagement(true);
    }
    if (configuration.isStatisticsEnabled()) {
      cache.enableStatistics(true);
    }
    return cache;
  }

  /**
   * A private copy of the configuration, so that later changes to the caller's do not reach the cache: a
   * {@link ClockProConfiguration} as it is, any other completed by the file.
   */
  private <K, V> ClockProConfiguration<K, V> resolve(String cacheName, Configuration<K, V> configuration) {
    if (configuration instanceof ClockProConfiguration<K, V> own) {
      return new ClockProConfiguration<>(own);
    }
    return file.completing(cacheName, configuration);
  }

  /** The open cache of this name; else, if the file configures it, a new one from the file; else {@code null}. */
  private CacheProxy<?, ?> lookUp(String cacheName) {
    CacheProxy<?, ?> cache = caches.get(cacheName);
    if (cache != null || !file.defines(cacheName)) {
      return cache;
    }
    CacheProxy<?, ?> created = create(cacheName, file.named(cacheName));
    return created != null ? created : caches.get(cacheName);
  }

  @Override
  public <K, V> Cache<K, V> getCache(String cacheName, Class<K> keyType, Class<V> valueType) {
    requireNotClosed();
    requireNonNull(cacheName, "cacheName");
    requireNonNull(keyType, "keyType");
    requireNonNull(valueType, "valueType");
    CacheProxy<?, ?> cache = lookUp(cacheName);
    if (cache == null) {
      return null;
    }
    Configuration<?, ?> configuration = cache.configuration();
    if (!keyType.equals(configuration.getKeyType()) || !valueType.equals(configuration.getValueType())) {
      throw new ClassCastException("The cache " + cacheName + " was configured with key type "
          + configuration.getKeyType().getName() + " and value type " + configuration.getValueType().getName()
          + ", not " + keyType.getName() + " and " + valueType.getName());
    }
    @SuppressWarnings("unchecked")
    Cache<K, V> typed = (Cache<K, V>) cache;
    return typed;
  }

  @Override
  public <K, V> Cache<K, V> getCache(String cacheName) {
    requireNotClosed();
    requireNonNull(cacheName, "cacheName");
    @SuppressWarnings("unchecked")
    Cache<K, V> cache = (Cache<K, V>) lookUp(cacheName);
    return cache;
  }

  @Override
  public Iterable<String> getCacheNames() {
    requireNotClosed();
    Set<String> names = new LinkedHashSet<>(caches.keySet());
    names.addAll(file.cacheNames()); // created by their first getCache
    return Collections.unmodifiableSet(names);
  }

  @Override
  public void destroyCache(String cacheName) {
    requireNotClosed();
    requireNonNull(cacheName, "cacheName");
    CacheProxy<?, ?> cache = caches.get(cacheName);
    if (cache != null) {
      cache.clear();
      cache.close();
    }
  }

  @Override
  public void enableManagement(String cacheName, boolean enabled) {
    requireNotClosed();
    requireNonNull(cacheName, "cacheName");
    CacheProxy<?, ?> cache = caches.get(cacheName);
    if (cache != null) {
      cache.enableManagement(enabled);
    }
  }

  @Override
  public void enableStatistics(String cacheName, boolean enabled) {
    requireNotClosed();
    requireNonNull(cacheName, "cacheName");
    CacheProxy<?, ?> cache = caches.get(cacheName);
    if (cache != null) {
      cache.enableStatistics(enabled);
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    provider.forget(this);
    List<CacheProxy<?, ?>> open = new ArrayList<>(caches.values());
    for (CacheProxy<?, ?> cache : open) {
      cache.close();
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    requireNonNull(type, "type");
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new IllegalArgumentException("Unwrapping to " + type.getName() + " is not supported");
  }

  /** Called by a cache that closes: it is no longer one of this manager's. */
  void forget(CacheProxy<?, ?> cache) {
    caches.remove(cache.getName(), cache);
  }

  private void requireNotClosed() {
    if (closed) {
      throw new IllegalStateException("The cache manager " + uri + " is closed");
    }
  }

  @Override
  public String toString() {
    return "CacheManager[" + uri + "]";
  }
}
