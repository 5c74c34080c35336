package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

// A Caffeine program imports com.github.benmanes.caffeine.cache.*; the port imports these instead:
import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProAsyncLoadingCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import io.github.clockpro.Policy;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Typical Caffeine code, from Caffeine's README and wiki (Population, Eviction, Removal, Refresh, Statistics,
 * Policy, Specification, Testing), ported to clockpro by the changes the README's "Coming from Caffeine" lists and no
 * other: the imports, the entry point ({@code Caffeine.newBuilder()} becomes {@code ClockProCache.builder()},
 * {@code Caffeine.from} becomes {@code CacheBuilder.from}) and the four cache types ({@code Cache},
 * {@code LoadingCache}, {@code AsyncCache} and {@code AsyncLoadingCache} become {@code ClockProCache},
 * {@code ClockProLoadingCache}, {@code ClockProAsyncCache} and {@code ClockProAsyncLoadingCache}). Each method body
 * is otherwise the Caffeine code as written there; the assertions after it check that it ran as it does on Caffeine.
 */
class CaffeineStyleUsageTest {

  /** The wiki's example types. */
  record Key(int id) {}

  record Graph(Key key, List<Integer> vertices) {}

  private final List<String> log = new ArrayList<>();

  private static Graph createExpensiveGraph(Key key) {
    return new Graph(key, List.of(key.id(), key.id() + 1));
  }

  private static CompletableFuture<Graph> createExpensiveGraphAsync(Key key, Executor executor) {
    return CompletableFuture.supplyAsync(() -> createExpensiveGraph(key), executor);
  }

  @Test
  void readme() {
    ClockProLoadingCache<Key, Graph> graphs = ClockProCache.builder()
        .maximumSize(10_000)
        .expireAfterWrite(Duration.ofMinutes(5))
        .refreshAfterWrite(Duration.ofMinutes(1))
        .build(key -> createExpensiveGraph(key));

    assertEquals(createExpensiveGraph(new Key(1)), graphs.get(new Key(1)));
  }

  @Test
  void manualPopulation() {
    Key key = new Key(7);
    ClockProCache<Key, Graph> cache = ClockProCache.builder()
        .expireAfterWrite(10, TimeUnit.MINUTES)
        .maximumSize(10_000)
        .build();

    // Lookup an entry, or null if not found
    Graph graph = cache.getIfPresent(key);
    // Lookup and compute an entry if absent, or null if not computable
    graph = cache.get(key, k -> createExpensiveGraph(key));
    // Insert or update an entry
    cache.put(key, graph);
    // Remove an entry
    cache.invalidate(key);

    assertNull(cache.getIfPresent(key));
    assertEquals(0, cache.estimatedSize());
  }

  @Test
  void loadingPopulation() {
    List<Key> keys = List.of(new Key(1), new Key(2));
    ClockProLoadingCache<Key, Graph> cache = ClockProCache.builder()
        .maximumSize(10_000)
        .expireAfterWrite(10, TimeUnit.MINUTES)
        .build(key -> createExpensiveGraph(key));

    // Lookup and compute an entry if absent, or null if not computable
    Graph graph = cache.get(new Key(1));
    // Lookup and compute entries that are absent
    Map<Key, Graph> graphs = cache.getAll(keys);

    assertEquals(graph, graphs.get(new Key(1)));
    assertEquals(2, graphs.size());
  }

  @Test
  void asynchronousManualPopulation() throws Exception {
    Key key = new Key(3);
    ClockProAsyncCache<Key, Graph> cache = ClockProCache.builder()
        .expireAfterWrite(10, TimeUnit.MINUTES)
        .maximumSize(10_000)
        .buildAsync();

    // Lookup an entry, or null if not found
    CompletableFuture<Graph> graph = cache.getIfPresent(key);
    // Lookup and asynchronously compute an entry if absent
    graph = cache.get(key, k -> createExpensiveGraph(key));
    // Insert or update an entry
    cache.put(key, graph);
    // Remove an entry
    cache.synchronous().invalidate(key);

    assertEquals(createExpensiveGraph(key), graph.get());
    // Differs from Caffeine (see the README): an invalidation while the load was in flight does not cancel it, so
    // the value may be stored when it arrives, where Caffeine would hold nothing.
    assertTrue(cache.synchronous().estimatedSize() <= 1);
  }

