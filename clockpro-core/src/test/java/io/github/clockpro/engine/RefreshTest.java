package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code refreshAfterWrite} and {@code refresh(key)}. */
class RefreshTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  private final ManualTicker ticker = new ManualTicker(0);
  private final AtomicInteger reloads = new AtomicInteger();
  private final AtomicBoolean failing = new AtomicBoolean();
  private final CacheLoader<Integer, String> loader = new CacheLoader<>() {
    @Override
    public String load(Integer key) {
      return "loaded" + key;
    }

    @Override
    public String reload(Integer key, String oldValue) {
      if (failing.get()) {
        throw new IllegalStateException("reload failed");
      }
      return "reloaded" + key + "#" + reloads.incrementAndGet();
    }
  };

  @Test
  void shouldReturnTheOldValueAndReloadOnceAfterTheRefreshTime() {
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(100)
        .refreshAfterWrite(Duration.ofSeconds(10)).ticker(ticker).executor(Runnable::run).build(loader);
    assertEquals("loaded1", cache.get(1));
    ticker.advance(9 * SECOND);
    assertEquals("loaded1", cache.get(1));
    assertEquals(0, reloads.get(), "not yet stale");
    ticker.advance(2 * SECOND);
    assertEquals("loaded1", cache.get(1), "a stale read returns the value it found");
    assertEquals("reloaded1#1", cache.get(1));
    assertEquals("reloaded1#1", cache.getIfPresent(1));
    assertEquals(1, reloads.get());
    assertEquals(1, cache.stats().refreshSuccessCount());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldKeepTheOldValueWhenTheReloadFails() {
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(100)
        .refreshAfterWrite(Duration.ofSeconds(10)).ticker(ticker).executor(Runnable::run).build(loader);
    cache.get(1);
    ticker.advance(11 * SECOND);
    failing.set(true);
    assertEquals("loaded1", cache.get(1));
    assertEquals("loaded1", cache.get(1), "still stale: the next read tries again");
    assertEquals(2, cache.stats().refreshFailureCount());
    failing.set(false);
    assertEquals("loaded1", cache.get(1));
    assertEquals("reloaded1#1", cache.get(1));
  }

  @Test
  void shouldDiscardAReloadWhenTheEntryWasReplacedOrRemovedMeanwhile() {
    Queue<Runnable> queued = new ArrayDeque<>();
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(100)
        .refreshAfterWrite(Duration.ofSeconds(10)).ticker(ticker).executor(queued::add).build(loader);
    cache.get(1);
    cache.get(2);
    ticker.advance(11 * SECOND);
    cache.get(1);
    cache.get(1);
    cache.get(2);
    assertEquals(2, queued.size(), "one reload per key, however many stale reads");
    cache.put(1, "put");
    cache.invalidate(2);
    queued.forEach(Runnable::run);
    assertEquals("put", cache.getIfPresent(1));
    assertNull(cache.getIfPresent(2));
    assertEquals(2, reloads.get());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldRefreshExplicitlyOnAnyLoadingCache() throws Exception {
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(100)
        .executor(Runnable::run).build(loader);
    assertEquals("loaded1", cache.refresh(1).get(), "an absent key is loaded");
    assertEquals("loaded1", cache.getIfPresent(1));
    assertEquals("reloaded1#1", cache.refresh(1).get());
    assertEquals("reloaded1#1", cache.getIfPresent(1));
    failing.set(true);
    assertThrows(ExecutionException.class, () -> cache.refresh(1).get());
    assertEquals("reloaded1#1", cache.getIfPresent(1));
  }

  /**
   * An explicit refresh is not a read of the entry: it renews no access time, asks no {@code expireAfterRead} and
   * counts no hit, as in Caffeine, whose refresh peeks at the old value. (It read the old value as a hit through
   * the map view: a refresh whose reload failed renewed the entry's lifetime under expiry after access, and an
   * {@code Expiry} that shortens a lifetime on a read could expire the entry under the refresh, which then stored
   * nothing.)
   */
  @Test
  void shouldNotReadTheEntryWhenRefreshing() {
    failing.set(true);
    ClockProLoadingCache<Integer, String> afterAccess = ClockProCache.builder().maximumSize(100)
        .expireAfterAccess(Duration.ofMinutes(1)).ticker(ticker).executor(Runnable::run).build(loader);
    afterAccess.put(1, "one");
    ticker.advance(50 * SECOND);
    assertThrows(ExecutionException.class, () -> afterAccess.refresh(1).get());
    ticker.advance(20 * SECOND);
    assertNull(afterAccess.getIfPresent(1), "expired a minute after the put: the refresh did not renew it");

    failing.set(false);
    AtomicInteger reads = new AtomicInteger();
    Expiry<Integer, String> expiry = new Expiry<>() {
      @Override
      public long expireAfterCreate(Integer key, String value, long currentTime) {
        return TimeUnit.MINUTES.toNanos(1);
      }

      @Override
      public long expireAfterRead(Integer key, String value, long currentTime, long currentDuration) {
        reads.incrementAndGet();
        return 0; // a read ends the entry's life
      }
    };
    ClockProLoadingCache<Integer, String> variable = ClockProCache.builder().maximumSize(100)
        .expireAfter(expiry).ticker(ticker).executor(Runnable::run).build(loader);
    variable.put(1, "one");
    assertEquals("reloaded1#1", variable.refresh(1).join());
    assertEquals(0, reads.get());
    assertEquals(0, variable.stats().hitCount());
    assertEquals("reloaded1#1", variable.asMap().get(1), "the reload was stored");
  }

  /**
   * A reloaded value that cannot be stored (here the weigher throws on it) fails the refresh, keeps the old value
   * and leaves no refresh in flight, so the next one runs.
   */
  @Test
  void shouldFailTheRefreshWhenItsValueCannotBeStored() {
    AtomicBoolean weigherFails = new AtomicBoolean();
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumWeight(100)
        .<Integer, String>weigher((key, value) -> {
          if (weigherFails.get() && value.startsWith("reloaded")) {
            throw new IllegalStateException("cannot weigh");
          }
          return 1;
        }).executor(Runnable::run).build(loader);
    cache.get(1);
    weigherFails.set(true);
    assertThrows(ExecutionException.class, () -> cache.refresh(1).get());
    assertEquals("loaded1", cache.getIfPresent(1));
    assertEquals(Map.of(), cache.policy().refreshes(), "nothing left in flight");
    assertEquals(1, cache.stats().refreshFailureCount());
    weigherFails.set(false);
    assertEquals("reloaded1#2", cache.refresh(1).join());
    assertEquals("reloaded1#2", cache.getIfPresent(1));
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldRejectRefreshWithoutALoaderOrWithoutAPositiveDuration() {
    assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().maximumSize(1).refreshAfterWrite(Duration.ofSeconds(1)).build());
    assertThrows(IllegalStateException.class,
        () -> ClockProCache.builder().maximumSize(1).refreshAfterWrite(Duration.ofSeconds(1)).buildAsync());
    assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().maximumSize(1).refreshAfterWrite(Duration.ofSeconds(-1)));
    assertThrows(IllegalArgumentException.class,
        () -> ClockProCache.builder().maximumSize(1).refreshAfterWrite(Duration.ZERO));
  }
}
