package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.Weigher;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.cache.Cache;
import javax.cache.CacheException;
import javax.cache.CacheManager;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.expiry.ExpiryPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Caches configured by a file, found at the manager's URI or as application.conf, as Caffeine's provider does. */
class ConfigurationFileTest {

  private static final URI FILE = URI.create("classpath:jcache/caches.conf");

  private final ClockProCachingProvider provider = new ClockProCachingProvider();
  private final ClassLoader classLoader = getClass().getClassLoader();

  @TempDir
  Path directory;

  @AfterEach
  void closeManagers() {
    provider.close();
  }

  /** A weigher the file names: the length of a string value. */
  public static final class LengthWeigher implements Weigher<Object, String> {
    @Override
    public int weigh(Object key, String value) {
      return value.length();
    }
  }

  @Test
  void shouldBoundACacheAFrameworkCreatesByTheDefaultSection() {
    CacheManager manager = provider.getCacheManager(FILE, classLoader);
    Cache<String, String> region = manager.createCache("some.Entity", new MutableConfiguration<>());

    assertEquals(500, core(region).policy().maximum());
    assertTrue(settings(region).isStoreByValue(),
        "the standard settings are the given configuration's");
  }

  @Test
  void shouldCreateACacheTheFileNamesFromItsSectionOverTheDefaults() {
    CacheManager manager = provider.getCacheManager(FILE, classLoader);
    assertTrue(Set.copyOf(toList(manager.getCacheNames())).containsAll(Set.of("books", "com.example.Author")));

    Cache<Long, String> books = manager.getCache("books", Long.class, String.class);

    assertNotNull(books);
    ClockProConfiguration<?, ?> configuration = settings(books);
    assertEquals(100, core(books).policy().maximum());
    assertEquals(16, core(books).policy().scanLimit());
    assertEquals(Duration.ofMinutes(10), configuration.getExpireAfterWrite().orElseThrow());
    assertTrue(configuration.isStoreByValue());
    assertTrue(configuration.isStatisticsEnabled());
    assertThrows(ClassCastException.class, () -> manager.getCache("books", String.class, String.class));
  }

  @Test
  void shouldReadAQuotedNameWithDotsAndTheLazyExpiration() {
    CacheManager manager = provider.getCacheManager(FILE, classLoader);
    Cache<Object, Object> authors = manager.getCache("com.example.Author");

    assertEquals(500, core(authors).policy().maximum(), "from the default section");
    ExpiryPolicy expiry = settings(authors).getExpiryPolicyFactory().create();
    assertEquals(new javax.cache.expiry.Duration(TimeUnit.HOURS, 1),
        expiry.getExpiryForCreation());
    assertNull(expiry.getExpiryForUpdate(), "unset: keeps the lifetime");
    assertEquals(new javax.cache.expiry.Duration(TimeUnit.MINUTES, 5),
        expiry.getExpiryForAccess());
  }

  @Test
  void shouldBoundByWeightWithTheWeigherTheFileNames() {
    Cache<String, String> weighed = provider.getCacheManager(FILE, classLoader).getCache("weighed");

    assertTrue(core(weighed).policy().isWeighted());
    assertEquals(1000, core(weighed).policy().maximum());
    weighed.put("a", "12345");
    assertEquals(5, core(weighed).policy().weightedSize().orElseThrow());
  }

  @Test
  void shouldCreateTheFilesCachesAgainInAManagerOpenedAfterTheLastClosed() {
    CacheManager first = provider.getCacheManager(FILE, classLoader);
    first.getCache("books").put(1L, "one");
    first.close();

    CacheManager second = provider.getCacheManager(FILE, classLoader);

    Cache<Long, String> books = second.getCache("books", Long.class, String.class);
    assertNotNull(books);
    assertNull(books.get(1L), "a new cache");
    assertEquals(100, core(books).policy().maximum());
  }

  @Test
  void shouldCreateInCodeACacheTheFileConfiguresWithItsSectionForWhatTheStandardDoesNotCover() {
    CacheManager manager = provider.getCacheManager(FILE, classLoader);

    Cache<Long, String> books = manager.createCache("books",
        new MutableConfiguration<Long, String>().setStoreByValue(false));

    assertEquals(100, core(books).policy().maximum());
    assertEquals(16, core(books).policy().scanLimit());
    assertFalse(settings(books).isStoreByValue(), "the given configuration's");
    assertThrows(CacheException.class, () -> manager.createCache("books", new MutableConfiguration<>()));
  }

