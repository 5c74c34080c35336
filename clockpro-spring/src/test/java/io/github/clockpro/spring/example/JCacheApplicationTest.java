package io.github.clockpro.spring.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.ClockProCache;
import javax.cache.Cache;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;
import org.springframework.cache.jcache.JCacheCacheManager;

/**
 * The README's Spring application unchanged, on Spring Boot's JCache support instead of {@code clockpro-spring}'s
 * manager: with {@code spring.cache.type=jcache}, Boot asks {@code Caching.getCachingProvider()} for the provider,
 * which finds {@code clockpro-jcache}'s, and the auto-configuration of {@code clockpro-spring} backs off.
 */
@SpringBootTest(classes = BookApplication.class, properties = {
    "spring.cache.type=jcache", "spring.cache.cache-names=books"})
class JCacheApplicationTest {

  @Autowired
  private BookService books;

  @Autowired
  private CacheManager cacheManager;

  @Test
  void shouldCacheThroughTheJCacheProvider() {
    assertThat(cacheManager).isInstanceOf(JCacheCacheManager.class);
    assertThat(books.title(42)).isEqualTo("Title 42");
    assertThat(books.title(42)).isEqualTo("Title 42");

    Cache<?, ?> jcache = (Cache<?, ?>) cacheManager.getCache("books").getNativeCache();
    assertThat(jcache.getCacheManager().getCachingProvider().getClass().getName())
        .isEqualTo("io.github.clockpro.jcache.ClockProCachingProvider");
    @SuppressWarnings("unchecked")
    ClockProCache<Object, Object> core = jcache.unwrap(ClockProCache.class);
    assertThat(core.asMap()).containsEntry(42L, "Title 42");
    assertThat(core.stats().hitCount()).isEqualTo(1);
    assertThat(core.stats().missCount()).isEqualTo(1);
  }
}
