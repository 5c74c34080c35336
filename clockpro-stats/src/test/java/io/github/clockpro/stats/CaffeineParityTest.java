package io.github.clockpro.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The same workload on a Caffeine cache and a clockpro cache: their statistics count alike, and Micrometer's
 * {@link CaffeineCacheMetrics} and {@link ClockProCacheMetrics} bound to one Prometheus registry register without a
 * conflict and read the same on every meter they share, but for the load time, which is measured.
 */
class CaffeineParityTest {

  private static final int MAXIMUM = 100;
  private static final int JOINERS = 3;

  /** The operations both caches run, through a function of the key and the loader. */
  private interface Lookup {
    Integer get(Integer key, Function<Integer, Integer> loader);
  }

  @Test
  void shouldCountLikeCaffeineAndPublishTheSameStandardMeters() throws Exception {
    AtomicLong caffeineTime = new AtomicLong();
    // A loading cache: CaffeineCacheMetrics registers cache.load and cache.load.duration for those alone.
    Cache<Integer, Integer> caffeine = Caffeine.newBuilder()
        .maximumSize(MAXIMUM)
        .expireAfterWrite(1, TimeUnit.MINUTES)
        .ticker(caffeineTime::get)
        .executor(Runnable::run)
        .recordStats()
        .build(key -> key);
    AtomicLong clockproTime = new AtomicLong();
    ClockProCache<Integer, Integer> clockpro = ClockProCache.<Integer, Integer>builder()
        .maximumSize(MAXIMUM)
        .expireAfterWrite(Duration.ofMinutes(1))
        .ticker(clockproTime::get)
        .build();

    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    List<String> failures = new CopyOnWriteArrayList<>();
    registry.config().onMeterRegistrationFailed((id, reason) -> failures.add(id.getName() + ": " + reason));
    CaffeineCacheMetrics.monitor(registry, caffeine, "caffeine");
    ClockProCacheMetrics.monitor(registry, clockpro, "clockpro");
    assertEquals(List.of(), failures, "registration conflicts, which Micrometer logs as warnings");

    run(caffeine::get, caffeine::getIfPresent, caffeine::cleanUp, caffeineTime);
    run(clockpro::get, clockpro::getIfPresent, clockpro::cleanUp, clockproTime);

    com.github.benmanes.caffeine.cache.stats.CacheStats expected = caffeine.stats();
    CacheStats actual = clockpro.stats();
    assertEquals(expected.hitCount(), actual.hitCount(), "hits");
    assertEquals(expected.missCount(), actual.missCount(), "misses");
    assertEquals(expected.loadSuccessCount(), actual.loadSuccessCount(), "load successes");
    assertEquals(expected.loadFailureCount(), actual.loadFailureCount(), "load failures");
    assertEquals(expected.evictionCount(), actual.evictionCount(), "evictions, expirations included");
    assertEquals(expected.evictionWeight(), actual.evictionWeight(), "eviction weight");
    assertEquals(2 * MAXIMUM + 1, actual.evictionCount(), "one for the joined load, the full cache expired, then "
        + "every load beyond the maximum");
    assertEquals(MAXIMUM, actual.expirationCount(), "the breakdown: the full cache, expired");
    assertEquals(0, actual.putCount());

    Scrape scrape = Scrape.parse(registry.scrape());
    for (String series : List.of("cache_gets_total", "cache_puts_total", "cache_evictions_total", "cache_size",
        "cache_load_total", "cache_eviction_weight_total")) {
      for (Map<String, String> labels : labelsOf(series)) {
        assertEquals(value(scrape, series, labels, "caffeine"), value(scrape, series, labels, "clockpro"),
            series + labels);
      }
    }
    assertEquals("gauge", scrape.types().get("cache_load_duration_seconds"));
    assertTrue(value(scrape, "cache_load_duration_seconds", Map.of(), "clockpro") >= 0);
    assertTrue(value(scrape, "cache_load_duration_seconds", Map.of(), "caffeine") >= 0);
    assertEquals(List.of(), failures, "registration conflicts, which Micrometer logs as warnings");
  }

  /**
   * Caffeine counts a miss for the caller that runs the loader and a hit for each caller that waited for that load
   * and got its value; so does clockpro.
   */
  @Test
  void shouldCountCallersThatJoinALoadAsHitsAsCaffeineDoes() throws Exception {
    Cache<Integer, Integer> caffeine = Caffeine.newBuilder().maximumSize(MAXIMUM).recordStats().build();
    ClockProCache<Integer, Integer> clockpro = ClockProCache.<Integer, Integer>builder().maximumSize(MAXIMUM).build();

    joinOneLoad(caffeine::get);
    joinOneLoad(clockpro::get);

    assertEquals(1, caffeine.stats().missCount());
    assertEquals(JOINERS, caffeine.stats().hitCount());
    assertEquals(caffeine.stats().missCount(), clockpro.stats().missCount());
    assertEquals(caffeine.stats().hitCount(), clockpro.stats().hitCount());
    assertEquals(caffeine.stats().loadSuccessCount(), clockpro.stats().loadSuccessCount());
  }

