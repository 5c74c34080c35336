package io.github.clockpro.spring.redis;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.cache.annotation.CacheEvict;
import org.springframework.cache.annotation.CachePut;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.context.annotation.Bean;

/** An application instance whose titles are cached: the tests run two of them against one Redis. */
@SpringBootConfiguration
@EnableAutoConfiguration
@EnableCaching
public class TitleApplication {

  @Bean
  TitleService titleService() {
    return new TitleService();
  }

  /** The cached service; counts the calls that reached it. */
  public static class TitleService {

    private final AtomicInteger loads = new AtomicInteger();

    /** The calls that reached the service (read through the proxy, which delegates this method). */
    public int loads() {
      return loads.get();
    }

    @Cacheable("titles")
    public Book title(long isbn) {
      loads.incrementAndGet();
      return new Book(isbn, "Title " + isbn);
    }

    @Cacheable(cacheNames = "titles", sync = true)
    public Book titleOnce(long isbn) {
      loads.incrementAndGet();
      return new Book(isbn, "Title " + isbn);
    }

    @CachePut(cacheNames = "titles", key = "#p0")
    public Book rename(long isbn, String title) {
      return new Book(isbn, title);
    }

    // Before the invocation, so that Spring evicts at once (evictIfPresent): RedisCacheManager may defer a plain
    // evict, which the side-by-side test would then read as a difference.
    @CacheEvict(cacheNames = "titles", beforeInvocation = true)
    public void forget(long isbn) {}

    @Cacheable(cacheNames = "titles", key = "#p0")
    public Book nothing(long isbn) {
      loads.incrementAndGet();
      return null;
    }
  }
}