  @Test
  void shouldTakeAClockProConfigurationAsItIs() {
    CacheManager manager = provider.getCacheManager(FILE, classLoader);
    Cache<String, String> own = manager.createCache("own", new ClockProConfiguration<String, String>());

    assertEquals(ClockProConfiguration.DEFAULT_MAXIMUM_SIZE, core(own).policy().maximum());
  }

  @Test
  void shouldReadAFileUri() throws IOException {
    Path file = directory.resolve("caches.conf");
    Files.writeString(file, "clockpro.jcache { default.policy.maximum.size = 42 }");
    CacheManager manager = provider.getCacheManager(file.toUri(), classLoader);

    assertEquals(42, core(manager.createCache("region", new MutableConfiguration<>())).policy().maximum());
  }

  @Test
  void shouldReadApplicationConfFromTheClassLoaderForAnyOtherUri() throws IOException {
    Files.writeString(directory.resolve("application.conf"),
        "clockpro.jcache { default.policy.maximum.size = 7, sessions.policy.maximum.size = 3 }");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {directory.toUri().toURL()}, classLoader)) {
      CacheManager manager = provider.getCacheManager(provider.getDefaultURI(), loader);

      assertEquals(7, core(manager.createCache("region", new MutableConfiguration<>())).policy().maximum());
      assertEquals(3, core(manager.getCache("sessions")).policy().maximum());
    }
  }

  @Test
  void shouldNameTheKeyOfAnInvalidSetting() throws IOException {
    CacheManager manager = managerOf("clockpro.jcache { bad.policy.maximum.size = lots }");
    CacheException invalid = assertThrows(CacheException.class, () -> manager.getCache("bad"));
    assertTrue(invalid.getMessage().contains("clockpro.jcache.bad.policy.maximum.size"), invalid.getMessage());

    CacheManager outOfRange = managerOf("clockpro.jcache { zero.policy.maximum.size = 0 }");
    invalid = assertThrows(CacheException.class, () -> outOfRange.getCache("zero"));
    assertTrue(invalid.getMessage().contains("clockpro.jcache.zero.policy.maximum.size"), invalid.getMessage());
    assertFalse(toList(outOfRange.getCacheNames()).isEmpty());
    assertThrows(CacheException.class, () -> outOfRange.getCache("zero"), "still invalid: nothing was created");
  }

  @Test
  void shouldRefuseWhatItDoesNotSupportNamingTheKey() throws IOException {
    for (String setting : new String[] {"policy.refresh.after-write = 1 minute", "listeners = [ a ]",
        "policy.maximum.weight = 10", "policy.eager-expiration { after-write = 1m, after-access = 1m }",
        "key-type = com.example.Missing", "read-through.loader = java.lang.String"}) {
      CacheManager manager = managerOf("clockpro.jcache { odd { " + setting + " } }");
      CacheException refused = assertThrows(CacheException.class, () -> manager.getCache("odd"), setting);
      assertTrue(refused.getMessage().contains("clockpro.jcache.odd."), refused.getMessage());
      manager.close();
    }
  }

  @Test
  void shouldReportAFileThatIsMissingOrUnparsable() throws IOException {
    CacheException missing = assertThrows(CacheException.class,
        () -> provider.getCacheManager(directory.resolve("absent.conf").toUri(), classLoader));
    assertTrue(missing.getMessage().contains("absent.conf"), missing.getMessage());
    assertThrows(CacheException.class, () -> managerOf("clockpro.jcache { unclosed "));
  }

  private CacheManager managerOf(String contents) throws IOException {
    Path file = Files.createTempFile(directory, "caches", ".conf");
    Files.writeString(file, contents);
    return provider.getCacheManager(file.toUri(), classLoader);
  }

  @SuppressWarnings("unchecked")
  private static <K, V> ClockProCache<K, V> core(Cache<K, V> cache) {
    return cache.unwrap(ClockProCache.class);
  }

  private static ClockProConfiguration<?, ?> settings(Cache<?, ?> cache) {
    return cache.unwrap(CacheProxy.class).configuration();
  }

  private static java.util.List<String> toList(Iterable<String> names) {
    java.util.List<String> list = new java.util.ArrayList<>();
    names.forEach(list::add);
    return list;
  }
}