  /** A caller whose joined load failed counts a miss: it got no value. */
  @Test
  void shouldCountACallerWhoseJoinedLoadFailedAsAMiss() throws Exception {
    ClockProCache<Integer, Integer> clockpro = ClockProCache.<Integer, Integer>builder().maximumSize(MAXIMUM).build();
    CountDownLatch loading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Integer> loader = CompletableFuture.supplyAsync(() -> clockpro.get(1, key -> {
      loading.countDown();
      await(release);
      throw new IllegalStateException("failed load");
    }));
    loading.await();
    List<Throwable> joined = new CopyOnWriteArrayList<>();
    Thread joiner = new Thread(() -> {
      try {
        clockpro.get(1, key -> 2);
      } catch (IllegalStateException failure) {
        joined.add(failure);
      }
    });
    joiner.start();
    awaitBlocked(List.of(joiner));
    release.countDown();
    joiner.join();
    assertThrows(Exception.class, loader::join);
    assertEquals(1, joined.size(), "the joiner got the load's failure");
    assertEquals(0, clockpro.stats().hitCount());
    assertEquals(2, clockpro.stats().missCount());
  }

  /**
   * Loads below the maximum, reads them again, a lookup and two loads that find nothing, one load that three callers
   * join, the clock moved past every entry's lifetime, then more loads than the maximum holds, so that both caches
   * expire and evict the same numbers of entries whatever their policies keep.
   */
  private static void run(Lookup cache, Function<Integer, Integer> getIfPresent, Runnable cleanUp, AtomicLong time)
      throws Exception {
    for (int key = 0; key < MAXIMUM; key++) {
      cache.get(key, Function.identity());
    }
    for (int key = 0; key < MAXIMUM; key++) {
      cache.get(key, Function.identity());
    }
    getIfPresent.apply(-1);
    cache.get(-2, key -> null);
    assertThrows(IllegalStateException.class, () -> cache.get(-3, key -> {
      throw new IllegalStateException("no value for " + key);
    }));
    time.addAndGet(TimeUnit.SECONDS.toNanos(30));
    joinOneLoad(cache); // evicts one of the first entries
    time.addAndGet(TimeUnit.MINUTES.toNanos(2));
    cleanUp.run();
    for (int key = 1_000; key < 1_000 + 2 * MAXIMUM; key++) {
      cache.get(key, Function.identity());
    }
    cleanUp.run();
  }

  /** One caller loads a key; while its loader runs, {@link #JOINERS} more ask for the key and wait for that load. */
  private static void joinOneLoad(Lookup cache) throws Exception {
    CountDownLatch loading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread loader = new Thread(() -> cache.get(-4, key -> {
      loading.countDown();
      await(release);
      return 4;
    }));
    loader.start();
    loading.await();
    List<Thread> joiners = new ArrayList<>();
    List<Integer> results = new CopyOnWriteArrayList<>();
    for (int i = 0; i < JOINERS; i++) {
      Thread joiner = new Thread(() -> results.add(cache.get(-4, key -> -1)));
      joiners.add(joiner);
      joiner.start();
    }
    awaitBlocked(joiners);
    release.countDown();
    loader.join();
    for (Thread joiner : joiners) {
      joiner.join();
    }
    assertEquals(List.of(4, 4, 4), results, "every joiner got the loaded value");
  }

  /** Waits until every thread is blocked or waiting: in these tests, for the load in flight. */
  private static void awaitBlocked(List<Thread> threads) throws InterruptedException {
    for (Thread thread : threads) {
      while (thread.getState() != Thread.State.BLOCKED && thread.getState() != Thread.State.WAITING) {
        Thread.sleep(1);
      }
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(interrupted);
    }
  }

  private static List<Map<String, String>> labelsOf(String series) {
    return switch (series) {
      case "cache_gets_total" -> List.of(Map.of("result", "hit"), Map.of("result", "miss"));
      case "cache_load_total" -> List.of(Map.of("result", "success"), Map.of("result", "failure"));
      default -> List.of(Map.of());
    };
  }

  private static double value(Scrape scrape, String series, Map<String, String> labels, String cacheName) {
    Map<String, String> withName = new HashMap<>(labels);
    withName.put("cache", cacheName);
    return scrape.value(series, withName);
  }
}
