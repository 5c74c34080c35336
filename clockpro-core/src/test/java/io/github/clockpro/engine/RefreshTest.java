package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
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
