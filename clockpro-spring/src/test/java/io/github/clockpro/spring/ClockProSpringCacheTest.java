package io.github.clockpro.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.cache.Cache;
import org.springframework.cache.support.NullValue;

class ClockProSpringCacheTest {

  private static ClockProSpringCache cache(boolean allowNullValues) {
    return new ClockProSpringCache("books", ClockProCache.builder().maximumSize(100).build(), allowNullValues);
  }

  private static ClockProSpringCache asyncCache(boolean allowNullValues) {
    ClockProAsyncCache<Object, Object> async = ClockProCache.builder().maximumSize(100).buildAsync();
    return new ClockProSpringCache("books", async, allowNullValues);
  }

  @Test
  void shouldPutGetAndCountHits() {
    ClockProSpringCache cache = cache(true);
    assertThat(cache.getName()).isEqualTo("books");
    assertThat(cache.get("a")).isNull();
    cache.put("a", "A");
    assertThat(cache.get("a").get()).isEqualTo("A");
    assertThat(cache.get("a", String.class)).isEqualTo("A");
    assertThat(cache.getNativeCache().getIfPresent("a")).isEqualTo("A");
    assertThat(cache.getNativeCache().stats().hitCount()).isEqualTo(3);
    assertThat(cache.getNativeCache().stats().missCount()).isEqualTo(1);
    assertThat(cache.getAsyncCache()).isNull();
  }

  @Test
  void shouldStoreNullAsNullValueWhenAllowed() {
    ClockProSpringCache cache = cache(true);
    cache.put("a", null);
    assertThat(cache.getNativeCache().getIfPresent("a")).isSameAs(NullValue.INSTANCE);
    Cache.ValueWrapper wrapper = cache.get("a");
    assertThat(wrapper).isNotNull();
    assertThat(wrapper.get()).isNull();
    Object loaded = cache.get("b", () -> null);
    assertThat(loaded).isNull();
    assertThat(cache.get("b")).isNotNull();
  }

