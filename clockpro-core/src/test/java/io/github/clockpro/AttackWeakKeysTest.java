package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A hostile user's attacks on {@code weakKeys()} through the public API, each outcome compared with Caffeine's
 * {@code weakKeys()} built the same way.
 */
class AttackWeakKeysTest {

  /** Equal to every key with the same number, but a distinct object. */
  private record Key(int number) {}

  @Test
  void shouldListEqualButDistinctKeysInColdestAndHottestAsCaffeineDoes() {
    Key first = new Key(1);
    Key second = new Key(1);
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10).build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine =
        Caffeine.newBuilder().weakKeys().maximumSize(10).executor(Runnable::run).build();
    cache.put(first, "a");
    cache.put(second, "b");
    caffeine.put(first, "a");
    caffeine.put(second, "b");
    assertEquals(caffeine.policy().eviction().orElseThrow().coldest(10).size(),
        cache.policy().eviction().orElseThrow().coldest(10).size(), "coldest");
    assertEquals(caffeine.policy().eviction().orElseThrow().hottest(10).size(),
        cache.policy().eviction().orElseThrow().hottest(10).size(), "hottest");
  }

  @Test
  void shouldLoadEqualButDistinctKeysOfGetAllAsCaffeineDoes() {
    Key first = new Key(1);
    Key second = new Key(1);
    AtomicInteger oursLoads = new AtomicInteger();
    AtomicInteger caffeineLoads = new AtomicInteger();
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10).build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine =
        Caffeine.newBuilder().weakKeys().maximumSize(10).executor(Runnable::run).build();
    Map<Key, String> ours = cache.getAll(List.of(first, second), keys -> {
      Map<Key, String> loaded = new HashMap<>();
      keys.forEach(key -> loaded.put(key, "v" + oursLoads.incrementAndGet()));
      return loaded;
    });
    Map<Key, String> theirs = caffeine.getAll(List.of(first, second), keys -> {
      Map<Key, String> loaded = new HashMap<>();
      keys.forEach(key -> loaded.put(key, "v" + caffeineLoads.incrementAndGet()));
      return loaded;
    });
    assertEquals(List.of(theirs.size(), caffeine.asMap().size(), caffeineLoads.get()),
        List.of(ours.size(), cache.asMap().size(), oursLoads.get()));
  }

  @Test
  void shouldCompareTheMapAndItsEntriesAsCaffeineDoes() {
    Key first = new Key(1);
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10).build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine =
        Caffeine.newBuilder().weakKeys().maximumSize(10).executor(Runnable::run).build();
    cache.put(first, "a");
    caffeine.put(first, "a");
    Map<Key, String> copy = Map.of(new Key(1), "a");
    List<Object> ours = new ArrayList<>(List.of(cache.asMap().equals(copy), copy.equals(cache.asMap()),
        cache.asMap().hashCode(), cache.asMap().entrySet().iterator().next().hashCode(),
        cache.asMap().entrySet().contains(Map.entry(new Key(1), "a")),
        cache.asMap().keySet().retainAll(List.of(new Key(1))), cache.asMap().size()));
    List<Object> theirs = new ArrayList<>(List.of(caffeine.asMap().equals(copy), copy.equals(caffeine.asMap()),
        caffeine.asMap().hashCode(), caffeine.asMap().entrySet().iterator().next().hashCode(),
        caffeine.asMap().entrySet().contains(Map.entry(new Key(1), "a")),
        caffeine.asMap().keySet().retainAll(List.of(new Key(1))), caffeine.asMap().size()));
    assertEquals(theirs, ours);
  }

  @Test
  void shouldTellEqualButDistinctKeysApartInPolicyLookupsAsCaffeineDoes() {
    Key first = new Key(1);
    Key second = new Key(1);
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10)
        .expireAfter(Expiry.creating((Key key, String value) -> java.time.Duration.ofMinutes(1))).build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine = Caffeine.newBuilder().weakKeys().maximumSize(10)
        .expireAfter(com.github.benmanes.caffeine.cache.Expiry.creating(
            (Key key, String value) -> java.time.Duration.ofMinutes(1)))
        .executor(Runnable::run).build();
    cache.policy().expireVariably().orElseThrow().put(first, "a", 1, java.util.concurrent.TimeUnit.MINUTES);
    caffeine.policy().expireVariably().orElseThrow().put(first, "a", 1, java.util.concurrent.TimeUnit.MINUTES);
    List<Object> ours = java.util.Arrays.asList(cache.policy().getIfPresentQuietly(second),
        cache.policy().expireVariably().orElseThrow()
            .getExpiresAfter(second, java.util.concurrent.TimeUnit.MINUTES).isPresent(),
        cache.policy().expireVariably().orElseThrow().put(second, "b", 1, java.util.concurrent.TimeUnit.MINUTES),
        cache.asMap().size(), cache.getIfPresent(first));
    List<Object> theirs = java.util.Arrays.asList(caffeine.policy().getIfPresentQuietly(second),
        caffeine.policy().expireVariably().orElseThrow()
            .getExpiresAfter(second, java.util.concurrent.TimeUnit.MINUTES).isPresent(),
        caffeine.policy().expireVariably().orElseThrow().put(second, "b", 1, java.util.concurrent.TimeUnit.MINUTES),
        caffeine.asMap().size(), caffeine.getIfPresent(first));
    assertEquals(theirs, ours);
  }

  @Test
  void shouldCompareKeysByIdentityWhenWeakKeysComesFromTheSpecificationAsCaffeineDoes() {
    Key first = new Key(1);
    ClockProCache<Key, String> cache = CacheBuilder.from("weakKeys,maximumSize=10").<Key, String>build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine =
        Caffeine.from("weakKeys,maximumSize=10").executor(Runnable::run).<Key, String>build();
    cache.put(first, "a");
    caffeine.put(first, "a");
    assertEquals(java.util.Arrays.asList(caffeine.getIfPresent(new Key(1)), caffeine.getIfPresent(first)),
        java.util.Arrays.asList(cache.getIfPresent(new Key(1)), cache.getIfPresent(first)));
  }

  @Test
  void shouldReportACollectedWeighedEntryOnceAndCountItAsCaffeineDoes() throws InterruptedException {
    List<Object> ours = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<Object> theirs = new java.util.concurrent.CopyOnWriteArrayList<>();
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().softValues().maximumWeight(100)
        .weigher((Key key, String value) -> value.length()).recordStats()
        .removalListener((Key key, String value, RemovalCause cause) -> ours.add(key + " " + value + " " + cause))
        .<Key, String>build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine = Caffeine.newBuilder().weakKeys().softValues()
        .maximumWeight(100).weigher((Key key, String value) -> value.length()).recordStats()
        .executor(Runnable::run)
        .removalListener((Key key, String value, com.github.benmanes.caffeine.cache.RemovalCause cause) ->
            theirs.add(key + " " + value + " " + cause))
        .<Key, String>build();
    java.lang.ref.WeakReference<Key> oursKey = putThenDrop(cache::put);
    java.lang.ref.WeakReference<Key> caffeineKey = putThenDrop(caffeine::put);
    for (int attempt = 0; attempt < 50 && !(oursKey.refersTo(null) && caffeineKey.refersTo(null)); attempt++) {
      System.gc();
      Thread.sleep(10);
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(oursKey.refersTo(null) && caffeineKey.refersTo(null));
    cache.cleanUp();
    caffeine.cleanUp();
    cache.invalidateAll();
    caffeine.invalidateAll();
    cache.cleanUp();
    caffeine.cleanUp();
    assertEquals(List.of(theirs, caffeine.stats().evictionCount(), caffeine.stats().evictionWeight(),
            caffeine.estimatedSize()),
        List.of(ours, cache.stats().evictionCount(), cache.stats().evictionWeight(), cache.estimatedSize()));
  }

  private static java.lang.ref.WeakReference<Key> putThenDrop(java.util.function.BiConsumer<Key, String> put) {
    Key key = new Key(7);
    put.accept(key, "seven");
    return new java.lang.ref.WeakReference<>(key);
  }

  @Test
  void shouldCacheTheUnrequestedKeysAGetAllLoaderReturnsByIdentityAsCaffeineDoes() {
    Key requested = new Key(1);
    Key extra = new Key(2);
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10).build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeine =
        Caffeine.newBuilder().weakKeys().maximumSize(10).executor(Runnable::run).build();
    Map<Key, String> ours = cache.getAll(List.of(requested), keys -> Map.of(requested, "a", extra, "b"));
    Map<Key, String> theirs = caffeine.getAll(List.of(requested), keys -> Map.of(requested, "a", extra, "b"));
    assertEquals(java.util.Arrays.asList(theirs, caffeine.getIfPresent(extra), caffeine.getIfPresent(new Key(2))),
        java.util.Arrays.asList(ours, cache.getIfPresent(extra), cache.getIfPresent(new Key(2))));
  }

  @Test
  void shouldRefreshAnEqualButDistinctKeyAsItsOwnEntryAsCaffeineDoes() {
    Key first = new Key(1);
    Key second = new Key(1);
    AtomicInteger oursLoads = new AtomicInteger();
    AtomicInteger caffeineLoads = new AtomicInteger();
    ClockProLoadingCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10)
        .executor(Runnable::run).build(key -> "v" + oursLoads.incrementAndGet());
    com.github.benmanes.caffeine.cache.LoadingCache<Key, String> caffeine = Caffeine.newBuilder().weakKeys()
        .maximumSize(10).executor(Runnable::run).build(key -> "v" + caffeineLoads.incrementAndGet());
    cache.get(first);
    caffeine.get(first);
    String oursRefreshed = cache.refresh(second).join();
    String caffeineRefreshed = caffeine.refresh(second).join();
    assertEquals(java.util.Arrays.asList(caffeineRefreshed, caffeine.getIfPresent(first),
            caffeine.getIfPresent(second), caffeine.asMap().size()),
        java.util.Arrays.asList(oursRefreshed, cache.getIfPresent(first), cache.getIfPresent(second),
            cache.asMap().size()));
  }

  @Test
  void shouldRemoveAllFromTheKeySetAsCaffeineDoes() {
    List<Object> outcomes = new ArrayList<>();
    for (boolean ours : new boolean[] {true, false}) {
      Key first = new Key(1);
      Key second = new Key(1);
      Key third = new Key(3);
      Map<Key, String> map = ours
          ? ClockProCache.builder().weakKeys().maximumSize(10).<Key, String>build().asMap()
          : Caffeine.newBuilder().weakKeys().maximumSize(10).executor(Runnable::run).<Key, String>build().asMap();
      map.put(first, "a");
      map.put(second, "b");
      map.put(third, "c");
      boolean changedByEqualKey = map.keySet().removeAll(List.of(new Key(1)));
      boolean changedBySelf = map.entrySet().removeIf(entry -> entry.getKey() == second);
      outcomes.add(List.of(changedByEqualKey, changedBySelf, map.size(), map.containsKey(first)));
    }
    assertEquals(outcomes.get(1), outcomes.get(0), "clockpro, then Caffeine: " + outcomes);
  }

  @Test
  void shouldTellEqualButDistinctKeysApartInTheSynchronousViewOfAnAsynchronousCacheAsCaffeineDoes() {
    Key first = new Key(1);
    ClockProAsyncCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(10)
        .executor(Runnable::run).<Key, String>buildAsync();
    com.github.benmanes.caffeine.cache.AsyncCache<Key, String> caffeine = Caffeine.newBuilder().weakKeys()
        .maximumSize(10).executor(Runnable::run).<Key, String>buildAsync();
    cache.put(first, java.util.concurrent.CompletableFuture.completedFuture("a"));
    caffeine.put(first, java.util.concurrent.CompletableFuture.completedFuture("a"));
    assertEquals(java.util.Arrays.asList(caffeine.synchronous().getIfPresent(new Key(1)),
            caffeine.synchronous().asMap().containsKey(new Key(1)), caffeine.getIfPresent(new Key(1)),
            caffeine.synchronous().asMap().get(first)),
        java.util.Arrays.asList(cache.synchronous().getIfPresent(new Key(1)),
            cache.synchronous().asMap().containsKey(new Key(1)), cache.getIfPresent(new Key(1)),
            cache.synchronous().asMap().get(first)));
  }
}
