package io.github.clockpro.guava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.CacheLoader.InvalidCacheLoadException;
import com.google.common.cache.CacheStats;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.ImmutableMap;
import com.google.common.util.concurrent.ExecutionError;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.UncheckedExecutionException;
import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Guava's {@link Cache} and {@link LoadingCache} contracts, on the caches {@link ClockProGuava} builds. */
class ClockProGuavaTest {

  private static CacheBuilder<Object, Object> builder() {
    return ClockProCache.builder().maximumSize(100).executor(Runnable::run);
  }

  @Test
  void getWithACallableShouldWrapEachKindOfFailureAsGuavaDoes() {
    Cache<String, String> cache = ClockProGuava.build(builder());
    IOException checked = new IOException("checked");
    IllegalStateException unchecked = new IllegalStateException("unchecked");
    AssertionError error = new AssertionError("error");

    ExecutionException execution = assertThrows(ExecutionException.class, () -> cache.get("a", () -> {
      throw checked;
    }));
    assertSame(checked, execution.getCause());
    UncheckedExecutionException uncheckedExecution = assertThrows(UncheckedExecutionException.class,
        () -> cache.get("a", () -> {
          throw unchecked;
        }));
    assertSame(unchecked, uncheckedExecution.getCause());
    ExecutionError executionError = assertThrows(ExecutionError.class, () -> cache.get("a", () -> {
      throw error;
    }));
    assertSame(error, executionError.getCause());
    assertThrows(InvalidCacheLoadException.class, () -> cache.get("a", () -> null));
    assertNull(cache.getIfPresent("a"), "no failure left a value");
  }

  @Test
  void getWithACallableShouldLoadOnceThenHit() throws ExecutionException {
    Cache<String, String> cache = ClockProGuava.build(builder());
    AtomicInteger calls = new AtomicInteger();

    assertEquals("A", cache.get("a", () -> "A" + "".repeat(calls.incrementAndGet() - 1)));
    assertEquals("A", cache.get("a", () -> "B"));

    assertEquals(1, calls.get());
    CacheStats stats = cache.stats();
    assertEquals(1, stats.hitCount());
    assertEquals(1, stats.missCount());
    assertEquals(1, stats.loadSuccessCount());
    assertEquals(1, cache.size());
  }

  @Test
  void shouldCompareWeakKeysByIdentityAsGuavasCacheDoes() {
    LoadingCache<String, String> cache = ClockProGuava.build(ClockProCache.builder().maximumSize(10).weakKeys(),
        CacheLoader.from((String key) -> "loaded " + key));
    String key = new String("a");
    cache.put(key, "A");
    assertEquals("A", cache.getUnchecked(key));
    String equalKey = new String("a");
    assertEquals("loaded a", cache.getUnchecked(equalKey));
    assertEquals(2, cache.size());
    assertSame(key, cache.asMap().keySet().stream().filter(found -> found == key).findFirst().orElseThrow());
  }

  @Test
  void shouldPutReadAndInvalidateAsGuavasCacheDoes() {
    Cache<String, String> cache = ClockProGuava.build(builder());
    cache.putAll(Map.of("a", "A", "b", "B"));
    cache.put("c", "C");

    ImmutableMap<String, String> present = cache.getAllPresent(List.of("a", "x", "c"));
    assertEquals(ImmutableMap.of("a", "A", "c", "C"), present);
    cache.invalidate("a");
    cache.invalidateAll(List.of("b"));
    assertEquals(Map.of("c", "C"), cache.asMap());
    cache.invalidateAll();
    assertEquals(0, cache.size());
    assertThrows(NullPointerException.class, () -> cache.getIfPresent(null));
    assertThrows(NullPointerException.class, () -> cache.put("a", null));
  }

