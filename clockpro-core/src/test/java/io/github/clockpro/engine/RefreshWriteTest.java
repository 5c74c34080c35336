package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A refresh against the writes made while its reload runs, and the write time it leaves: each case run on this
 * cache and on Caffeine, whose contract is the same.
 */
class RefreshWriteTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  /** One shared instance, as {@code Boolean.TRUE} or an interned string is. */
  private static final String SHARED = "shared";

  private final ManualTicker ticker = new ManualTicker(0);
  private final AtomicInteger reloads = new AtomicInteger();
  private final Queue<Runnable> queued = new ArrayDeque<>();

  /** Loads the shared instance; reloads a new value, counting. */
  private final CacheLoader<Integer, String> loader = new CacheLoader<>() {
    @Override
    public String load(Integer key) {
      return SHARED;
    }

    @Override
    public String reload(Integer key, String oldValue) {
      return "reloaded#" + reloads.incrementAndGet();
    }
  };

  /** Loads the shared instance; a reload answers "not modified" with the old value itself. */
  private final CacheLoader<Integer, String> unmodified = new CacheLoader<>() {
    @Override
    public String load(Integer key) {
      return SHARED;
    }

    @Override
    public String reload(Integer key, String oldValue) {
      reloads.incrementAndGet();
      return oldValue;
    }
  };

  private com.github.benmanes.caffeine.cache.CacheLoader<Integer, String> caffeine(CacheLoader<Integer, String> of) {
    return new com.github.benmanes.caffeine.cache.CacheLoader<>() {
      @Override
      public String load(Integer key) throws Exception {
        return of.load(key);
      }

      @Override
      public String reload(Integer key, String oldValue) throws Exception {
        return of.reload(key, oldValue);
      }
    };
  }

  private void runQueued() {
    for (Runnable task; (task = queued.poll()) != null; ) {
      task.run();
    }
  }

  @Test
  void shouldKeepAPutOfTheSameInstanceMadeWhileTheReloadRan() {
    ClockProLoadingCache<Integer, String> cache =
        ClockProCache.builder().maximumSize(100).executor(queued::add).build(loader);
    cache.get(1);
    cache.refresh(1);
    cache.put(1, SHARED); // equal and identical to the value the refresh started from
    runQueued();
    assertEquals(SHARED, cache.getIfPresent(1), "the put came after the refresh started: it wins");

    LoadingCache<Integer, String> peer = Caffeine.newBuilder().executor(queued::add).build(caffeine(loader));
    peer.get(1);
    peer.refresh(1);
    peer.put(1, SHARED);
    runQueued();
    assertEquals(SHARED, peer.getIfPresent(1), "Caffeine");
  }

  @Test
  void shouldStartANewRefreshAfterAPutOrInvalidateWhenTheFormerReloadHangs() {
    ClockProLoadingCache<Integer, String> cache =
        ClockProCache.builder().maximumSize(100).executor(queued::add).build(loader);
    cache.get(1);
    cache.refresh(1); // queued and never run: a reload that hangs
    cache.put(1, "put");
    cache.refresh(1);
    assertEquals(2, queued.size(), "the put discarded the hung reload, so the refresh started another");
    cache.invalidate(1);
    cache.refresh(1);
    assertEquals(3, queued.size(), "so did the invalidation");
    queued.clear();

    LoadingCache<Integer, String> peer = Caffeine.newBuilder().executor(queued::add).build(caffeine(loader));
    peer.get(1);
    peer.refresh(1);
    peer.put(1, "put");
    peer.refresh(1);
    assertEquals(2, queued.size(), "Caffeine");
    peer.invalidate(1);
    peer.refresh(1);
    assertEquals(3, queued.size(), "Caffeine");
  }

  @Test
  void shouldRenewTheWriteTimeWhenTheReloadReturnsTheSameInstance() {
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(100)
        .refreshAfterWrite(Duration.ofSeconds(10)).ticker(ticker).executor(Runnable::run).build(unmodified);
    cache.get(1);
    ticker.advance(11 * SECOND);
    for (int read = 0; read < 10; read++) {
      cache.get(1);
    }
    assertEquals(1, reloads.get(), "the first stale read reloads; the unmodified value is fresh again");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));

    reloads.set(0);
    LoadingCache<Integer, String> peer = Caffeine.newBuilder().refreshAfterWrite(Duration.ofSeconds(10))
        .ticker(ticker::read).executor(Runnable::run).build(caffeine(unmodified));
    peer.get(1);
    ticker.advance(11 * SECOND);
    for (int read = 0; read < 10; read++) {
      peer.get(1);
    }
    assertEquals(1, reloads.get(), "Caffeine");
  }

  @Test
  void shouldExtendExpireAfterWriteOnAnExplicitRefresh() {
    for (CacheLoader<Integer, String> each : List.of(loader, unmodified)) {
      ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(100)
          .expireAfterWrite(Duration.ofSeconds(10)).ticker(ticker).executor(Runnable::run).build(each);
      cache.get(1);
      ticker.advance(8 * SECOND);
      cache.refresh(1).join();
      ticker.advance(5 * SECOND);
      assertNotNull(cache.getIfPresent(1), "the refresh wrote the value 5 s ago");
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));

      LoadingCache<Integer, String> peer = Caffeine.newBuilder().expireAfterWrite(Duration.ofSeconds(10))
          .ticker(ticker::read).executor(Runnable::run).build(caffeine(each));
      peer.get(1);
      ticker.advance(8 * SECOND);
      peer.refresh(1).join();
      ticker.advance(5 * SECOND);
      assertNotNull(peer.getIfPresent(1), "Caffeine");
    }
  }
}
