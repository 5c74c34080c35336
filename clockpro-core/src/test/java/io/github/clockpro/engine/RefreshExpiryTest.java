package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.engine.NodeShape.ExpiringNode;
import io.github.clockpro.engine.NodeShape.RefreshingExpiringNode;
import io.github.clockpro.engine.NodeShape.RefreshingNode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code refreshAfterWrite} together with each kind of expiry: each rule the builder's Javadoc states, with a
 * ticker moved by hand and reloads queued until the test runs them.
 */
class RefreshExpiryTest {

  private static final long SECOND = Duration.ofSeconds(1).toNanos();

  /** The kinds of expiry, each one minute, that a refresh of ten seconds combines with. */
  enum Kind {
    AFTER_WRITE(builder -> builder.expireAfterWrite(Duration.ofMinutes(1))),
    AFTER_ACCESS(builder -> builder.expireAfterAccess(Duration.ofMinutes(1))),
    EXPIRY(builder -> builder.expireAfter(Expiry.<Object, Object>creating(
        (key, value) -> Duration.ofMinutes(1))));

    final UnaryOperator<CacheBuilder<Object, Object>> expiry;

    Kind(UnaryOperator<CacheBuilder<Object, Object>> expiry) {
      this.expiry = expiry;
    }
  }

  private final ManualTicker ticker = new ManualTicker(-7 * SECOND); // anywhere, as System.nanoTime() may be
  private final Queue<Runnable> reloadsQueued = new ArrayDeque<>();
  private final AtomicInteger loads = new AtomicInteger();
  private final AtomicInteger reloads = new AtomicInteger();
  private final List<String> removals = new ArrayList<>();
  private final CacheLoader<Integer, String> loader = new CacheLoader<>() {
    @Override
    public String load(Integer key) {
      return "loaded" + key + "#" + loads.incrementAndGet();
    }

    @Override
    public String reload(Integer key, String oldValue) {
      return "reloaded" + key + "#" + reloads.incrementAndGet();
    }
  };

  private ClockProLoadingCache<Integer, String> cache(Kind kind) {
    CacheBuilder<Object, Object> builder = ClockProCache.builder().maximumSize(100)
        .refreshAfterWrite(Duration.ofSeconds(10));
    return kind.expiry.apply(builder).ticker(ticker).executor(reloadsQueued::add)
        .removalListener((Integer key, String value, RemovalCause cause) -> removals.add(value + ":" + cause))
        .build(loader);
  }

  private void runReloads() {
    while (!reloadsQueued.isEmpty()) {
      reloadsQueued.poll().run();
    }
  }