  @Test
  void aLoadingCacheShouldLoadAndWrapFailuresAsGuavaDoes() throws ExecutionException {
    LoadingCache<Integer, String> cache = ClockProGuava.build(builder(), new CacheLoader<>() {
      @Override
      public String load(Integer key) throws Exception {
        if (key < 0) {
          throw new IOException("negative " + key);
        }
        if (key == 0) {
          return null;
        }
        if (key > 1_000) {
          throw new IllegalArgumentException("too large " + key);
        }
        return "v" + key;
      }
    });

    assertEquals("v1", cache.get(1));
    assertEquals("v2", cache.getUnchecked(2));
    assertInstanceOf(IOException.class, assertThrows(ExecutionException.class, () -> cache.get(-1)).getCause());
    assertInstanceOf(IOException.class,
        assertThrows(UncheckedExecutionException.class, () -> cache.getUnchecked(-1)).getCause());
    assertInstanceOf(IllegalArgumentException.class,
        assertThrows(UncheckedExecutionException.class, () -> cache.get(2_000)).getCause());
    assertThrows(InvalidCacheLoadException.class, () -> cache.get(0));
    assertEquals(ImmutableMap.of(1, "v1", 3, "v3"), cache.getAll(List.of(1, 3, 1)));
    assertThrows(InvalidCacheLoadException.class, () -> cache.getAll(List.of(0, 4)));
    assertInstanceOf(IOException.class,
        assertThrows(ExecutionException.class, () -> cache.getAll(List.of(5, -5))).getCause());
  }

  @Test
  void getAllShouldCallTheBulkLoaderOnceForTheMissingKeys() throws ExecutionException {
    AtomicInteger bulkCalls = new AtomicInteger();
    LoadingCache<Integer, String> cache = ClockProGuava.build(builder(), new CacheLoader<>() {
      @Override
      public String load(Integer key) {
        return "single " + key;
      }

      @Override
      public Map<Integer, String> loadAll(Iterable<? extends Integer> keys) {
        bulkCalls.incrementAndGet();
        ImmutableMap.Builder<Integer, String> loaded = ImmutableMap.builder();
        keys.forEach(key -> loaded.put(key, "bulk " + key));
        return loaded.build();
      }
    });
    cache.put(1, "one");

    ImmutableMap<Integer, String> all = cache.getAll(List.of(1, 2, 3));

    assertEquals(ImmutableMap.of(1, "one", 2, "bulk 2", 3, "bulk 3"), all);
    assertEquals(List.of(1, 2, 3), all.keySet().asList(), "in the order asked");
    assertEquals(1, bulkCalls.get());
  }

  @Test
  void refreshShouldReloadWithTheLoadersReloadAndKeepTheOldValueOnFailure() throws ExecutionException {
    AtomicInteger version = new AtomicInteger();
    LoadingCache<String, String> cache = ClockProGuava.build(builder(), new CacheLoader<>() {
      @Override
      public String load(String key) {
        return key + version.incrementAndGet();
      }

      @Override
      public ListenableFuture<String> reload(String key, String oldValue) {
        if (key.equals("fails")) {
          return Futures.immediateFailedFuture(new IOException("reload failed"));
        }
        return Futures.immediateFuture(oldValue + "+");
      }
    });
    assertEquals("a1", cache.get("a"));
    assertEquals("fails2", cache.get("fails"));

    cache.refresh("a");
    cache.refresh("fails");

    assertEquals("a1+", cache.get("a"));
    assertEquals("fails2", cache.get("fails"), "the old value kept");
    cache.refresh("new");
    assertEquals("new3", cache.getIfPresent("new"), "a refresh of an absent key loads it");
    assertEquals(Set.of("a", "fails", "new"), cache.asMap().keySet());
  }

  /** The README's example, as written there. */
  @Test
  void theReadmeExampleShouldLoadThroughGuavasLoader() throws ExecutionException {
    Map<Long, String> repository = Map.of(42L, "Title 42");
    LoadingCache<Long, String> books = ClockProGuava.build(
        ClockProCache.builder().maximumSize(10_000).expireAfterWrite(10, TimeUnit.MINUTES),
        CacheLoader.from(repository::get));

    assertEquals("Title 42", books.get(42L));
  }

  @Test
  void shouldRejectNullArgumentsNamingThem() {
    NullPointerException builder = assertThrows(NullPointerException.class, () -> ClockProGuava.build(null));
    assertEquals("builder", builder.getMessage());
    NullPointerException loader = assertThrows(NullPointerException.class,
        () -> ClockProGuava.build(builder(), null));
    assertEquals("loader", loader.getMessage());
  }
}
