package io.github.clockpro.spring.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.ClockProCache;
import javax.cache.Cache;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;

/**
 * The README's Spring application on Spring Boot's JCache support, with the caches' bounds in a configuration file
 * that {@code spring.cache.jcache.config} names: Boot opens clockpro-jcache's CacheManager at the file's URI, and
 * the cache it creates for {@code spring.cache.cache-names} takes its bound from the file.
 */
@SpringBootTest(classes = BookApplication.class, properties = {"spring.cache.type=jcache",
    "spring.cache.jcache.config=classpath:jcache/books.conf", "spring.cache.cache-names=books"})
class JCacheConfigFileApplicationTest {

  @Autowired
  private BookService books;

  @Autowired
  private CacheManager cacheManager;

  @Test
  void shouldBoundTheCacheAsTheFileSays() {
    assertThat(books.title(7)).isEqualTo("Title 7");

    Cache<?, ?> jcache = (Cache<?, ?>) cacheManager.getCache("books").getNativeCache();
    @SuppressWarnings("unchecked")
    ClockProCache<Object, Object> core = jcache.unwrap(ClockProCache.class);
    assertThat(core.policy().maximum()).isEqualTo(250);
    assertThat(core.asMap()).containsEntry(7L, "Title 7");
  }
}
