package io.github.clockpro.jcache;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValueType;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import javax.cache.CacheException;
import javax.cache.configuration.CompleteConfiguration;
import javax.cache.configuration.Configuration;
import javax.cache.configuration.FactoryBuilder;

/**
 * The caches a configuration file describes, read with Typesafe Config in the shape of Caffeine's JCache
 * provider, under the root {@code clockpro.jcache}: a {@code default} section that every cache starts from, and a
 * section per cache name (quoted where the name has dots) that overrides it. docs/jcache.md lists the keys; this
 * module's {@code reference.conf} holds their defaults.
 *
 * <p>Where the file comes from, by the cache manager's URI, as Caffeine finds it: a {@code file:} or {@code jar:}
 * URI (what Hibernate and Spring make of a resource), or a {@code classpath:} URI, names the file, which must exist;
 * any other URI, the provider's default one included, reads {@code application.conf} (and the system properties)
 * from the manager's class loader, as {@link ConfigFactory#load(ClassLoader)} does. Either way the system
 * properties override the file and {@code reference.conf} completes it.
 *
 * <p>A setting of the wrong type or out of range is reported, when the cache is created, by a
 * {@link CacheException} that names the full key and the file's line. Immutable and thread-safe.
 */
final class ConfigurationFile {

  /** The root of every key. */
  static final String ROOT = "clockpro.jcache";
  private static final String DEFAULT = "default";
  private static final String ETERNAL = "eternal";

  private final Config config;
  private final ClassLoader classLoader;

  private ConfigurationFile(Config config, ClassLoader classLoader) {
    this.config = config;
    this.classLoader = classLoader;
  }

  /**
   * Reads the file for a cache manager.
   *
   * @throws CacheException if the file the URI names cannot be read or parsed
   */
  static ConfigurationFile load(URI uri, ClassLoader classLoader) {
    try {
      return new ConfigurationFile(read(uri, classLoader).resolve(), classLoader);
    } catch (ConfigException failure) {
      throw new CacheException("Cannot read the JCache configuration at " + uri + ": " + failure.getMessage(),
          failure);
    }
  }

  private static Config read(URI uri, ClassLoader classLoader) {
    ConfigParseOptions options = ConfigParseOptions.defaults().setClassLoader(classLoader).setAllowMissing(false);
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    Config file;
    switch (scheme) {
      case "file":
        file = ConfigFactory.parseFile(new File(uri), options);
        break;
      case "jar":
        try {
          file = ConfigFactory.parseURL(uri.toURL(), options);
        } catch (MalformedURLException malformed) {
          throw new CacheException("Cannot read the JCache configuration at " + uri, malformed);
        }
        break;
      case "classpath":
        file = ConfigFactory.parseResources(classLoader, uri.getSchemeSpecificPart().replaceFirst("^/", ""),
            options);
        break;
      default:
        return ConfigFactory.load(classLoader);
    }
    return ConfigFactory.defaultOverrides(classLoader)
        .withFallback(file)
        .withFallback(ConfigFactory.defaultReference(classLoader));
  }

  /** The names of the caches the file defines a section for, {@code default} aside, in the file's order. */
  Set<String> cacheNames() {
    Set<String> names = new LinkedHashSet<>();
    if (config.hasPath(ROOT)) {
      for (String key : config.getObject(ROOT).keySet()) {
        if (!key.equals(DEFAULT)) {
          names.add(key);
        }
      }
    }
    return names;
  }

  /** Whether the file has a section for this cache. */
  boolean defines(String cacheName) {
    return !cacheName.equals(DEFAULT) && config.hasPath(section(cacheName))
        && config.getValue(section(cacheName)).valueType() == ConfigValueType.OBJECT;
  }

  /**
   * The configuration of a cache the file defines: its section over the {@code default} section.
   *
   * @throws CacheException naming the key, if a setting is invalid
   */
  <K, V> ClockProConfiguration<K, V> named(String cacheName) {
    Settings settings = new Settings(section(cacheName));
    ClockProConfiguration<K, V> configuration = new ClockProConfiguration<>();
    settings.applyTypes(configuration);
    settings.applyStandard(configuration);
    settings.applyOwn(configuration);
    return configuration;
  }

