package io.github.clockpro.jcache.hibernate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.jcache.ClockProCachingProvider;
import java.util.List;
import java.util.Map;
import javax.cache.CacheManager;
import org.hibernate.SessionFactory;
import org.hibernate.cache.jcache.internal.JCacheRegionFactory;
import org.hibernate.cache.spi.RegionFactory;
import org.hibernate.cfg.Configuration;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.stat.CacheRegionStatistics;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.Test;

/**
 * Hibernate ORM's second-level cache on clockpro-jcache, configured by a file named by
 * {@code hibernate.javax.cache.uri}, with {@code missing_cache_strategy=fail}: two SessionFactories one after the
 * other (the first closes its CacheManager), each serving entity, collection and query hits from regions that the
 * file bounds.
 */
class HibernateSecondLevelCacheTest {

  private static final Map<String, Long> BOUNDS = Map.of("books", 200L, "books.chapters", 300L, "chapters", 400L,
      "default-query-results-region", 50L, "default-update-timestamps-region", 1000L);

  @Test
  void shouldServeEntityCollectionAndQueryHitsFromBoundedRegionsInTwoSessionFactoriesInTurn() {
    for (int factory = 0; factory < 2; factory++) {
      try (SessionFactory sessionFactory = sessionFactory()) {
        CacheManager cacheManager = cacheManager(sessionFactory);
        for (Map.Entry<String, Long> region : BOUNDS.entrySet()) {
          ClockProCache<?, ?> core = cacheManager.getCache(region.getKey()).unwrap(ClockProCache.class);
          assertEquals(region.getValue(), core.policy().maximum(), region.getKey());
        }

        sessionFactory.inTransaction(session -> {
          Book book = new Book(1L, "The Art of Computer Programming");
          session.persist(book);
          session.persist(new Chapter(10L, "Basic Concepts", book));
          session.persist(new Chapter(11L, "Information Structures", book));
        });
        Statistics statistics = sessionFactory.getStatistics();
        statistics.clear();

        for (int read = 0; read < 2; read++) {
          sessionFactory.inSession(session -> {
            Book book = session.find(Book.class, 1L);
            assertEquals(2, book.getChapters().size());
            List<Book> found = session.createSelectionQuery("from Book where title like :title", Book.class)
                .setParameter("title", "The Art%")
                .setCacheable(true)
                .getResultList();
            assertEquals(1, found.size());
          });
        }

        CacheRegionStatistics books = statistics.getDomainDataRegionStatistics("books");
        CacheRegionStatistics chapters = statistics.getDomainDataRegionStatistics("books.chapters");
        assertTrue(books.getHitCount() >= 1, "entity hits: " + books);
        assertTrue(chapters.getHitCount() >= 1, "collection hits: " + chapters);
        assertTrue(statistics.getQueryCacheHitCount() >= 1, "query hits: " + statistics.getQueryCacheHitCount());
        assertTrue(statistics.getSecondLevelCacheHitCount() >= 3, statistics.toString());
      }
    }
  }

  private static SessionFactory sessionFactory() {
    return new Configuration()
        .addAnnotatedClass(Book.class)
        .addAnnotatedClass(Chapter.class)
        .setProperty("hibernate.connection.url", "jdbc:h2:mem:books")
        .setProperty("hibernate.hbm2ddl.auto", "create-drop")
        .setProperty("hibernate.cache.use_second_level_cache", "true")
        .setProperty("hibernate.cache.use_query_cache", "true")
        .setProperty("hibernate.cache.region.factory_class", "jcache")
        .setProperty("hibernate.javax.cache.provider", ClockProCachingProvider.class.getName())
        .setProperty("hibernate.javax.cache.uri", "hibernate/clockpro-regions.conf")
        .setProperty("hibernate.javax.cache.missing_cache_strategy", "fail")
        .setProperty("hibernate.generate_statistics", "true")
        .buildSessionFactory();
  }

  private static CacheManager cacheManager(SessionFactory sessionFactory) {
    RegionFactory regionFactory = sessionFactory.unwrap(SessionFactoryImplementor.class).getCache()
        .getRegionFactory();
    return ((JCacheRegionFactory) regionFactory).getCacheManager();
  }
}
