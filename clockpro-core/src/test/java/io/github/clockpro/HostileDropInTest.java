package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * A hostile user's attacks on the drop-in names through the public API, each run on Caffeine beside clockpro where
 * the contract is the same: an asynchronous map's removal of a value still in flight, and refreshes whose reload
 * completes after a write of its key.
 */
class HostileDropInTest {

  private static final Executor DIRECT = Runnable::run;

  @Test
  void shouldReturnTheFutureInFlightThatAnAsyncMapRemovalDiscards() {
    ClockProAsyncCache<String, String> cache = ClockProCache.builder().maximumSize(100).buildAsync();
    com.github.benmanes.caffeine.cache.AsyncCache<String, String> caffeine =
        Caffeine.newBuilder().maximumSize(100).buildAsync();
    assertEquals(removeInFlight(caffeine.asMap(), caffeine.synchronous()::getIfPresent),
        removeInFlight(cache.asMap(), cache.synchronous()::getIfPresent));
  }

  /** Removes a key whose future is in flight, then completes it: what the removal returned and what is left. */
  private static List<String> removeInFlight(ConcurrentMap<String, CompletableFuture<String>> map,
      java.util.function.Function<String, String> getIfPresent) {
    CompletableFuture<String> inFlight = new CompletableFuture<>();
    map.put("a", inFlight);
    CompletableFuture<String> removed = map.remove("a");
    assertNotNull(removed, "the removal of a value in flight returns its future");
    inFlight.complete("late");
    List<String> outcome = new ArrayList<>();
    outcome.add("removed " + removed.join());
    outcome.add("after " + getIfPresent.apply("a"));
    outcome.add("contains " + map.containsKey("a"));
    return outcome;
  }

  @Test
  void shouldReportAReloadThatEndsAfterAWriteAsCaffeineDoes() {
    for (boolean invalidate : new boolean[] {false, true}) {
      List<String> ours = new ArrayList<>();
      CompletableFuture<String> reload = new CompletableFuture<>();
      ClockProLoadingCache<String, String> cache = ClockProCache.builder().maximumSize(100).executor(DIRECT)
          .removalListener((String key, String value, RemovalCause cause) -> ours.add(key + "=" + value + " " + cause))
          .buildAsync(new AsyncCacheLoader<String, String>() {
            @Override
            public CompletableFuture<String> asyncLoad(String key, Executor executor) {
              return reload;
            }
          }).synchronous();
      List<String> theirs = new ArrayList<>();
      CompletableFuture<String> caffeineReload = new CompletableFuture<>();
      com.github.benmanes.caffeine.cache.LoadingCache<String, String> caffeine = Caffeine.newBuilder().maximumSize(100)
          .executor(DIRECT).recordStats()
          .removalListener((String key, String value, com.github.benmanes.caffeine.cache.RemovalCause cause) ->
              theirs.add(key + "=" + value + " " + cause))
          .buildAsync((String key, Executor executor) -> caffeineReload).synchronous();

      cache.put("a", "A");
      caffeine.put("a", "A");
      CompletableFuture<String> refreshed = cache.refresh("a");
      CompletableFuture<String> caffeineRefreshed = caffeine.refresh("a");
      if (invalidate) {
        cache.invalidate("a");
        caffeine.invalidate("a");
      } else {
        cache.put("a", "B");
        caffeine.put("a", "B");
      }
      assertEquals(caffeine.policy().refreshes().keySet(), cache.policy().refreshes().keySet());
      reload.complete("C");
      caffeineReload.complete("C");

      assertEquals(caffeineRefreshed.join(), refreshed.join());
      assertEquals(caffeine.getIfPresent("a"), cache.getIfPresent("a"));
      assertEquals(theirs, ours);
      assertEquals(caffeine.stats().loadSuccessCount(), cache.stats().loadSuccessCount());
      assertEquals(caffeine.stats().loadFailureCount(), cache.stats().loadFailureCount());
      assertNull(invalidate ? cache.getIfPresent("a") : null);
    }
  }
}
