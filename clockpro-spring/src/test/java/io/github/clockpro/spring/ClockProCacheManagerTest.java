package io.github.clockpro.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.RemovalCause;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.cache.Cache;

class ClockProCacheManagerTest {

  private static ClockProSpringCache springCache(ClockProCacheManager manager, String name) {
    return (ClockProSpringCache) manager.getCache(name);
  }

  @Test
  void shouldCreateCachesWhenFirstAskedForByDefault() {
    ClockProCacheManager manager = new ClockProCacheManager();
    assertThat(manager.getCacheNames()).isEmpty();
    Cache books = manager.getCache("books");
    assertThat(books).isInstanceOf(ClockProSpringCache.class);
    assertThat(books.getName()).isEqualTo("books");
    assertThat(manager.getCache("books")).isSameAs(books);
    assertThat(manager.getCacheNames()).containsExactly("books");
    assertThat(springCache(manager, "books").getNativeCache().policy().maximum()).isEqualTo(10_000);
    assertThat(manager.isAllowNullValues()).isTrue();
  }

  @Test
  void shouldCreateADynamicCacheOnceUnderConcurrentCallers() throws Exception {
    ClockProCacheManager manager = new ClockProCacheManager();
    int callers = 8;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    try {
      List<Future<Cache>> results = new ArrayList<>();
      for (int i = 0; i < callers; i++) {
        results.add(pool.submit(() -> {
          start.await();
          return manager.getCache("books");
        }));
      }
      start.countDown();
      Cache first = results.get(0).get(10, TimeUnit.SECONDS);
      for (Future<Cache> result : results) {
        assertThat(result.get(10, TimeUnit.SECONDS)).isSameAs(first);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldServeFixedNamesOnly() {
    ClockProCacheManager manager = new ClockProCacheManager("books", "authors");
    assertThat(manager.getCacheNames()).containsExactly("books", "authors");
    assertThat(manager.getCache("books")).isNotNull();
    assertThat(manager.getCache("other")).isNull();
    assertThat(manager.getCacheNames()).containsExactly("books", "authors");

    manager.setCacheNames(null);
    assertThat(manager.getCache("other")).isNotNull();
    manager.setCacheNames(List.of("books"));
    assertThat(manager.getCacheNames()).containsExactly("books");
  }

  @Test
  void shouldKeepTheCachesItHasWhenNamesAreFixed() {
    ClockProCacheManager manager = new ClockProCacheManager();
    Cache books = manager.getCache("books");
    books.put("a", "A");
    manager.setCacheNames(List.of("books", "authors"));
    assertThat(manager.getCache("books")).isSameAs(books);
    assertThat(books.get("a").get()).isEqualTo("A");
  }

  @Test
  void shouldBuildFromTheSpecificationAndReplaceItsCaches() {
    ClockProCacheManager manager = new ClockProCacheManager("books");
    Cache before = manager.getCache("books");
    before.put("a", "A");
    manager.setCacheSpecification("maximumSize=50,scanLimit=8");
    ClockProSpringCache after = springCache(manager, "books");
    assertThat(after).isNotSameAs(before);
    assertThat(after.get("a")).isNull();
    assertThat(after.getNativeCache().policy().maximum()).isEqualTo(50);
    assertThat(after.getNativeCache().policy().scanLimit()).isEqualTo(8);
    assertThat(springCache(manager, "books").getNativeCache().policy().maximum()).isEqualTo(50);

    manager.setCacheSpec(ClockProCacheSpec.parse("maximumSize=60"));
    assertThat(springCache(manager, "books").getNativeCache().policy().maximum()).isEqualTo(60);
  }

  @Test
  void shouldBuildEachCacheFromANewBuilder() {
    List<String> removed = new CopyOnWriteArrayList<>();
    ClockProCacheManager manager = new ClockProCacheManager();
    manager.setCacheBuilder(() -> ClockProCache.builder().maximumSize(1)
        .removalListener((Object key, Object value, RemovalCause cause) -> removed.add(key + " " + cause)));
    Cache books = manager.getCache("books");
    Cache authors = manager.getCache("authors");
    books.put("a", "A");
    books.put("b", "B");
    authors.put("c", "C");
    assertThat(removed).containsExactly("a SIZE");
  }

  @Test
  void shouldRefuseABadSpecificationBeforeChanging() {
    ClockProCacheManager manager = new ClockProCacheManager("books");
    Cache books = manager.getCache("books");
    assertThatThrownBy(() -> manager.setCacheSpecification("maximumSize=10,colour=blue"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown key 'colour'");
    assertThatThrownBy(() -> manager.setCacheSpecification("maximumSize=10,refreshAfterWrite=1m"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("refreshAfterWrite needs a loader");
    assertThatThrownBy(() -> manager.setCacheBuilder(() -> ClockProCache.builder().maximumWeight(10)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("maximumWeight needs a weigher");
    assertThatThrownBy(() -> manager.setCacheBuilder(() -> null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("supplier returned null");
    assertThat(manager.getCache("books")).isSameAs(books);
  }

  @Test
  void shouldMakeLoadingCachesWithALoader() {
    ClockProCacheManager manager = new ClockProCacheManager("books");
    manager.setCacheLoader(key -> "loaded " + key);
    manager.setCacheSpecification("maximumSize=10,refreshAfterWrite=1m");
    ClockProSpringCache books = springCache(manager, "books");
    assertThat(books.getNativeCache()).isInstanceOf(ClockProLoadingCache.class);
    assertThat(books.get("a").get()).isEqualTo("loaded a");
    assertThatThrownBy(() -> manager.setAsyncCacheMode(true)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cache loader");
    assertThat(springCache(manager, "books").getAsyncCache()).isNull();
  }

  @Test
  void shouldMakeAsynchronousCachesInAsyncMode() {
    ClockProCacheManager manager = new ClockProCacheManager("books");
    manager.setAsyncCacheMode(true);
    ClockProSpringCache books = springCache(manager, "books");
    assertThat(books.getAsyncCache()).isNotNull();
    assertThat(manager.getCache("dynamic")).isNull();
    assertThatThrownBy(() -> manager.setCacheLoader(key -> key)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("asynchronous mode");
    manager.setAsyncCacheMode(true);
    assertThat(manager.getCache("books")).isSameAs(books);
    manager.setAsyncCacheMode(false);
    assertThat(springCache(manager, "books").getAsyncCache()).isNull();
  }

  @Test
  void shouldApplyNullValuesToEveryCache() {
    ClockProCacheManager manager = new ClockProCacheManager("books");
    manager.setAllowNullValues(false);
    assertThat(manager.isAllowNullValues()).isFalse();
    assertThat(springCache(manager, "books").isAllowNullValues()).isFalse();
    assertThatThrownBy(() -> manager.getCache("books").put("a", null))
        .isInstanceOf(IllegalArgumentException.class);
    manager.setAllowNullValues(true);
    assertThat(springCache(manager, "books").isAllowNullValues()).isTrue();
  }

  @Test
  void shouldKeepCustomCachesWhenSettingsChange() {
    ClockProCacheManager manager = new ClockProCacheManager("books");
    ClockProCache<Object, Object> custom = ClockProCache.builder().maximumSize(3).build();
    manager.registerCustomCache("custom", custom);
    manager.registerCustomCache("customAsync", ClockProCache.builder().maximumSize(3).buildAsync());
    assertThat(manager.getCacheNames()).containsExactly("books", "custom", "customAsync");
    Cache registered = manager.getCache("custom");
    manager.setCacheSpecification("maximumSize=7");
    manager.setCacheNames(List.of("books"));
    assertThat(manager.getCache("custom")).isSameAs(registered);
    assertThat(springCache(manager, "custom").getNativeCache()).isSameAs(custom);
    assertThat(springCache(manager, "customAsync").getAsyncCache()).isNotNull();
  }

  @Test
  void shouldRejectNullArguments() {
    ClockProCacheManager manager = new ClockProCacheManager();
    assertThatThrownBy(() -> manager.getCache(null)).isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> new ClockProCacheManager((String[]) null)).isInstanceOf(NullPointerException.class)
        .hasMessage("cacheNames");
    assertThatThrownBy(() -> manager.setCacheNames(Arrays.asList("a", null)))
        .isInstanceOf(NullPointerException.class).hasMessage("cache name");
    assertThatThrownBy(() -> manager.setCacheSpecification(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("specification");
    assertThatThrownBy(() -> manager.setCacheSpec(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("spec");
    assertThatThrownBy(() -> manager.setCacheBuilder(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("builderSupplier");
    assertThatThrownBy(() -> manager.setCacheLoader(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("loader");
    assertThatThrownBy(() -> manager.registerCustomCache(null, ClockProCache.builder().maximumSize(1).build()))
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> manager.registerCustomCache("a", (ClockProCache<Object, Object>) null))
        .isInstanceOf(NullPointerException.class).hasMessage("cache");
    assertThat(manager.getCacheNames()).isEmpty();
  }

  @Test
  void shouldResetEveryCache() {
    ClockProCacheManager manager = new ClockProCacheManager("books", "authors");
    manager.getCache("books").put("a", "A");
    manager.getCache("authors").put("b", "B");
    manager.resetCaches();
    assertThat(manager.getCache("books").get("a")).isNull();
    assertThat(manager.getCache("authors").get("b")).isNull();
  }
}
