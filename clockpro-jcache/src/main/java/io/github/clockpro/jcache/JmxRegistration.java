package io.github.clockpro.jcache;

import java.lang.management.ManagementFactory;
import javax.cache.CacheException;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanRegistrationException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.JMException;

/**
 * Registers a cache's MXBeans with the platform MBean server under the standard JSR-107 names:
 * {@code javax.cache:type=CacheConfiguration|CacheStatistics,CacheManager=<uri>,Cache=<name>}, where the URI and
 * the name have every character JMX reserves ({@code , : = \n}) replaced by a dot.
 */
final class JmxRegistration {

  /** The kind of bean, which is the {@code type} of its name. */
  enum MBeanType {
    CONFIGURATION("CacheConfiguration"),
    STATISTICS("CacheStatistics");

    private final String typeName;

    MBeanType(String typeName) {
      this.typeName = typeName;
    }
  }

  private JmxRegistration() {}

  /** Registers the bean under its name, unless a bean is registered there already. */
  static void register(CacheProxy<?, ?> cache, Object bean, MBeanType type) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName name = objectName(cache, type);
    try {
      if (!server.isRegistered(name)) {
        server.registerMBean(bean, name);
      }
    } catch (JMException e) {
      throw new CacheException("Failed to register the MXBean " + name, e);
    }
  }

  /** Unregisters the bean of that type, if one is registered. */
  static void unregister(CacheProxy<?, ?> cache, MBeanType type) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName name = objectName(cache, type);
    try {
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
    } catch (InstanceNotFoundException ignored) {
      // Unregistered concurrently: the outcome is the one asked for.
    } catch (MBeanRegistrationException e) {
      throw new CacheException("Failed to unregister the MXBean " + name, e);
    }
  }

  private static ObjectName objectName(CacheProxy<?, ?> cache, MBeanType type) {
    String manager = sanitize(cache.getCacheManager().getURI().toString());
    String name = sanitize(cache.getName());
    try {
      return new ObjectName("javax.cache:type=" + type.typeName + ",CacheManager=" + manager + ",Cache=" + name);
    } catch (MalformedObjectNameException e) {
      throw new CacheException("Illegal ObjectName for cache " + cache.getName(), e);
    }
  }

  private static String sanitize(String text) {
    return text == null ? "" : text.replaceAll("[,:=\n]", ".");
  }
}