  @Test
  void shouldRefuseNullWhenNotAllowed() {
    ClockProSpringCache cache = cache(false);
    assertThatThrownBy(() -> cache.put("a", null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("books");
    assertThatThrownBy(() -> cache.get("b", () -> null)).isInstanceOf(IllegalArgumentException.class);
    assertThat(cache.getNativeCache().asMap()).isEmpty();
  }

  @Test
  void shouldRejectNullArgumentsBeforeChangingAnything() {
    ClockProSpringCache cache = cache(true);
    assertThatThrownBy(() -> cache.put(null, "A")).isInstanceOf(NullPointerException.class).hasMessage("key");
    assertThatThrownBy(() -> cache.get(null)).isInstanceOf(NullPointerException.class).hasMessage("key");
    assertThatThrownBy(() -> cache.putIfAbsent(null, "A")).isInstanceOf(NullPointerException.class)
        .hasMessage("key");
    assertThatThrownBy(() -> cache.evict(null)).isInstanceOf(NullPointerException.class).hasMessage("key");
    assertThatThrownBy(() -> cache.evictIfPresent(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("key");
    assertThatThrownBy(() -> cache.get("a", (java.util.concurrent.Callable<Object>) null))
        .isInstanceOf(NullPointerException.class).hasMessage("valueLoader");
    assertThatThrownBy(() -> cache.retrieve(null)).isInstanceOf(NullPointerException.class).hasMessage("key");
    assertThatThrownBy(() -> cache.retrieve(null, () -> CompletableFuture.completedFuture("A")))
        .isInstanceOf(NullPointerException.class).hasMessage("key");
    assertThatThrownBy(() -> cache.retrieve("a", null)).isInstanceOf(NullPointerException.class)
        .hasMessage("valueLoader");
    assertThatThrownBy(() -> new ClockProSpringCache(null, ClockProCache.builder().maximumSize(1).build(), true))
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> new ClockProSpringCache("a", (ClockProCache<Object, Object>) null, true))
        .isInstanceOf(NullPointerException.class).hasMessage("cache");
    assertThatThrownBy(() -> new ClockProSpringCache("a", (ClockProAsyncCache<Object, Object>) null, true))
        .isInstanceOf(NullPointerException.class).hasMessage("asyncCache");
    assertThat(cache.getNativeCache().asMap()).isEmpty();
  }

  @Test
  void shouldPutIfAbsentAtomically() {
    ClockProSpringCache cache = cache(true);
    assertThat(cache.putIfAbsent("a", "A")).isNull();
    assertThat(cache.putIfAbsent("a", "B").get()).isEqualTo("A");
    assertThat(cache.putIfAbsent("n", null)).isNull();
    Cache.ValueWrapper storedNull = cache.putIfAbsent("n", "N");
    assertThat(storedNull).isNotNull();
    assertThat(storedNull.get()).isNull();
    assertThat(cache.get("a").get()).isEqualTo("A");
  }

  @Test
  void shouldEvictAndClear() {
    ClockProSpringCache cache = cache(true);
    cache.put("a", "A");
    cache.put("b", "B");
    assertThat(cache.evictIfPresent("a")).isTrue();
    assertThat(cache.evictIfPresent("a")).isFalse();
    cache.evict("b");
    assertThat(cache.get("b")).isNull();
    cache.put("c", "C");
    cache.clear();
    assertThat(cache.get("c")).isNull();
    assertThat(cache.invalidate()).isFalse();
    cache.put("d", "D");
    assertThat(cache.invalidate()).isTrue();
    assertThat(cache.getNativeCache().asMap()).isEmpty();
  }

  @Test
  void shouldWrapALoaderException() {
    ClockProSpringCache cache = cache(true);
    IOException failure = new IOException("disk");
    assertThatThrownBy(() -> cache.get("a", () -> {
      throw failure;
    })).isInstanceOf(Cache.ValueRetrievalException.class).hasCause(failure);
    assertThat(cache.get("a")).isNull();
    assertThat(cache.get("a", () -> "A")).isEqualTo("A");
  }

  @Test
  void shouldLoadOncePerKeyUnderConcurrentCallers() throws Exception {
    ClockProSpringCache cache = cache(true);
    int callers = 8;
    AtomicInteger calls = new AtomicInteger();
    CountDownLatch allWaiting = new CountDownLatch(callers);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < callers; i++) {
        results.add(pool.submit(() -> {
          allWaiting.countDown();
          return cache.get("key", () -> {
            calls.incrementAndGet();
            release.await();
            return "value";
          });
        }));
      }
      assertThat(allWaiting.await(10, TimeUnit.SECONDS)).isTrue();
      // Let the other callers reach the cache and wait for the one load before it completes.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (requestCount(cache) < callers && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      release.countDown();
      for (Future<String> result : results) {
        assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("value");
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(calls).hasValue(1);
    assertThat(cache.getNativeCache().stats().loadSuccessCount()).isEqualTo(1);
  }

  private static long requestCount(ClockProSpringCache cache) {
    return cache.getNativeCache().stats().hitCount() + cache.getNativeCache().stats().missCount();
  }

  @Test
  void shouldRetrieveFromASynchronousCache() {
    ClockProSpringCache cache = cache(true);
    assertThat(cache.retrieve("a")).isNull();
    cache.put("a", "A");
    cache.put("n", null);
    assertThat(((Cache.ValueWrapper) cache.retrieve("a").join()).get()).isEqualTo("A");
    assertThat(((Cache.ValueWrapper) cache.retrieve("n").join()).get()).isNull();
    assertThat(cache.retrieve("a", () -> CompletableFuture.completedFuture("other")).join()).isEqualTo("A");
    assertThat(cache.retrieve("n", () -> CompletableFuture.completedFuture("other")).join()).isNull();

    CompletableFuture<String> pending = new CompletableFuture<>();
    CompletableFuture<String> loaded = cache.retrieve("b", () -> pending);
    assertThat(loaded).isNotDone();
    assertThat(cache.get("b")).isNull();
    pending.complete("B");
    assertThat(loaded.join()).isEqualTo("B");
    assertThat(cache.get("b").get()).isEqualTo("B");

    assertThat(cache.retrieve("c", () -> CompletableFuture.completedFuture(null)).join()).isNull();
    assertThat(cache.get("c")).isNotNull();
  }

  @Test
  void shouldRetrievePlainValuesWithoutNullValues() {
    ClockProSpringCache cache = cache(false);
    cache.put("a", "A");
    assertThat(cache.retrieve("a").join()).isEqualTo("A");
    assertThat(cache.retrieve("c", () -> CompletableFuture.completedFuture(null)).join()).isNull();
    assertThat(cache.get("c")).isNull();
    CompletableFuture<Object> failed = CompletableFuture.failedFuture(new IllegalStateException("down"));
    assertThatThrownBy(() -> cache.retrieve("d", () -> failed).join()).hasRootCauseMessage("down");
    assertThat(cache.get("d")).isNull();
  }

  @Test
  void shouldRetrieveOncePerKeyFromAnAsynchronousCache() {
    ClockProSpringCache cache = asyncCache(true);
    assertThat(cache.getAsyncCache()).isNotNull();
    assertThat(cache.getNativeCache()).isSameAs(cache.getAsyncCache().synchronous());
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> pending = new CompletableFuture<>();
    CompletableFuture<String> first = cache.retrieve("a", () -> {
      calls.incrementAndGet();
      return pending;
    });
    CompletableFuture<String> second = cache.retrieve("a", () -> {
      calls.incrementAndGet();
      return CompletableFuture.completedFuture("other");
    });
    assertThat(cache.retrieve("a")).isNotNull().isNotDone();
    pending.complete("A");
    assertThat(first.join()).isEqualTo("A");
    assertThat(second.join()).isEqualTo("A");
    assertThat(calls).hasValue(1);
    assertThat(((Cache.ValueWrapper) cache.retrieve("a").join()).get()).isEqualTo("A");
    assertThat(cache.get("a").get()).isEqualTo("A");

    assertThat(cache.retrieve("n", () -> CompletableFuture.completedFuture(null)).join()).isNull();
    assertThat(((Cache.ValueWrapper) cache.retrieve("n").join()).get()).isNull();
    assertThat(cache.retrieve("missing")).isNull();
  }

  @Test
  void shouldRetrievePlainValuesFromAnAsynchronousCacheWithoutNullValues() {
    ClockProSpringCache cache = asyncCache(false);
    assertThat(cache.retrieve("a", () -> CompletableFuture.completedFuture("A")).join()).isEqualTo("A");
    assertThat(cache.retrieve("a").join()).isEqualTo("A");
    assertThat(cache.retrieve("n", () -> CompletableFuture.completedFuture(null)).join()).isNull();
    assertThat(cache.retrieve("n")).isNull();
  }
}