  private static void assertInvariants(ClockProCache<?, ?> cache) {
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void shouldServeTheOldValueBeforeExpiryAndReloadOnce(Kind kind) {
    ClockProLoadingCache<Integer, String> cache = cache(kind);
    assertEquals("loaded1#1", cache.get(1));
    ticker.advance(9 * SECOND);
    assertEquals("loaded1#1", cache.get(1));
    assertTrue(reloadsQueued.isEmpty(), "not yet stale");
    ticker.advance(2 * SECOND);
    assertEquals("loaded1#1", cache.get(1), "a stale read returns the value it found");
    assertEquals("loaded1#1", cache.getIfPresent(1));
    assertEquals(1, reloadsQueued.size(), "one reload however many stale reads");
    runReloads();
    assertEquals("reloaded1#1", cache.get(1));
    assertTrue(reloadsQueued.isEmpty(), "the stored reload renewed the write time");
    assertEquals(1, loads.get());
    assertEquals(1, reloads.get());
    assertEquals(List.of("loaded1#1:REPLACED"), removals);
    assertEquals(1, cache.stats().refreshSuccessCount());
    assertInvariants(cache);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void shouldLoadAnExpiredEntryOnTheCallingThreadInsteadOfRefreshingIt(Kind kind) {
    ClockProLoadingCache<Integer, String> cache = cache(kind);
    cache.get(1);
    ticker.advance(61 * SECOND);
    assertNull(cache.getIfPresent(1), "expired, so absent, and not refreshed");
    assertEquals("loaded1#2", cache.get(1), "loaded synchronously");
    assertTrue(reloadsQueued.isEmpty());
    assertEquals(0, reloads.get());
    assertEquals(List.of("loaded1#1:EXPIRED"), removals);
    assertInvariants(cache);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void shouldDropAReloadThatEndsAfterItsEntryExpired(Kind kind) {
    ClockProLoadingCache<Integer, String> cache = cache(kind);
    cache.get(1);
    ticker.advance(11 * SECOND);
    cache.get(1); // stale: queues a reload
    ticker.advance(60 * SECOND);
    runReloads();
    assertNull(cache.getIfPresent(1), "the reload does not bring the expired entry back");
    assertEquals(0, cache.size());
    assertEquals(1, reloads.get());
    assertEquals(Set.of("loaded1#1:EXPIRED", "reloaded1#1:EXPLICIT"), Set.copyOf(removals),
        "the entry reported once, as expired, and the dropped reload as Caffeine reports it");
    assertEquals(2, removals.size());
    assertInvariants(cache);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void shouldDropAReloadThatEndsAfterItsEntryExpiredAndWasLoadedAgain(Kind kind) {
    ClockProLoadingCache<Integer, String> cache = cache(kind);
    cache.get(1);
    ticker.advance(11 * SECOND);
    cache.get(1);
    ticker.advance(60 * SECOND);
    assertEquals("loaded1#2", cache.get(1));
    runReloads();
    assertEquals("loaded1#2", cache.getIfPresent(1), "the newer load wins");
    assertInvariants(cache);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void shouldDropAReloadThatEndsAfterItsEntryWasRemovedOrReplaced(Kind kind) {
    ClockProLoadingCache<Integer, String> cache = cache(kind);
    cache.get(1);
    cache.get(2);
    ticker.advance(11 * SECOND);
    cache.get(1);
    cache.get(2);
    assertEquals(2, reloadsQueued.size());
    cache.invalidate(1);
    cache.put(2, "put");
    runReloads();
    assertNull(cache.getIfPresent(1), "a removed entry is not resurrected");
    assertEquals("put", cache.getIfPresent(2), "a replaced value is not overwritten");
    assertEquals(1, cache.size());
    assertInvariants(cache);
  }

  @Test
  void shouldRenewTheLifetimeAfterWriteWhenAReloadIsStored() {
    ClockProLoadingCache<Integer, String> cache = cache(Kind.AFTER_WRITE);
    cache.get(1);
    ticker.advance(50 * SECOND);
    cache.get(1);
    runReloads();
    ticker.advance(50 * SECOND); // 100 s after the load, 50 s after the reload was stored
    assertEquals("reloaded1#1", cache.getIfPresent(1));
    ticker.advance(11 * SECOND); // 61 s after the reload
    assertNull(cache.getIfPresent(1));
    assertInvariants(cache);
  }

  @Test
  void shouldGiveAStoredReloadTheLifetimeOfTheExpirysUpdate() {
    Expiry<Integer, String> expiry = new Expiry<>() {
      @Override
      public long expireAfterCreate(Integer key, String value, long currentTime) {
        return 60 * SECOND;
      }

      @Override
      public long expireAfterUpdate(Integer key, String value, long currentTime, long currentDuration) {
        return 120 * SECOND;
      }
    };
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(10)
        .refreshAfterWrite(Duration.ofSeconds(10)).expireAfter(expiry).ticker(ticker).executor(reloadsQueued::add)
        .build(loader);
    cache.get(1);
    ticker.advance(50 * SECOND);
    cache.get(1);
    runReloads();
    ticker.advance(119 * SECOND); // 169 s after the load, 119 s after the reload was stored
    assertEquals("reloaded1#1", cache.getIfPresent(1));
    ticker.advance(SECOND);
    assertNull(cache.getIfPresent(1));
    assertInvariants(cache);
  }

  @Test
  void shouldNeverRefreshWhenTheRefreshIsNotShorterThanTheExpiryAfterWrite() {
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(10)
        .refreshAfterWrite(Duration.ofMinutes(1)).expireAfterWrite(Duration.ofMinutes(1)).ticker(ticker)
        .executor(reloadsQueued::add).build(loader);
    for (int halfSecond = 0; halfSecond < 400; halfSecond++) {
      cache.get(1);
      ticker.advance(SECOND / 2);
    }
    assertTrue(reloadsQueued.isEmpty());
    assertEquals(0, reloads.get());
    assertEquals(4, loads.get(), "loaded again every minute");
  }

  @Test
  void shouldAcceptRefreshAndExpiryInEitherOrderButOnlyWithALoader() {
    ClockProLoadingCache<Integer, String> expiryFirst = ClockProCache.builder().maximumSize(10)
        .expireAfterAccess(Duration.ofMinutes(1)).refreshAfterWrite(Duration.ofSeconds(1)).build(loader);
    ClockProLoadingCache<Integer, String> refreshFirst = ClockProCache.builder().maximumSize(10)
        .refreshAfterWrite(Duration.ofSeconds(1)).expireAfterAccess(Duration.ofMinutes(1)).build(loader);
    assertEquals("loaded1#1", expiryFirst.get(1));
    assertEquals("loaded1#2", refreshFirst.get(1));
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().maximumSize(10)
        .expireAfterWrite(Duration.ofMinutes(1)).refreshAfterWrite(Duration.ofSeconds(1)).build());
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().maximumSize(10)
        .expireAfterWrite(Duration.ofMinutes(1)).refreshAfterWrite(Duration.ofSeconds(1)).buildAsync());
    assertThrows(IllegalStateException.class, () -> ClockProCache.builder().maximumSize(10)
        .refreshAfterWrite(Duration.ofSeconds(1)).refreshAfterWrite(Duration.ofSeconds(2)));
  }

  @Test
  void shouldChooseTheNodeShapeAtBuildTime() {
    assertSame(Node.class, nodeOf(ClockProCache.builder().maximumSize(10).build(loader)));
    assertSame(ExpiringNode.class, nodeOf(ClockProCache.builder().maximumSize(10)
        .expireAfterWrite(Duration.ofMinutes(1)).build(loader)));
    assertSame(RefreshingNode.class, nodeOf(ClockProCache.builder().maximumSize(10)
        .refreshAfterWrite(Duration.ofMinutes(1)).build(loader)));
    assertSame(RefreshingExpiringNode.class, nodeOf(ClockProCache.builder().maximumSize(10)
        .refreshAfterWrite(Duration.ofMinutes(1)).expireAfterWrite(Duration.ofMinutes(1)).build(loader)));
  }

  private static Class<?> nodeOf(ClockProLoadingCache<Integer, String> cache) {
    cache.get(1);
    BoundedCache<Integer, String> engine = EngineAccess.engine(cache);
    return engine.lookup(1, engine.data.hash(1)).getClass();
  }
}
