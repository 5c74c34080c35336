package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.github.clockpro.AsyncCacheLoader;
import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Refreshes through an {@link AsyncCacheLoader}'s {@code asyncReload}, on the synchronous view of a cache built with
 * {@code buildAsync(loader)}: each case runs on this cache and on Caffeine, whose contract is the same, and the two
 * transcripts of what a user observes (values, futures, refreshes in flight, removals with their causes,
 * statistics) must be equal. The reloads' futures are completed by the test, so a reload hangs until it says so.
 */
class AsyncRefreshTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  /** The calls the cases make, as one library names them. */
  private record Calls(IntFunction<String> get, IntFunction<String> getIfPresent, BiConsumer<Integer, String> put,
      IntFunction<CompletableFuture<String>> refresh, Supplier<Set<Integer>> refreshing,
      Supplier<List<Long>> statistics) {}

  /** The cache under test, either library's, behind the calls the cases make. */
  private abstract static class Subject {
    /** The futures the loader's {@code asyncReload} returned, in order; the test completes them. */
    final List<CompletableFuture<String>> reloads = new ArrayList<>();
    final List<String> removals = new ArrayList<>();
    final AtomicInteger executorTasks = new AtomicInteger();
    final ManualTicker ticker = new ManualTicker(0);
    /** Records what the case observed. */
    final List<String> transcript = new ArrayList<>();

    /** Runs each task at once on the caller, counting it. */
    final Executor executor = task -> {
      executorTasks.incrementAndGet();
      task.run();
    };

    /** Loads {@code "loaded" + key} at once; reloads with a future that the test completes. */
    final AsyncCacheLoader<Integer, String> loader = new AsyncCacheLoader<>() {
      @Override
      public CompletableFuture<String> asyncLoad(Integer key, Executor executor) {
        return CompletableFuture.completedFuture("loaded" + key);
      }

      @Override
      public CompletableFuture<String> asyncReload(Integer key, String oldValue, Executor executor) {
        CompletableFuture<String> reload = new CompletableFuture<>();
        reloads.add(reload);
        return reload;
      }
    };

    void removed(Integer key, String value, Object cause) {
      removals.add(key + "=" + value + ":" + cause);
    }

    /** The library's calls; set by the subclass's constructor, once its cache is built. */
    Calls calls;

    String get(int key) {
      return calls.get().apply(key);
    }

    String getIfPresent(int key) {
      return calls.getIfPresent().apply(key);
    }

    void put(int key, String value) {
      calls.put().accept(key, value);
    }

    CompletableFuture<String> refresh(int key) {
      return calls.refresh().apply(key);
    }

    Set<Integer> refreshing() {
      return new TreeSet<>(calls.refreshing().get());
    }

    /** Hits, misses, load successes and load failures. */
    List<Long> statistics() {
      return calls.statistics().get();
    }

    void note(String what, Object observed) {
      transcript.add(what + ": " + observed);
    }

    /** A future by how it completed, or that it has not. */
    static String outcome(CompletableFuture<String> future) {
      if (!future.isDone()) {
        return "in flight";
      }
      return future.handle((value, failure) -> failure == null ? "value " + value
          : "failed with " + (failure instanceof CompletionException ? failure.getCause() : failure)
              .getClass().getSimpleName()).join();
    }
  }

  private static final class Clockpro extends Subject {
    final ClockProLoadingCache<Integer, String> cache;

    Clockpro(Function<CacheBuilder<Integer, String>, CacheBuilder<Integer, String>> options) {
      CacheBuilder<Integer, String> builder = ClockProCache.builder().maximumSize(100).executor(executor)
          .ticker(ticker).<Integer, String>removalListener(this::removed);
      cache = options.apply(builder).buildAsync(loader).synchronous();
      calls = new Calls(cache::get, cache::getIfPresent, cache::put, cache::refresh,
          () -> cache.policy().refreshes().keySet(),
          () -> {
            var stats = cache.stats();
            return List.of(stats.hitCount(), stats.missCount(), stats.loadSuccessCount(), stats.loadFailureCount());
          });
    }
  }

  private static final class CaffeineSubject extends Subject {
    final LoadingCache<Integer, String> cache;

    CaffeineSubject(Function<Caffeine<Object, Object>, Caffeine<Object, Object>> options) {
      Caffeine<Object, Object> builder = Caffeine.newBuilder().maximumSize(100).executor(executor)
          .ticker(ticker::read).recordStats();
      cache = options.apply(builder)
          .<Integer, String>removalListener((key, value, cause) -> removed(key, value, cause.name()))
          .buildAsync(new com.github.benmanes.caffeine.cache.AsyncCacheLoader<Integer, String>() {
            @Override
            public CompletableFuture<? extends String> asyncLoad(Integer key, Executor executor)
                throws Exception {
              return loader.asyncLoad(key, executor);
            }

            @Override
            public CompletableFuture<? extends String> asyncReload(Integer key, String oldValue,
                Executor executor) throws Exception {
              return loader.asyncReload(key, oldValue, executor);
            }
          })
          .synchronous();
      calls = new Calls(cache::get, cache::getIfPresent, cache::put, cache::refresh,
          () -> cache.policy().refreshes().keySet(),
          () -> {
            var stats = cache.stats();
            return List.of(stats.hitCount(), stats.missCount(), stats.loadSuccessCount(), stats.loadFailureCount());
          });
    }
  }

  /** Runs the case on both caches, built alike, and requires equal transcripts; returns clockpro's cache. */
  private static Clockpro runOnBoth(Consumer<Subject> steps) {
    Clockpro clockpro = new Clockpro(builder -> builder);
    CaffeineSubject caffeine = new CaffeineSubject(builder -> builder);
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> steps.accept(clockpro), "no call waits for a reload");
    steps.accept(caffeine);
    assertEquals(caffeine.transcript, clockpro.transcript, "clockpro against Caffeine");
    return clockpro;
  }

  @Test
  void shouldNeitherBlockNorHoldTheKeyWhenTheReloadHangs() {
    Clockpro clockpro = runOnBoth(cache -> {
      cache.note("get", cache.get(1));
      CompletableFuture<String> hung = cache.refresh(1);
      cache.note("the same refresh while in flight", hung == cache.refresh(1));
      cache.note("hung refresh", Subject.outcome(hung));
      cache.note("in flight", cache.refreshing());
      cache.note("get while it hangs", cache.get(1));
      cache.put(1, "put");
      cache.note("in flight after a put", cache.refreshing());
      CompletableFuture<String> next = cache.refresh(1);
      cache.note("reloads started", cache.reloads.size());
      cache.reloads.get(1).complete("fresh");
      cache.note("next refresh", Subject.outcome(next));
      cache.note("after the next refresh", cache.getIfPresent(1));
      cache.reloads.get(0).complete("late");
      cache.note("hung refresh at last", Subject.outcome(hung));
      cache.note("after the late reload", cache.getIfPresent(1));
      cache.note("in flight at the end", cache.refreshing());
      cache.note("removals", cache.removals);
      cache.note("statistics", cache.statistics());
    });
    assertEquals(0, clockpro.executorTasks.get(), "no executor thread ran, let alone waited for, a reload");
    assertEquals("fresh", clockpro.getIfPresent(1), "the put discarded the hung reload; the next one won");
    assertEquals(List.of(), EngineAccess.checkInvariants(clockpro.cache));
  }

  @Test
  void shouldKeepAPutMadeBeforeTheReloadCompleted() {
    Clockpro clockpro = runOnBoth(cache -> {
      cache.get(1);
      CompletableFuture<String> refresh = cache.refresh(1);
      cache.put(1, "put");
      cache.reloads.get(0).complete("reloaded");
      cache.note("refresh", Subject.outcome(refresh));
      cache.note("value", cache.getIfPresent(1));
      cache.note("removals", cache.removals);
      cache.note("statistics", cache.statistics());
    });
    assertEquals("put", clockpro.getIfPresent(1));
    assertEquals(List.of("1=loaded1:REPLACED", "1=reloaded:REPLACED"), clockpro.removals,
        "the put replaced the value; the reload's value was dropped");
  }

  @Test
  void shouldKeepTheOldValueWhenTheReloadFails() {
    Clockpro clockpro = runOnBoth(cache -> {
      cache.get(1);
      CompletableFuture<String> refresh = cache.refresh(1);
      cache.reloads.get(0).completeExceptionally(new IllegalStateException("reload failed"));
      cache.note("refresh", Subject.outcome(refresh));
      cache.note("value", cache.getIfPresent(1));
      cache.note("in flight", cache.refreshing());
      CompletableFuture<String> again = cache.refresh(1);
      cache.reloads.get(1).complete("reloaded");
      cache.note("the next refresh", Subject.outcome(again));
      cache.note("value after it", cache.getIfPresent(1));
      cache.note("removals", cache.removals);
      cache.note("statistics", cache.statistics());
    });
    assertEquals(1, clockpro.cache.stats().refreshFailureCount());
    assertEquals(1, clockpro.cache.stats().refreshSuccessCount());
  }

  @Test
  void shouldRemoveTheEntryWhenTheReloadIsNull() {
    Clockpro clockpro = runOnBoth(cache -> {
      cache.get(1);
      CompletableFuture<String> refresh = cache.refresh(1);
      cache.reloads.get(0).complete(null);
      cache.note("refresh", Subject.outcome(refresh));
      cache.note("value", cache.getIfPresent(1));
      cache.note("removals", cache.removals);
      cache.note("statistics", cache.statistics());
    });
    assertNull(clockpro.getIfPresent(1));
  }

  @Test
  void shouldStartOneReloadForStaleReadsAndReturnTheOldValueWhileItHangs() {
    Clockpro clockpro = new Clockpro(builder -> builder.refreshAfterWrite(Duration.ofSeconds(10)));
    CaffeineSubject caffeine = new CaffeineSubject(builder -> builder.refreshAfterWrite(Duration.ofSeconds(10)));
    for (Subject cache : List.of(clockpro, caffeine)) {
      Runnable steps = () -> {
        cache.get(1);
        cache.ticker.advance(11 * SECOND);
        for (int read = 0; read < 5; read++) {
          cache.note("stale read", cache.get(1));
        }
        cache.note("reloads started", cache.reloads.size());
        cache.note("in flight", cache.refreshing());
        cache.reloads.get(0).complete("reloaded");
        cache.note("read after the reload", cache.get(1));
        cache.note("in flight after it", cache.refreshing());
        cache.note("statistics", cache.statistics());
      };
      assertTimeoutPreemptively(Duration.ofSeconds(10), steps::run, "no read waits for a reload");
    }
    assertEquals(caffeine.transcript, clockpro.transcript, "clockpro against Caffeine");
    assertEquals(0, clockpro.executorTasks.get());
  }

  /**
   * A loader whose {@code asyncReload} throws instead of returning a future fails the refresh's future, as a reload
   * that fails later does, and holds nothing (Caffeine's {@code refresh} throws it to the caller instead).
   */
  @Test
  void shouldFailTheRefreshWhenTheLoaderThrowsInsteadOfReturningAFuture() {
    AtomicInteger calls = new AtomicInteger();
    AsyncCacheLoader<Integer, String> throwing = new AsyncCacheLoader<>() {
      @Override
      public CompletableFuture<String> asyncLoad(Integer key, Executor executor) {
        return CompletableFuture.completedFuture("loaded" + key);
      }

      @Override
      public CompletableFuture<String> asyncReload(Integer key, String oldValue, Executor executor) throws Exception {
        if (calls.incrementAndGet() == 1) {
          throw new IOException("cannot start");
        }
        return CompletableFuture.completedFuture("reloaded");
      }
    };
    ClockProLoadingCache<Integer, String> cache = ClockProCache.builder().maximumSize(10)
        .executor(Runnable::run).buildAsync(throwing).synchronous();
    cache.get(1);
    CompletableFuture<String> failed = cache.refresh(1);
    assertTrue(failed.isCompletedExceptionally());
    assertEquals("loaded1", cache.getIfPresent(1));
    assertFalse(cache.policy().refreshes().containsKey(1), "nothing left in flight");
    assertEquals("reloaded", cache.refresh(1).join());
    assertEquals("reloaded", cache.getIfPresent(1));
    assertEquals(1, cache.stats().refreshFailureCount());
  }
}