  @Test
  void asynchronousLoadingPopulation() throws Exception {
    List<Key> keys = List.of(new Key(4), new Key(5));
    ClockProAsyncLoadingCache<Key, Graph> cache = ClockProCache.builder()
        .maximumSize(10_000)
        .expireAfterWrite(10, TimeUnit.MINUTES)
        // Either: Build with a synchronous computation that is wrapped as asynchronous
        .buildAsync(key -> createExpensiveGraph(key));
    ClockProAsyncLoadingCache<Key, Graph> other = ClockProCache.builder()
        .maximumSize(10_000)
        .expireAfterWrite(10, TimeUnit.MINUTES)
        // Or: Build with a asynchronous computation that returns a future
        .buildAsync((key, executor) -> createExpensiveGraphAsync(key, executor));

    // Lookup and asynchronously compute an entry if absent
    CompletableFuture<Graph> graph = cache.get(new Key(4));
    // Lookup and asynchronously compute entries that are absent
    CompletableFuture<Map<Key, Graph>> graphs = cache.getAll(keys);

    assertEquals(graph.get(), graphs.get().get(new Key(4)));
    assertEquals(createExpensiveGraph(new Key(5)), other.get(new Key(5)).get());
    assertEquals(createExpensiveGraph(new Key(5)), other.synchronous().get(new Key(5)));
  }

  @Test
  void bulkLoading() {
    ClockProLoadingCache<Key, Graph> graphs = ClockProCache.builder()
        .maximumSize(10_000)
        .build(io.github.clockpro.CacheLoader.bulk(keys -> {
          Map<Key, Graph> loaded = new java.util.HashMap<>();
          keys.forEach(key -> loaded.put(key, createExpensiveGraph(key)));
          return loaded;
        }));
    AsyncCacheLoader<Key, Graph> asyncLoader = AsyncCacheLoader.bulk(keys -> Map.of());

    assertEquals(2, graphs.getAll(List.of(new Key(1), new Key(2))).size());
    assertTrue(asyncLoader != null);
  }

  @Test
  void sizeBasedEviction() {
    // Evict based on the number of entries in the cache
    ClockProLoadingCache<Key, Graph> graphs = ClockProCache.builder()
        .maximumSize(10_000)
        .build(key -> createExpensiveGraph(key));

    // Evict based on the number of vertices in the cache
    ClockProLoadingCache<Key, Graph> weighted = ClockProCache.builder()
        .maximumWeight(10_000)
        .weigher((Key key, Graph graph) -> graph.vertices().size())
        .build(key -> createExpensiveGraph(key));

    graphs.get(new Key(1));
    weighted.get(new Key(1));
    assertEquals(2, weighted.policy().eviction().orElseThrow().weightedSize().getAsLong());
  }

  @Test
  void timeBasedEviction() {
    // Evict based on a fixed expiration policy
    ClockProLoadingCache<Key, Graph> accessed = ClockProCache.builder()
        .expireAfterAccess(5, TimeUnit.MINUTES)
        .build(key -> createExpensiveGraph(key));
    ClockProLoadingCache<Key, Graph> written = ClockProCache.builder()
        .expireAfterWrite(10, TimeUnit.MINUTES)
        .build(key -> createExpensiveGraph(key));

    // Evict based on a varying expiration policy
    ClockProLoadingCache<Key, Graph> variable = ClockProCache.builder()
        .expireAfter(new Expiry<Key, Graph>() {
          public long expireAfterCreate(Key key, Graph graph, long currentTime) {
            return TimeUnit.HOURS.toNanos(key.id());
          }
          public long expireAfterUpdate(Key key, Graph graph,
              long currentTime, long currentDuration) {
            return currentDuration;
          }
          public long expireAfterRead(Key key, Graph graph,
              long currentTime, long currentDuration) {
            return currentDuration;
          }
        })
        .build(key -> createExpensiveGraph(key));

    accessed.get(new Key(1));
    written.get(new Key(1));
    variable.get(new Key(2));
    assertEquals(119, variable.policy().expireVariably().orElseThrow()
        .getExpiresAfter(new Key(2), TimeUnit.MINUTES).getAsLong(), "two hours, less the time since the load");
  }

