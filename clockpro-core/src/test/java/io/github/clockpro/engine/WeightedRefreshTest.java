package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.engine.NodeShape.WeightedRefreshingExpiringNode;
import io.github.clockpro.engine.NodeShape.WeightedRefreshingNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code refreshAfterWrite} with {@code maximumWeight}, with and without expiry: a stored reload is reweighed as
 * any value write is, and the weight bound holds.
 */
class WeightedRefreshTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  private final ManualTicker ticker = new ManualTicker(0);
  /** The length of the value the next reload of a key returns; a first load returns 2 characters. */
  private final Map<Integer, Integer> reloadLengths = new ConcurrentHashMap<>();
  private final Map<Integer, RemovalCause> removed = new ConcurrentHashMap<>();
  private final CacheLoader<Integer, String> loader = new CacheLoader<>() {
    @Override
    public String load(Integer key) {
      return "ab";
    }

    @Override
    public String reload(Integer key, String oldValue) {
      return "r".repeat(reloadLengths.getOrDefault(key, 2));
    }
  };

  private ClockProLoadingCache<Integer, String> build(boolean expiring) {
    CacheBuilder<Integer, String> builder = ClockProCache.builder().maximumWeight(10)
        .weigher((Integer key, String value) -> value.length()).refreshAfterWrite(Duration.ofSeconds(10))
        .ticker(ticker).executor(Runnable::run)
        .removalListener((Integer key, String value, RemovalCause cause) -> removed.put(key, cause));
    if (expiring) {
      builder.expireAfterWrite(Duration.ofMinutes(1));
    }
    return builder.build(loader);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void shouldReweighAStoredReload(boolean expiring) {
    ClockProLoadingCache<Integer, String> cache = build(expiring);
    cache.get(1);
    cache.get(2);
    assertEquals(4, cache.policy().weightedSize().getAsLong());
    reloadLengths.put(1, 5);
    ticker.advance(11 * SECOND);
    assertEquals("ab", cache.get(1), "a stale read returns the value it found, and starts the reload");
    assertEquals("rrrrr", cache.getIfPresent(1));
    assertEquals(7, cache.policy().weightedSize().getAsLong(), "the reload's weight replaced the old one");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void shouldEvictByWeightWhenAReloadOutgrowsTheRoom(boolean expiring) {
    ClockProLoadingCache<Integer, String> cache = build(expiring);
    for (int key = 1; key <= 5; key++) {
      cache.get(key); // five entries of weight 2 fill the maximum of 10
    }
    reloadLengths.put(3, 7);
    ticker.advance(11 * SECOND);
    cache.get(3);
    cache.cleanUp();
    long weight = cache.policy().weightedSize().getAsLong();
    assertTrue(weight <= 10, "resident weight " + weight + " within the maximum after cleanUp()");
    assertTrue(removed.containsValue(RemovalCause.SIZE), "room made by eviction: " + removed);
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void shouldChooseAWeightedNodeThatRefreshes(boolean expiring) {
    ClockProLoadingCache<Integer, String> cache = build(expiring);
    cache.get(1);
    BoundedCache<Integer, String> engine = EngineAccess.engine(cache);
    Node<Integer, String> node = engine.lookup(1, engine.data.hash(1));
    assertSame(expiring ? WeightedRefreshingExpiringNode.class : WeightedRefreshingNode.class, node.getClass());
    assertEquals(2, node.weight());
  }
}