  /**
   * The configuration of a cache created in code with a configuration that is not a
   * {@link ClockProConfiguration}: the file supplies what the standard does not cover (the bound, expiry after
   * write or access, the scan limit), from the cache's section over the {@code default} section, and the given
   * configuration everything the standard does, as Caffeine's provider resolves it.
   *
   * @throws CacheException naming the key, if a setting the cache takes from the file is invalid
   */
  <K, V> ClockProConfiguration<K, V> completing(String cacheName, Configuration<K, V> given) {
    ClockProConfiguration<K, V> configuration = given instanceof CompleteConfiguration<K, V> complete
        ? new ClockProConfiguration<>(complete) : new ClockProConfiguration<>();
    configuration.setTypes(given.getKeyType(), given.getValueType());
    configuration.setStoreByValue(given.isStoreByValue());
    new Settings(defines(cacheName) ? section(cacheName) : section(DEFAULT)).applyOwn(configuration);
    return configuration;
  }

  private static String section(String cacheName) {
    return ConfigUtil.joinPath("clockpro", "jcache", cacheName);
  }

  /**
   * The settings of one cache: each key is read from the cache's section if set there, else from the default
   * section, by its full path, so that every error names the key as the file spells it.
   */
  private final class Settings {
    private final String section;
    private final String defaults = section(DEFAULT);

    Settings(String section) {
      this.section = section;
    }

    void applyTypes(ClockProConfiguration<?, ?> configuration) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      ClockProConfiguration<Object, Object> untyped = (ClockProConfiguration) configuration;
      @SuppressWarnings("unchecked")
      Class<Object> keyType = (Class<Object>) type("key-type");
      @SuppressWarnings("unchecked")
      Class<Object> valueType = (Class<Object>) type("value-type");
      untyped.setTypes(keyType, valueType);
    }

