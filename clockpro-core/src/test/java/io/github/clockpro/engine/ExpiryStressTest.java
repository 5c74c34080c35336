package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.RemovalCause;
import io.github.clockpro.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Expiry under concurrent operations, and the scheduler's prompt removal. */
class ExpiryStressTest {

  private static final long MILLISECOND = Duration.ofMillis(1).toNanos();

  @Test
  void shouldNotifyEveryValueExactlyOnceAndLoseNoLiveEntry() throws Exception {
    ManualTicker ticker = new ManualTicker(0);
    ConcurrentHashMap<Long, Integer> reported = new ConcurrentHashMap<>();
    AtomicLong nextValue = new AtomicLong();
    ConcurrentHashMap<Long, Boolean> stored = new ConcurrentHashMap<>();
    ClockProCache<Integer, Long> cache = ClockProCache.builder().maximumSize(400).scanLimit(16)
        .expireAfterAccess(Duration.ofMillis(40)).ticker(ticker)
        .removalListener((Integer key, Long value, RemovalCause cause) -> reported.merge(value, 1, Integer::sum))
        .build();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int thread = 0; thread < 3; thread++) {
      threads.add(new Thread(() -> {
        try {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          while (!stop.get()) {
            int key = random.nextInt(600);
            switch (random.nextInt(6)) {
              case 0, 1 -> {
                long value = nextValue.incrementAndGet();
                stored.put(value, true);
                cache.put(key, value);
              }
              case 2 -> cache.getIfPresent(key);
              case 3 -> {
                long value = nextValue.incrementAndGet();
                if (cache.asMap().putIfAbsent(key, value) == null) {
                  stored.put(value, true);
                }
              }
              case 4 -> cache.invalidate(key);
              default -> ticker.advance(random.nextLong(MILLISECOND));
            }
          }
        } catch (Throwable error) {
          failure.compareAndSet(null, error);
        }
      }));
    }
    threads.forEach(Thread::start);
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (System.nanoTime() < end) {
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
      Thread.sleep(50);
    }
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }
    assertNull(failure.get());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));

    // With time stopped, the last value put for each key is there to read, and cached values are distinct.
    for (int key = 0; key < 300; key++) {
      long value = nextValue.incrementAndGet();
      stored.put(value, true);
      cache.put(key, value);
      assertEquals(value, cache.getIfPresent(key), "key " + key);
    }
    ticker.advance(Duration.ofHours(1).toNanos());
    cache.cleanUp();
    assertEquals(0, cache.size());
    // Every value stored left exactly once: replaced, invalidated, evicted or expired.
    for (Long value : stored.keySet()) {
      assertEquals(1, reported.getOrDefault(value, 0), "value " + value);
    }
    assertEquals(stored.size(), reported.size());
    assertTrue(cache.stats().expirationCount() > 0);
  }

  @Test
  void shouldRemoveExpiredEntriesWhileIdleWithAScheduler() throws Exception {
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    try {
      CountDownLatch expired = new CountDownLatch(3);
      List<String> threads = new ArrayList<>();
      ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100)
          .expireAfterWrite(Duration.ofMillis(100)).scheduler(Scheduler.forScheduledExecutorService(executor))
          .removalListener((String key, String value, RemovalCause cause) -> {
            synchronized (threads) {
              threads.add(cause + " " + Thread.currentThread().getName());
            }
            expired.countDown();
          })
          .build();
      String testThread = Thread.currentThread().getName();
      cache.put("a", "1");
      cache.put("b", "2");
      cache.put("c", "3");
      assertTrue(expired.await(10, TimeUnit.SECONDS)); // the wheel's tick is about a second
      assertEquals(0, cache.size());
      synchronized (threads) {
        assertTrue(threads.stream().allMatch(entry -> entry.startsWith("EXPIRED ")
            && !entry.endsWith(" " + testThread)), threads.toString());
      }
      assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    } finally {
      executor.shutdownNow();
    }
  }
}
