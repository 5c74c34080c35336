package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.CaffeineSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The settings clockpro takes from Caffeine, run side by side with Caffeine itself: the same calls on both caches, and
 * the same reads and notifications. Where the policies differ (which entry a full cache evicts), the test looks only
 * at what both promise.
 */
class CaffeineSideBySideTest {

  private final AtomicLong time = new AtomicLong(5_000);

  /** One cache of each library behind the calls the tests make. */
  private record Pair(ClockProCache<String, String> clockPro, Cache<String, String> caffeine) {
    void put(String key, String value) {
      clockPro.put(key, value);
      caffeine.put(key, value);
    }

    void assertRead(String key, String because) {
      assertEquals(caffeine.getIfPresent(key), clockPro.getIfPresent(key), key + ": " + because);
    }
  }

  @Test
  void shouldKeepNothingAtAMaximumSizeOfZero() {
    List<String> clockProEvictions = new ArrayList<>();
    List<String> caffeineEvictions = new ArrayList<>();
    Pair pair = new Pair(
        ClockProCache.builder().maximumSize(0).evictionListener(recorder(clockProEvictions)).build(),
        Caffeine.newBuilder().maximumSize(0).executor(Runnable::run)
            .<String, String>evictionListener((key, value, cause) -> caffeineEvictions.add(key + " " + cause))
            .build());
    pair.put("a", "1");
    pair.put("b", "2");
    pair.caffeine().cleanUp();
    pair.assertRead("a", "nothing kept");
    assertEquals(pair.caffeine().estimatedSize(), pair.clockPro().size());
    assertEquals(caffeineEvictions, clockProEvictions);
  }

  @Test
  void shouldExpireByWriteAndAccessTogetherAsCaffeineDoes() {
    List<String> clockProRemovals = new ArrayList<>();
    List<String> caffeineRemovals = new ArrayList<>();
    Pair pair = new Pair(
        ClockProCache.builder().expireAfterWrite(100, TimeUnit.NANOSECONDS)
            .expireAfterAccess(30, TimeUnit.NANOSECONDS).ticker(time::get)
            .removalListener(recorder(clockProRemovals)).build(),
        Caffeine.newBuilder().expireAfterWrite(100, TimeUnit.NANOSECONDS)
            .expireAfterAccess(30, TimeUnit.NANOSECONDS).ticker(time::get).executor(Runnable::run)
            .<String, String>removalListener((key, value, cause) -> caffeineRemovals.add(key + " " + cause))
            .build());
    pair.put("read", "r");
    pair.put("idle", "i");
    for (long step = 0; step <= 120; step += 20) {
      time.set(5_000 + step);
      pair.assertRead("read", "at " + step);
      if (step == 60) {
        pair.put("late", "l");
      }
      pair.assertRead("late", "at " + step);
    }
    pair.assertRead("idle", "idle");
    pair.caffeine().cleanUp();
    pair.clockPro().cleanUp();
    assertEquals(caffeineRemovals.stream().sorted().toList(), clockProRemovals.stream().sorted().toList());
  }

  @Test
  void shouldParseCaffeinesSpecificationsToTheSameSettings() {
    for (String specification : List.of("maximumSize=100,expireAfterWrite=10m",
        "initialCapacity=5,maximumSize=7,expireAfterAccess=30s,recordStats",
        "maximumSize=9,expireAfterWrite=1h,expireAfterAccess=2d", "maximumWeight=1000")) {
      CaffeineSpec caffeine = CaffeineSpec.parse(specification);
      Caffeine<Object, Object> caffeineBuilder = Caffeine.from(caffeine);
      CacheBuilder<Object, Object> clockProBuilder = CacheBuilder.from(specification);
      if (specification.startsWith("maximumWeight")) {
        caffeineBuilder.weigher((key, value) -> 1);
        clockProBuilder.weigher((key, value) -> 1);
      }
      Cache<Object, Object> caffeineCache = caffeineBuilder.build();
      Policy<Object, Object> clockPro = clockProBuilder.build().policy();
      var eviction = caffeineCache.policy().eviction().orElseThrow();
      assertEquals(eviction.getMaximum(), clockPro.maximum(), specification);
      assertEquals(eviction.isWeighted(), clockPro.isWeighted(), specification);
      assertEquals(caffeineCache.policy().expireAfterWrite().map(fixed -> fixed.getExpiresAfter(TimeUnit.NANOSECONDS))
          .orElse(-1L), clockPro.expiresAfterWrite().orElse(-1L), specification);
      assertEquals(caffeineCache.policy().expireAfterAccess()
          .map(fixed -> fixed.getExpiresAfter(TimeUnit.NANOSECONDS)).orElse(-1L),
          clockPro.expiresAfterAccess().orElse(-1L), specification);
    }
  }

  private static RemovalListener<String, String> recorder(List<String> removals) {
    BiConsumer<String, RemovalCause> record = (key, cause) -> removals.add(key + " " + cause);
    return (key, value, cause) -> record.accept(key, cause);
  }
}
