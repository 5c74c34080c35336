package io.github.clockpro.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.spring.ClockProCacheManager;
import io.github.clockpro.spring.ClockProSpringCache;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.cache.autoconfigure.CacheAutoConfiguration;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizer;
import org.springframework.boot.cache.autoconfigure.metrics.CacheMetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.cache.metrics.CacheMetricsRegistrar;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.CacheEvict;
import org.springframework.cache.annotation.CachePut;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The auto-configuration in real Spring Boot application contexts: when it applies and when it backs off, the
 * properties, the caching annotations through the manager, and actuator's cache meters.
 */
class ClockProCacheAutoConfigurationTest {

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(ClockProCacheAutoConfiguration.class,
          ClockProCacheMetricsAutoConfiguration.class, CacheAutoConfiguration.class,
          CacheMetricsAutoConfiguration.class))
      .withUserConfiguration(CachingConfiguration.class);

  /** A service whose methods Spring's caching annotations wrap. */
  static class BookService {
    private final AtomicInteger lookups = new AtomicInteger();

    /** Read through a method: the caching proxy is a subclass whose own fields are not set. */
    public int lookups() {
      return lookups.get();
    }

    @Cacheable("books")
    public String title(long isbn) {
      lookups.incrementAndGet();
      return isbn == 0 ? null : "Title " + isbn;
    }

    @Cacheable(cacheNames = "books", sync = true)
    public String titleOncePerKey(long isbn) {
      lookups.incrementAndGet();
      return "Title " + isbn;
    }

    @CachePut(cacheNames = "books", key = "#p0")
    public String rename(long isbn, String title) {
      return title;
    }

    @CacheEvict("books")
    public void forget(long isbn) {}

    @CacheEvict(cacheNames = "books", allEntries = true)
    public void forgetAll() {}
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCaching
  static class CachingConfiguration {
    @Bean
    BookService bookService() {
      return new BookService();
    }

    @Bean
    SimpleMeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  /** A service whose cached method returns a future, which Spring caches through Cache.retrieve. */
  static class AsyncBookService {
    private final AtomicInteger lookups = new AtomicInteger();

    public int lookups() {
      return lookups.get();
    }

    @Cacheable("books")
    public CompletableFuture<String> title(long isbn) {
      lookups.incrementAndGet();
      return CompletableFuture.supplyAsync(() -> "Title " + isbn);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class AsyncConfiguration {
    @Bean
    AsyncBookService asyncBookService() {
      return new AsyncBookService();
    }

    @Bean
    CacheManagerCustomizer<ClockProCacheManager> asyncMode() {
      return manager -> manager.setAsyncCacheMode(true);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnCacheManagerConfiguration {
    @Bean
    CacheManager cacheManager() {
      return new ConcurrentMapCacheManager();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class CacheLoaderConfiguration {
    @Bean
    CacheLoader<Long, String> titleLoader() {
      return isbn -> "Loaded " + isbn;
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class CustomizerConfiguration {
    @Bean
    CacheManagerCustomizer<ClockProCacheManager> nullsRefused() {
      return manager -> manager.setAllowNullValues(false);
    }

    @Bean
    CacheManagerCustomizer<ConcurrentMapCacheManager> otherManagers() {
      return manager -> {
        throw new AssertionError("a customizer of another manager type was called");
      };
    }
  }

  @Test
  void shouldMakeTheClockProManagerTheCacheManager() {
    runner.run(context -> {
      assertThat(context).hasSingleBean(CacheManager.class);
      assertThat(context.getBean(CacheManager.class)).isInstanceOf(ClockProCacheManager.class);
      assertThat(context).hasSingleBean(ClockProCacheMeterBinderProvider.class);
    });
  }

  @Test
  void shouldCacheThroughTheAnnotations() {
    runner.run(context -> {
      BookService books = context.getBean(BookService.class);
      ClockProCacheManager manager = context.getBean(ClockProCacheManager.class);

      assertThat(books.title(1)).isEqualTo("Title 1");
      assertThat(books.title(1)).isEqualTo("Title 1");
      assertThat(books.lookups()).isEqualTo(1);
      ClockProSpringCache cache = (ClockProSpringCache) manager.getCache("books");
      assertThat(cache.getNativeCache().getIfPresent(1L)).isEqualTo("Title 1");

      assertThat(books.rename(1, "Renamed")).isEqualTo("Renamed");
      assertThat(books.title(1)).isEqualTo("Renamed");
      assertThat(books.lookups()).isEqualTo(1);

      books.forget(1);
      assertThat(books.title(1)).isEqualTo("Title 1");
      assertThat(books.lookups()).isEqualTo(2);

      books.title(2);
      books.forgetAll();
      assertThat(cache.getNativeCache().asMap()).isEmpty();
    });
  }

  @Test
  void shouldLoadThroughGetWithACallableForSynchronizedCaching() {
    runner.run(context -> {
      BookService books = context.getBean(BookService.class);
      assertThat(books.titleOncePerKey(3)).isEqualTo("Title 3");
      assertThat(books.titleOncePerKey(3)).isEqualTo("Title 3");
      assertThat(books.lookups()).isEqualTo(1);
      ClockProSpringCache cache = (ClockProSpringCache) context.getBean(CacheManager.class).getCache("books");
      assertThat(cache.getNativeCache().stats().loadSuccessCount()).isEqualTo(1);
    });
  }

  @Test
  void shouldCacheNullResults() {
    runner.run(context -> {
      BookService books = context.getBean(BookService.class);
      assertThat(books.title(0)).isNull();
      assertThat(books.title(0)).isNull();
      assertThat(books.lookups()).isEqualTo(1);
    });
  }

  @Test
  void shouldPublishActuatorCacheMetricsForNamedCaches() {
    runner.withPropertyValues("clockpro.cache.cache-names=books").run(context -> {
      BookService books = context.getBean(BookService.class);
      books.title(1);
      books.title(1);
      books.title(1);
      MeterRegistry registry = context.getBean(MeterRegistry.class);
      assertThat(registry.get("cache.gets").tags("cache", "books", "cache.manager", "cacheManager", "result", "hit")
          .functionCounter().count()).isEqualTo(2);
      assertThat(registry.get("cache.gets").tags("cache", "books", "result", "miss").functionCounter().count())
          .isEqualTo(1);
      assertThat(registry.get("cache.puts").tags("cache", "books").functionCounter().count()).isEqualTo(1);
      assertThat(registry.get("cache.hot.size").tags("cache", "books").gauge()).isNotNull();
    });
  }

  @Test
  void shouldBuildFromTheProperties() {
    runner.withPropertyValues("clockpro.cache.spec=maximumSize=500,scanLimit=16,expireAfterWrite=10m",
        "clockpro.cache.cache-names=books,authors").run(context -> {
          ClockProCacheManager manager = context.getBean(ClockProCacheManager.class);
          assertThat(manager.getCacheNames()).containsExactly("books", "authors");
          assertThat(manager.getCache("other")).isNull();
          ClockProSpringCache books = (ClockProSpringCache) manager.getCache("books");
          assertThat(books.getNativeCache().policy().maximum()).isEqualTo(500);
          assertThat(books.getNativeCache().policy().scanLimit()).isEqualTo(16);
        });
  }

  @Test
  void shouldFailToStartWithABadSpecificationNamingTheKey() {
    runner.withPropertyValues("clockpro.cache.spec=maximumSize=500,expireAfterWrite=ten").run(context -> {
      assertThat(context).hasFailed();
      assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("expireAfterWrite must be a whole number and a unit");
    });
  }

  @Test
  void shouldUseTheApplicationsCacheLoader() {
    runner.withUserConfiguration(CacheLoaderConfiguration.class)
        .withPropertyValues("clockpro.cache.spec=maximumSize=50,refreshAfterWrite=1m").run(context -> {
          ClockProSpringCache cache = (ClockProSpringCache) context.getBean(CacheManager.class).getCache("titles");
          assertThat(cache.getNativeCache()).isInstanceOf(ClockProLoadingCache.class);
          assertThat(cache.get(7L).get()).isEqualTo("Loaded 7");
        });
  }

  @Test
  void shouldCacheFuturesThroughRetrieveInAsyncMode() {
    runner.withUserConfiguration(AsyncConfiguration.class).run(context -> {
      AsyncBookService books = context.getBean(AsyncBookService.class);
      assertThat(books.title(1).join()).isEqualTo("Title 1");
      assertThat(books.title(1).join()).isEqualTo("Title 1");
      assertThat(books.lookups()).isEqualTo(1);
      ClockProSpringCache cache = (ClockProSpringCache) context.getBean(CacheManager.class).getCache("books");
      assertThat(cache.getAsyncCache()).isNotNull();
      assertThat(cache.getNativeCache().getIfPresent(1L)).isEqualTo("Title 1");
    });
  }

  @Test
  void shouldCacheFuturesInSynchronousMode() {
    runner.withBean(AsyncBookService.class).run(context -> {
      AsyncBookService books = context.getBean(AsyncBookService.class);
      assertThat(books.title(1).join()).isEqualTo("Title 1");
      assertThat(books.title(1).join()).isEqualTo("Title 1");
      assertThat(books.lookups()).isEqualTo(1);
    });
  }

  @Test
  void shouldApplyTheCustomizersOfItsType() {
    runner.withUserConfiguration(CustomizerConfiguration.class).run(context -> {
      assertThat(context).hasNotFailed();
      assertThat(context.getBean(ClockProCacheManager.class).isAllowNullValues()).isFalse();
      BookService books = context.getBean(BookService.class);
      assertThatThrownBy(() -> books.title(0)).isInstanceOf(IllegalArgumentException.class);
      assertThat(books.title(1)).isEqualTo("Title 1");
    });
  }

  @Test
  void shouldBindALaterCacheWithTheRegistrar() {
    runner.run(context -> {
      Cache late = context.getBean(CacheManager.class).getCache("late");
      assertThat(context.getBean(CacheMetricsRegistrar.class).bindCacheToRegistry(late)).isTrue();
      late.get("a");
      assertThat(context.getBean(MeterRegistry.class).get("cache.gets").tags("cache", "late", "result", "miss")
          .functionCounter().count()).isEqualTo(1);
    });
  }

  @Test
  void shouldBackOffForTheApplicationsCacheManager() {
    runner.withUserConfiguration(OwnCacheManagerConfiguration.class).run(context -> {
      assertThat(context).hasSingleBean(CacheManager.class);
      assertThat(context.getBean(CacheManager.class)).isInstanceOf(ConcurrentMapCacheManager.class);
      assertThat(context).doesNotHaveBean(ClockProCacheManager.class);
    });
  }

  @Test
  void shouldBackOffWhenSpringCacheTypeIsSet() {
    runner.withPropertyValues("spring.cache.type=simple").run(context -> {
      assertThat(context.getBean(CacheManager.class)).isInstanceOf(ConcurrentMapCacheManager.class);
      assertThat(context).doesNotHaveBean(ClockProCacheManager.class);
    });
    runner.withPropertyValues("spring.cache.type=none").run(context -> {
      assertThat(context).doesNotHaveBean(ClockProCacheManager.class);
    });
  }

  @Test
  void shouldBackOffWithoutEnableCaching() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ClockProCacheAutoConfiguration.class, CacheAutoConfiguration.class))
        .run(context -> assertThat(context).doesNotHaveBean(CacheManager.class));
  }
}
