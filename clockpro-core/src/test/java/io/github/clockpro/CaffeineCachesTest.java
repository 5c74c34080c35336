package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The caches' methods that carry Caffeine's names: estimatedSize, the asynchronous loading cache and its views. */
class CaffeineCachesTest {

  private static final Executor SAME_THREAD = Runnable::run;

  private final List<Set<String>> bulkCalls = new ArrayList<>();

  @Test
  void shouldSayTheAsynchronousLoaderReturnedNoFutureAndLeaveNothingBehind() {
    ClockProAsyncLoadingCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(10)
        .buildAsync((AsyncCacheLoader<Integer, Integer>) (key, executor) -> key == 1 ? null
            : CompletableFuture.completedFuture(key));
    NullPointerException none = assertThrows(NullPointerException.class,
        () -> cache.synchronous().getAll(List.of(1, 2)));
    assertTrue(none.getMessage().contains("asynchronous loader"), none.getMessage());
    assertEquals(Map.of(2, 2, 3, 3), cache.synchronous().getAll(List.of(2, 3)));
    assertFalse(cache.synchronous().asMap().containsKey(1));
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void shouldComputeAndMergeOverAFutureNotYetCompleteWithoutRetryingForEver() {
    ClockProAsyncCache<String, Integer> cache = ClockProCache.builder().maximumSize(10).buildAsync();
    ConcurrentMap<String, CompletableFuture<Integer>> map = cache.asMap();
    CompletableFuture<Integer> never = new CompletableFuture<>();
    map.put("a", never);
    assertEquals(3, map.compute("a", (key, old) -> CompletableFuture.completedFuture(3)).join());
    assertEquals(3, cache.synchronous().getIfPresent("a"));
    assertFalse(map.computeIfPresent("a", (key, old) -> new CompletableFuture<>()).isDone());
    map.put("b", CompletableFuture.completedFuture(1));
    CompletableFuture<Integer> pending = new CompletableFuture<>();
    assertSame(pending, map.merge("b", pending, (old, given) -> given));
    pending.complete(2);
    assertEquals(2, cache.synchronous().getIfPresent("b"));
    map.put("c", CompletableFuture.completedFuture(1));
    assertEquals(5, map.merge("c", CompletableFuture.completedFuture(4),
        (old, given) -> CompletableFuture.completedFuture(old.join() + given.join())).join());
    assertNull(map.compute("c", (key, old) -> null));
    assertNull(cache.synchronous().getIfPresent("c"));
  }

  @Test
  void shouldEstimateTheSizeAsALong() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).build();
    cache.put("a", "1");
    cache.put("b", "2");
    assertEquals(2L, cache.estimatedSize());
  }

  @Test
  void shouldLoadAsynchronouslyWithACacheLoader() throws Exception {
    ClockProAsyncLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .executor(SAME_THREAD).buildAsync(key -> key.isEmpty() ? null : key.toUpperCase());
    assertEquals("A", cache.get("a").get());
    assertEquals("A", cache.synchronous().getIfPresent("a"));
    assertNull(cache.get("").get());
    assertEquals(Map.of("A", "A", "B", "B").get("B"), cache.getAll(List.of("b", "a", "")).get().get("b"));
    assertEquals(List.of("b", "a"), new ArrayList<>(cache.getAll(List.of("b", "a", "")).get().keySet()));
    assertEquals("C", cache.synchronous().get("c"));
    assertInstanceOf(ClockProLoadingCache.class, cache.synchronous());
    assertSame(cache.synchronous(), cache.synchronous());
  }

  @Test
  void shouldLoadInBulkWithAnAsyncCacheLoaderThatDoes() throws Exception {
    AsyncCacheLoader<String, String> loader = AsyncCacheLoader.bulk((Set<? extends String> keys) -> {
      bulkCalls.add(Set.copyOf(keys));
      Map<String, String> values = new HashMap<>();
      keys.stream().filter(key -> !key.equals("absent")).forEach(key -> values.put(key, key + "!"));
      values.put("extra", "extra!");
      return values;
    });
    ClockProAsyncLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .executor(SAME_THREAD).buildAsync(loader);
    cache.synchronous().put("present", "here");
    Map<String, String> values = cache.getAll(List.of("x", "present", "y", "absent", "x")).get();
    assertEquals(List.of("x", "present", "y"), new ArrayList<>(values.keySet()));
    assertEquals(List.of(Set.of("x", "y", "absent")), bulkCalls);
    assertEquals("extra!", cache.synchronous().getIfPresent("extra"), "keys beyond those asked for are stored");
    assertNull(cache.synchronous().getIfPresent("absent"));
    assertEquals("z!", cache.get("z").get());
    assertEquals("w!", cache.synchronous().get("w"));
    assertEquals(Map.of("v", "v!"), cache.synchronous().getAll(List.of("v")));
  }

  @Test
  void shouldLoadWithAnAsyncCacheLoaderThatStartsItsOwnFutures() throws Exception {
    Map<String, CompletableFuture<String>> started = new LinkedHashMap<>();
    AsyncCacheLoader<String, String> loader = (key, executor) ->
        started.computeIfAbsent(key, k -> new CompletableFuture<>());
    ClockProAsyncLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10).buildAsync(loader);
    CompletableFuture<String> first = cache.get("k");
    CompletableFuture<String> second = cache.get("k");
    assertEquals(1, started.size(), "one load per key at a time");
    assertFalse(first.isDone());
    assertEquals(1, cache.synchronous().stats().hitCount(), "the second caller joined the load in flight");
    CompletableFuture<Map<String, String>> all = cache.getAll(List.of("k", "j"));
    started.get("k").complete("K");
    started.get("j").complete("J");
    assertEquals("K", first.get());
    assertEquals("K", second.get());
    assertEquals(Map.of("k", "K", "j", "J"), all.get());
    assertEquals("K", cache.synchronous().getIfPresent("k"));
  }

  @Test
  void shouldFailLoadsAsCaffeineDoesAndCacheNothing() {
    AsyncCacheLoader<String, String> checked = (key, executor) -> {
      throw new IOException("cannot start");
    };
    ClockProAsyncLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10).buildAsync(checked);
    CompletionException wrapped = assertThrows(CompletionException.class, () -> cache.get("k"));
    assertInstanceOf(IOException.class, wrapped.getCause());
    assertEquals(0, cache.synchronous().size());
    ClockProAsyncLoadingCache<String, String> failing = ClockProCache.builder().maximumSize(10)
        .executor(SAME_THREAD).buildAsync((String key) -> {
          throw new IllegalStateException("no value for " + key);
        });
    ExecutionException failed = assertThrows(ExecutionException.class, () -> failing.get("k").get());
    assertInstanceOf(IllegalStateException.class, failed.getCause());
    assertNull(failing.synchronous().getIfPresent("k"));
    assertTrue(failing.get("k").isCompletedExceptionally(), "a failed load is not cached: the next get loads again");
  }

  @Test
  void shouldFailEveryKeyOfABulkLoadThatFails() {
    ClockProAsyncCache<String, String> cache = ClockProCache.builder().maximumSize(10).executor(SAME_THREAD)
        .buildAsync();
    CompletableFuture<Map<String, String>> nullMap = cache.getAll(List.of("a", "b"), keys -> null);
    assertTrue(nullMap.isCompletedExceptionally());
    CompletableFuture<Map<String, String>> nullValue = cache.getAll(List.of("a", "b"), keys -> {
      Map<String, String> values = new HashMap<>();
      values.put("a", null);
      return values;
    });
    assertTrue(nullValue.isCompletedExceptionally());
    assertThrows(IllegalStateException.class, () -> cache.getAll(List.of("a"), (keys, executor) -> {
      throw new IllegalStateException("cannot start");
    }));
    assertEquals(0, cache.synchronous().size(), "no placeholder is left behind");
    assertEquals(Map.of("a", "A"), cache.getAll(List.of("a"), keys -> Map.of("a", "A")).join());
  }

  @Test
  void shouldRejectNullArgumentsOfBulkLoadsNamingThem() {
    ClockProAsyncCache<String, String> cache = ClockProCache.builder().maximumSize(10).buildAsync();
    assertEquals("keys", assertThrows(NullPointerException.class,
        () -> cache.getAll(null, keys -> Map.of())).getMessage());
    assertEquals("key", assertThrows(NullPointerException.class,
        () -> cache.getAll(Arrays.asList("a", null), keys -> Map.of())).getMessage());
    assertEquals("mappingFunction", assertThrows(NullPointerException.class,
        () -> cache.getAll(List.of("a"),
            (java.util.function.Function<Set<? extends String>, Map<String, String>>) null)).getMessage());
    assertEquals(0, cache.synchronous().size());
    assertEquals("loader", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().buildAsync((CacheLoader<Object, Object>) null)).getMessage());
    assertEquals("loader", assertThrows(NullPointerException.class,
        () -> ClockProCache.builder().buildAsync((AsyncCacheLoader<Object, Object>) null)).getMessage());
    assertEquals("mappingFunction", assertThrows(NullPointerException.class,
        () -> CacheLoader.bulk(null)).getMessage());
  }

  @Test
  void shouldViewTheAsyncCacheAsAMapOfFutures() throws Exception {
    ClockProAsyncCache<String, String> cache = ClockProCache.builder().maximumSize(10).buildAsync();
    ConcurrentMap<String, CompletableFuture<String>> map = cache.asMap();
    assertSame(map, cache.asMap());
    assertNull(map.put("a", CompletableFuture.completedFuture("1")));
    assertEquals("1", map.get("a").get());
    assertEquals("1", cache.synchronous().getIfPresent("a"));
    CompletableFuture<String> pending = new CompletableFuture<>();
    assertNull(map.putIfAbsent("b", pending));
    assertFalse(map.get("b").isDone(), "a load in flight reads as its future");
    assertEquals(1, map.size(), "a load in flight is not an entry yet");
    pending.complete("2");
    assertEquals("2", map.get("b").get());
    assertEquals("1", map.putIfAbsent("a", CompletableFuture.completedFuture("other")).get());
    assertTrue(map.replace("a", CompletableFuture.completedFuture("1"), CompletableFuture.completedFuture("3")));
    assertFalse(map.remove("a", new CompletableFuture<String>()), "an incomplete future matches nothing");
    assertTrue(map.remove("a", CompletableFuture.completedFuture("3")));
    assertEquals(Set.of("b"), map.keySet());
    assertEquals("2", map.entrySet().iterator().next().getValue().get());
    assertEquals("2", map.remove("b").get());
    assertTrue(map.isEmpty());
    assertEquals("key", assertThrows(NullPointerException.class, () -> map.get(null)).getMessage());
  }

  @Test
  void shouldRefreshAll() throws Exception {
    AtomicInteger version = new AtomicInteger();
    ClockProLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10).executor(SAME_THREAD)
        .build(key -> key + version.incrementAndGet());
    cache.put("a", "old");
    Map<String, String> refreshed = cache.refreshAll(List.of("a", "b", "a")).get();
    assertEquals(List.of("a", "b"), new ArrayList<>(refreshed.keySet()));
    assertEquals(refreshed.get("a"), cache.getIfPresent("a"));
    assertEquals("keys", assertThrows(NullPointerException.class, () -> cache.refreshAll(null)).getMessage());
    assertEquals("key", assertThrows(NullPointerException.class,
        () -> cache.refreshAll(Arrays.asList("a", null))).getMessage());
  }

  @Test
  void shouldLoadInBulkWithCacheLoaderBulk() {
    CacheLoader<String, String> loader = CacheLoader.bulk(keys -> {
      bulkCalls.add(Set.copyOf(keys));
      Map<String, String> values = new HashMap<>();
      keys.forEach(key -> values.put(key, key + "?"));
      return values;
    });
    ClockProLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(10).build(loader);
    assertEquals(Map.of("a", "a?", "b", "b?"), cache.getAll(List.of("a", "b")));
    assertEquals("c?", cache.get("c"));
    assertEquals(List.of(Set.of("a", "b"), Set.of("c")), bulkCalls);
  }
}
