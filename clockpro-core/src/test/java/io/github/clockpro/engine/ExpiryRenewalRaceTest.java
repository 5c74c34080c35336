package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Expiry;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A read's renewal of an entry's lifetime against an update that lands while the read computes it: with a lifetime
 * that depends on the value, the update's lifetime must stand, as in Caffeine.
 */
class ExpiryRenewalRaceTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  private static final long HOUR = 3_600 * SECOND;

  private final ManualTicker ticker = new ManualTicker(0);
  private final AtomicBoolean holdNextRead = new AtomicBoolean();
  private final CountDownLatch reading = new CountDownLatch(1);
  private final CountDownLatch updated = new CountDownLatch(1);

  /** "short" lives 2 s, anything else an hour, after every create, update and read. */
  private long lifetime(String value) {
    return value.equals("short") ? 2 * SECOND : HOUR;
  }

  /** The read's lifetime, computed from the value it read; the held read waits for the update first. */
  private long lifetimeOnRead(String value) {
    if (holdNextRead.getAndSet(false)) {
      reading.countDown();
      try {
        updated.await();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    return lifetime(value);
  }

  @Test
  void shouldKeepTheLifetimeOfAnUpdateMadeWhileAReadRenewedTheEntry() throws Exception {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100).ticker(ticker)
        .<String, String>expireAfter(new Expiry<>() {
          @Override
          public long expireAfterCreate(String key, String value, long currentTime) {
            return lifetime(value);
          }

          @Override
          public long expireAfterUpdate(String key, String value, long currentTime, long currentDuration) {
            return lifetime(value);
          }

          @Override
          public long expireAfterRead(String key, String value, long currentTime, long currentDuration) {
            return lifetimeOnRead(value);
          }
        }).build();
    race(() -> cache.getIfPresent("key"), () -> cache.put("key", "short"), () -> cache.put("key", "long"));
    ticker.advance(3 * SECOND);
    assertEquals("long", cache.getIfPresent("key"), "the update's lifetime of an hour stands");
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldKeepTheLifetimeOfAnUpdateMadeWhileAReadRenewedTheEntryInCaffeine() throws Exception {
    Cache<String, String> peer = Caffeine.newBuilder().maximumSize(100).ticker(ticker::read).executor(Runnable::run)
        .expireAfter(new com.github.benmanes.caffeine.cache.Expiry<String, String>() {
          @Override
          public long expireAfterCreate(String key, String value, long currentTime) {
            return lifetime(value);
          }

          @Override
          public long expireAfterUpdate(String key, String value, long currentTime, long currentDuration) {
            return lifetime(value);
          }

          @Override
          public long expireAfterRead(String key, String value, long currentTime, long currentDuration) {
            return lifetimeOnRead(value);
          }
        }).build();
    race(() -> peer.getIfPresent("key"), () -> peer.put("key", "short"), () -> peer.put("key", "long"));
    ticker.advance(3 * SECOND);
    assertEquals("long", peer.getIfPresent("key"), "Caffeine");
  }

  /** Writes the short-lived value, then runs a read that is held while the update runs on this thread. */
  private void race(Runnable read, Runnable create, Runnable update) throws Exception {
    create.run();
    ticker.advance(SECOND); // so that the read's renewal, now plus 2 s, differs from the deadline it read
    holdNextRead.set(true);
    Thread reader = new Thread(read, "reader");
    reader.setDaemon(true);
    reader.start();
    reading.await();
    update.run();
    updated.countDown();
    reader.join(TimeUnit.SECONDS.toMillis(10));
  }
}