  @Test
  void removal() {
    ClockProCache<Key, Graph> graphs = ClockProCache.builder()
        .maximumSize(0)
        .evictionListener((Key key, Graph graph, RemovalCause cause) ->
            log.add(String.format("Key %s was evicted (%s)", key, cause)))
        .removalListener((Key key, Graph graph, RemovalCause cause) ->
            log.add(String.format("Key %s was removed (%s)", key, cause)))
        .build();

    graphs.put(new Key(9), createExpensiveGraph(new Key(9)));
    assertEquals(List.of("Key Key[id=9] was evicted (SIZE)", "Key Key[id=9] was removed (SIZE)"), log);
  }

  @Test
  void refresh() throws Exception {
    ClockProLoadingCache<Key, Graph> graphs = ClockProCache.builder()
        .maximumSize(10_000)
        .refreshAfterWrite(1, TimeUnit.MINUTES)
        .build(key -> createExpensiveGraph(key));

    graphs.put(new Key(1), new Graph(new Key(1), List.of()));
    CompletableFuture<Map<Key, Graph>> refreshed = graphs.refreshAll(List.of(new Key(1)));
    assertEquals(createExpensiveGraph(new Key(1)), refreshed.get().get(new Key(1)));
  }

  @Test
  void statistics() {
    ClockProCache<Key, Graph> graphs = ClockProCache.builder()
        .maximumSize(10_000)
        .recordStats()
        .build();

    graphs.getIfPresent(new Key(1));
    CacheStats stats = graphs.stats();
    assertEquals(0.0, stats.hitRate());
    assertEquals(0, stats.evictionCount());
    assertEquals(0.0, stats.averageLoadPenalty());
  }

  @Test
  void policy() {
    ClockProCache<Key, Graph> cache = ClockProCache.builder()
        .maximumSize(10_000)
        .expireAfterAccess(5, TimeUnit.MINUTES)
        .build();

    cache.policy().eviction().ifPresent(eviction -> {
      eviction.setMaximum(2 * eviction.getMaximum());
    });
    cache.policy().expireAfterAccess().ifPresent(expiration -> {
      expiration.setExpiresAfter(Duration.ofMinutes(10));
    });
    Policy<Key, Graph> policy = cache.policy();
    cache.put(new Key(1), createExpensiveGraph(new Key(1)));
    Map<Key, Graph> coldest = policy.eviction().orElseThrow().coldest(10);

    assertEquals(20_000, policy.eviction().orElseThrow().getMaximum());
    assertEquals(Duration.ofMinutes(10), policy.expireAfterAccess().orElseThrow().getExpiresAfter());
    assertEquals(1, coldest.size());
    assertEquals(createExpensiveGraph(new Key(1)), policy.getIfPresentQuietly(new Key(1)));
  }

  @Test
  void specification() {
    ClockProCache<Key, Graph> cache = CacheBuilder.from("maximumSize=10000,expireAfterWrite=10m,recordStats")
        .build();
    assertEquals(10_000, cache.policy().eviction().orElseThrow().getMaximum());
  }

  @Test
  void testingWithAFakeTicker() {
    AtomicLong nanos = new AtomicLong();
    Ticker ticker = nanos::get;
    ClockProCache<Key, Graph> cache = ClockProCache.builder()
        .expireAfterWrite(10, TimeUnit.MINUTES)
        .executor(Runnable::run)
        .ticker(ticker::read)
        .build();

    cache.put(new Key(1), createExpensiveGraph(new Key(1)));
    nanos.addAndGet(TimeUnit.MINUTES.toNanos(30));
    assertNull(cache.getIfPresent(new Key(1)));
  }

  @Test
  void asMap() {
    ClockProCache<Key, Graph> cache = ClockProCache.builder().maximumSize(100).build();
    ConcurrentMap<Key, Graph> map = cache.asMap();
    map.computeIfAbsent(new Key(1), k -> createExpensiveGraph(k));
    assertEquals(1, cache.estimatedSize());
  }
}