    /** The settings JSR-107 has: store by value, read and write through, statistics and management, expiry. */
    void applyStandard(ClockProConfiguration<?, ?> configuration) {
      configuration.setStoreByValue(bool("store-by-value.enabled"));
      configuration.setStatisticsEnabled(bool("monitoring.statistics"));
      configuration.setManagementEnabled(bool("monitoring.management"));
      configuration.setReadThrough(bool("read-through.enabled"));
      configuration.setWriteThrough(bool("write-through.enabled"));
      applyLoaderAndWriter(configuration);
      String creation = "policy.lazy-expiration.creation";
      String update = "policy.lazy-expiration.update";
      String access = "policy.lazy-expiration.access";
      javax.cache.expiry.Duration created = lifetime(creation);
      javax.cache.expiry.Duration updated = lifetime(update);
      javax.cache.expiry.Duration accessed = lifetime(access);
      if (!javax.cache.expiry.Duration.ETERNAL.equals(created) || updated != null || accessed != null) {
        configuration.setExpiryPolicyFactory(FactoryBuilder.factoryOf(
            new ConfiguredExpiryPolicy(created == null ? javax.cache.expiry.Duration.ETERNAL : created, updated,
                accessed)));
      }
      reject("listeners", "entry listeners from the file are not supported; register them in code");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void applyLoaderAndWriter(ClockProConfiguration configuration) {
      String loader = className("read-through.loader", javax.cache.integration.CacheLoader.class);
      if (loader != null) {
        configuration.setCacheLoaderFactory(FactoryBuilder.factoryOf(loader));
      }
      String writer = className("write-through.writer", javax.cache.integration.CacheWriter.class);
      if (writer != null) {
        configuration.setCacheWriterFactory(FactoryBuilder.factoryOf(writer));
      }
    }

    /** The settings of clockpro's own: the bound, expiry after write or access, the scan limit. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void applyOwn(ClockProConfiguration configuration) {
      // The bound is the cache's section's if it sets one, by size or by weight, else the default section's.
      String size = "policy.maximum.size";
      String weight = "policy.maximum.weight";
      String weigher = "policy.maximum.weigher";
      boolean ownBound = config.hasPath(section + "." + size) || config.hasPath(section + "." + weight);
      String boundSection = ownBound ? section : defaults;
      boolean bySize = config.hasPath(boundSection + "." + size);
      boolean byWeight = config.hasPath(boundSection + "." + weight);
      if (bySize && byWeight) {
        throw invalid(boundSection + "." + weight, "cannot be combined with " + boundSection + "." + size
            + "; set one bound");
      }
      if (bySize) {
        long maximum = valueOf(() -> config.getLong(boundSection + "." + size));
        check(size, () -> configuration.setMaximumSize(maximum));
      } else if (byWeight) {
        String weigherClass = className(weigher, io.github.clockpro.Weigher.class);
        if (weigherClass == null) {
          throw invalid(path(weight), "needs policy.maximum.weigher, naming an io.github.clockpro.Weigher class");
        }
        long maximum = valueOf(() -> config.getLong(boundSection + "." + weight));
        check(weight, () -> configuration.setMaximumWeight(maximum, FactoryBuilder.factoryOf(weigherClass)));
      }
      if (isSet("policy.scan-limit")) {
        long limit = number("policy.scan-limit");
        if (limit > Integer.MAX_VALUE) {
          throw invalid(path("policy.scan-limit"), "must be at most " + Integer.MAX_VALUE + " but was " + limit);
        }
        check("policy.scan-limit", () -> configuration.setScanLimit((int) limit));
      }
      String afterWrite = "policy.eager-expiration.after-write";
      String afterAccess = "policy.eager-expiration.after-access";
      if (isSet(afterWrite) && isSet(afterAccess)) {
        throw invalid(path(afterAccess), "cannot be combined with " + path(afterWrite));
      }
      if (isSet(afterWrite)) {
        Duration lifetime = duration(afterWrite);
        check(afterWrite, () -> configuration.setExpireAfterWrite(lifetime));
      }
      if (isSet(afterAccess)) {
        Duration lifetime = duration(afterAccess);
        check(afterAccess, () -> configuration.setExpireAfterAccess(lifetime));
      }
      reject("policy.eager-expiration.variable", "a variable expiry is not supported from the file; use "
          + "policy.lazy-expiration, or an ExpiryPolicy in code");
      reject("policy.refresh.after-write", "refresh is not supported by clockpro-jcache: the read-through loader "
          + "runs in the JCache layer, which copies each loaded value and reports it as a JCache event and statistic, "
          + "and a refresh by the core cache would replace values behind it; expire entries instead "
          + "(policy.eager-expiration.after-write)");
      reject("executor", "the executor is not configurable; the provider uses ForkJoinPool.commonPool()");
      reject("scheduler", "the scheduler is not configurable; expired entries are removed by the cache's own "
          + "operations");
    }

    /** The full key of a setting: in the cache's section if set there, else in the default section. */
    private String path(String key) {
      String own = section + "." + key;
      return config.hasPathOrNull(own) ? own : defaults + "." + key;
    }

    private boolean isSet(String key) {
      return config.hasPath(path(key)); // false for an absent key and for one set to null
    }

    private boolean bool(String key) {
      return valueOf(() -> config.getBoolean(path(key)));
    }

    private long number(String key) {
      return valueOf(() -> config.getLong(path(key)));
    }

    private Duration duration(String key) {
      return valueOf(() -> config.getDuration(path(key)));
    }

    /** A lifetime: {@code eternal}, a duration, or {@code null} (unset: keep the lifetime). */
    private javax.cache.expiry.Duration lifetime(String key) {
      if (!isSet(key)) {
        return null;
      }
      String full = path(key);
      if (config.getValue(full).valueType() == ConfigValueType.STRING && ETERNAL.equals(config.getString(full))) {
        return javax.cache.expiry.Duration.ETERNAL;
      }
      Duration duration = duration(key);
      if (duration.isNegative()) {
        throw invalid(full, "must not be negative but was " + duration);
      }
      return ClockProConfiguration.jcacheDuration(duration);
    }

    private Class<?> type(String key) {
      String name = valueOf(() -> config.getString(path(key)));
      try {
        return Class.forName(name, false, classLoader);
      } catch (ClassNotFoundException | LinkageError missing) {
        throw invalid(path(key), "names the class " + name + ", which cannot be loaded: " + missing);
      }
    }

    /** The name of a class that must implement {@code kind}, or {@code null} if the key is unset. */
    private String className(String key, Class<?> kind) {
      if (!isSet(key)) {
        return null;
      }
      Class<?> type = type(key);
      if (!kind.isAssignableFrom(type)) {
        throw invalid(path(key), "names " + type.getName() + ", which is not a " + kind.getName());
      }
      return type.getName();
    }

    private void reject(String key, String reason) {
      if (isSet(key) && !isEmptyList(path(key))) {
        throw invalid(path(key), reason);
      }
    }

    private boolean isEmptyList(String full) {
      return config.getValue(full).valueType() == ConfigValueType.LIST && config.getList(full).isEmpty();
    }

    private <T> T valueOf(Supplier<T> reading) {
      try {
        return reading.get();
      } catch (ConfigException failure) {
        throw new CacheException("Invalid JCache configuration: " + failure.getMessage(), failure);
      }
    }

    private void check(String key, Runnable setting) {
      try {
        setting.run();
      } catch (IllegalArgumentException outOfRange) {
        throw invalid(path(key), outOfRange.getMessage());
      }
    }

    private CacheException invalid(String full, String reason) {
      String origin = config.hasPath(full) ? " (" + config.getValue(full).origin().description() + ")" : "";
      return new CacheException("Invalid JCache configuration: " + full + origin + ": " + reason);
    }
  }
}
