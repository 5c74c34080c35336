package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import javax.cache.CacheManager;
import org.junit.jupiter.api.Test;

/** The manager bookkeeping ClockProCachingProvider documents. */
class ProviderTest {

  @Test
  void shouldKeepOneManagerPerClassLoaderAndUriUntilItCloses() {
    ClockProCachingProvider provider = new ClockProCachingProvider();
    ClassLoader loader = getClass().getClassLoader();
    URI uri = URI.create("provider-test");

    CacheManager first = provider.getCacheManager(uri, loader);
    assertSame(first, provider.getCacheManager(uri, loader));
    assertNotSame(first, provider.getCacheManager(URI.create("another"), loader));

    first.close();
    CacheManager second = provider.getCacheManager(uri, loader);

    assertTrue(first.isClosed());
    assertNotSame(first, second);
    provider.close();
    assertTrue(second.isClosed());
  }

  @Test
  void shouldDefaultToItsClassNameAndClassLoader() {
    ClockProCachingProvider provider = new ClockProCachingProvider();

    assertEquals(URI.create(ClockProCachingProvider.class.getName()), provider.getDefaultURI());
    assertSame(ClockProCachingProvider.class.getClassLoader(), provider.getDefaultClassLoader());
    CacheManager manager = provider.getCacheManager();
    assertEquals(provider.getDefaultURI(), manager.getURI());
    provider.close();
  }
}
