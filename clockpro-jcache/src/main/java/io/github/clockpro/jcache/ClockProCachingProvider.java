package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.WeakHashMap;
import javax.cache.CacheManager;
import javax.cache.configuration.OptionalFeature;
import javax.cache.spi.CachingProvider;

/**
 * The JSR-107 {@link CachingProvider} of clockpro: {@code Caching.getCachingProvider()} finds it through the
 * {@link java.util.ServiceLoader} with no configuration when {@code clockpro-jcache} is on the class path. Its
 * caches are {@link io.github.clockpro.ClockProCache}s; configure what the standard does not cover with
 * {@link ClockProConfiguration}. Supports {@link OptionalFeature#STORE_BY_REFERENCE}.
 *
 * <p>One cache manager exists per class loader and URI until it is closed; the default URI is this class's name
 * and the default class loader this class's. Thread-safe: the managers are kept under this provider's monitor.
 */
public final class ClockProCachingProvider implements CachingProvider {

  /** Guarded by this provider's monitor; class loaders are held weakly. */
  private final Map<ClassLoader, Map<URI, CacheManagerImpl>> managers = new WeakHashMap<>();

  /** Creates the provider; called by {@link javax.cache.Caching} through the service loader. */
  public ClockProCachingProvider() {}

  @Override
  public CacheManager getCacheManager(URI uri, ClassLoader classLoader, Properties properties) {
    URI managerUri = uri == null ? getDefaultURI() : uri;
    ClassLoader managerLoader = classLoader == null ? getDefaultClassLoader() : classLoader;
    Properties managerProperties = properties == null ? new Properties() : properties;
    synchronized (this) {
      return managers.computeIfAbsent(managerLoader, loader -> new HashMap<>())
          .computeIfAbsent(managerUri, key -> new CacheManagerImpl(this, key, managerLoader, managerProperties));
    }
  }

  @Override
  public CacheManager getCacheManager(URI uri, ClassLoader classLoader) {
    return getCacheManager(uri, classLoader, getDefaultProperties());
  }

  @Override
  public CacheManager getCacheManager() {
    return getCacheManager(getDefaultURI(), getDefaultClassLoader());
  }

  @Override
  public ClassLoader getDefaultClassLoader() {
    return getClass().getClassLoader();
  }

  @Override
  public URI getDefaultURI() {
    return URI.create(getClass().getName());
  }

  @Override
  public Properties getDefaultProperties() {
    return new Properties();
  }

  @Override
  public void close() {
    for (CacheManager manager : managersOf(null, null)) {
      manager.close();
    }
  }

  @Override
  public void close(ClassLoader classLoader) {
    requireNonNull(classLoader, "classLoader");
    for (CacheManager manager : managersOf(classLoader, null)) {
      manager.close();
    }
  }

  @Override
  public void close(URI uri, ClassLoader classLoader) {
    requireNonNull(uri, "uri");
    requireNonNull(classLoader, "classLoader");
    for (CacheManager manager : managersOf(classLoader, uri)) {
      manager.close();
    }
  }

  @Override
  public boolean isSupported(OptionalFeature optionalFeature) {
    return optionalFeature == OptionalFeature.STORE_BY_REFERENCE;
  }

  /** The open managers of the loader (all if null) and URI (all if null), copied so they can close. */
  private synchronized List<CacheManager> managersOf(ClassLoader classLoader, URI uri) {
    List<CacheManager> found = new ArrayList<>();
    for (Map.Entry<ClassLoader, Map<URI, CacheManagerImpl>> byLoader : managers.entrySet()) {
      if (classLoader != null && byLoader.getKey() != classLoader) {
        continue;
      }
      for (Map.Entry<URI, CacheManagerImpl> byUri : byLoader.getValue().entrySet()) {
        if (uri == null || byUri.getKey().equals(uri)) {
          found.add(byUri.getValue());
        }
      }
    }
    return found;
  }

  /** Called by a manager that closes: the next request for its URI and loader creates a new one. */
  synchronized void forget(CacheManagerImpl manager) {
    Map<URI, CacheManagerImpl> byUri = managers.get(manager.getClassLoader());
    if (byUri != null) {
      byUri.remove(manager.getURI(), manager);
      if (byUri.isEmpty()) {
        managers.remove(manager.getClassLoader());
      }
    }
  }
}
