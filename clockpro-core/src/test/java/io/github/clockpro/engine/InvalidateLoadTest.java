package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Invalidation discards a load in flight, so the next read loads afresh, as in Caffeine. */
class InvalidateLoadTest {

  @Test
  void shouldLoadAfreshAfterInvalidatingAHungAsynchronousLoad() {
    ClockProAsyncCache<Integer, String> cache = ClockProCache.builder().maximumSize(100).executor(Runnable::run)
        .buildAsync();
    AsyncCache<Integer, String> peer = Caffeine.newBuilder().maximumSize(100).executor(Runnable::run).buildAsync();
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      cache.put(1, new CompletableFuture<>()); // never completes
      cache.put(2, new CompletableFuture<>());
      cache.synchronous().invalidate(1);
      cache.synchronous().invalidateAll();
      assertEquals("fresh1", cache.get(1, key -> "fresh" + key).join());
      assertEquals("fresh2", cache.synchronous().get(2, key -> "fresh" + key));

      peer.put(1, new CompletableFuture<>());
      peer.put(2, new CompletableFuture<>());
      peer.synchronous().invalidate(1);
      peer.synchronous().invalidateAll();
      assertEquals("fresh1", peer.get(1, key -> "fresh" + key).join(), "Caffeine");
      assertEquals("fresh2", peer.synchronous().get(2, key -> "fresh" + key), "Caffeine");
    });
    assertEquals(List.of(), EngineAccess.checkInvariants(cache.synchronous()));
  }

  @Test
  void shouldNotCacheTheValueOfALoadInvalidatedWhileItRan() throws Exception {
    ClockProCache<Integer, String> cache = ClockProCache.builder().maximumSize(100).build();
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread loader = new Thread(() -> cache.get(1, key -> {
      started.countDown();
      awaitQuietly(release);
      return "stale";
    }));
    loader.setDaemon(true);
    loader.start();
    started.await();
    try {
      cache.invalidate(1);
      assertFalse(cache.asMap().containsKey(1));
      assertTimeoutPreemptively(Duration.ofSeconds(10),
          () -> assertEquals("fresh", cache.get(1, key -> "fresh"), "not joined to the discarded load"));
    } finally {
      release.countDown();
    }
    loader.join();
    assertEquals("fresh", cache.getIfPresent(1));
    cache.invalidate(1);
    assertNull(cache.getIfPresent(1));
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
