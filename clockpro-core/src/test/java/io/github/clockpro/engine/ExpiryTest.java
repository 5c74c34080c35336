package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.Test;

/** Expiry after write, after access and per entry, with a ticker moved by hand. */
class ExpiryTest {

  private static final long MINUTE = Duration.ofMinutes(1).toNanos();
  private static final long HOUR = Duration.ofHours(1).toNanos();

  private final ManualTicker ticker = new ManualTicker(-5 * HOUR); // anywhere, as System.nanoTime() may be
  private final List<String> removals = new ArrayList<>();

  private ClockProCache<String, String> afterWrite(long maximumSize) {
    return ClockProCache.builder().maximumSize(maximumSize).expireAfterWrite(Duration.ofMinutes(5)).ticker(ticker)
        .removalListener((String key, String value, RemovalCause cause) -> removals.add(key + "=" + value + ":" + cause))
        .build();
  }

  private static void assertInvariants(ClockProCache<?, ?> cache) {
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  @Test
  void shouldExpireAcrossTheTickersWraparound() {
    ManualTicker wrapping = new ManualTicker(Long.MAX_VALUE - 3 * HOUR);
    List<String> expired = new ArrayList<>();
    List<Long> createdAt = new ArrayList<>();
    Expiry<String, String> oneMinute = (key, value, currentTime) -> {
      createdAt.add(currentTime); // the ticker's own time, not the cache's
      return MINUTE;
    };
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100)
        .expireAfter(oneMinute)
        .ticker(wrapping)
        .removalListener((String key, String value, RemovalCause cause) -> expired.add(key + ":" + cause))
        .build();
    cache.put("a", "1");
    assertEquals(List.of(Long.MAX_VALUE - 3 * HOUR), createdAt);
    wrapping.advance(6 * HOUR); // past Long.MAX_VALUE: the readings wrap to negative values
    cache.cleanUp();
    assertEquals(List.of("a:EXPIRED"), expired);
    assertEquals(0, cache.size());
    cache.put("b", "2");
    assertEquals("2", cache.getIfPresent("b"));
    assertInvariants(cache);
  }

  @Test
  void shouldCountExpiredEntriesAndTheirWeightAsEvictionsAsCaffeineDoes() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumWeight(100)
        .weigher((String key, String value) -> value.length())
        .expireAfterWrite(Duration.ofMinutes(5)).ticker(ticker).build();
    cache.put("a", "123");
    cache.put("b", "1234567");
    ticker.advance(5 * MINUTE);
    cache.cleanUp();
    assertEquals(2, cache.stats().expirationCount());
    assertEquals(2, cache.stats().evictionCount());
    assertEquals(10, cache.stats().evictionWeight());
    assertEquals(0.0, cache.stats().averageScanPerEviction(), "no eviction for size yet");
    assertInvariants(cache);
  }

  @Test
  void shouldReturnNoExpiredValueFromAnyMethodOrView() {
    ClockProCache<String, String> cache = afterWrite(100);
    cache.put("a", "1");
    cache.put("b", "2");
    ticker.advance(5 * MINUTE - 1);
    assertEquals("1", cache.getIfPresent("a"));
    assertTrue(cache.asMap().containsKey("a"));
    ticker.advance(1); // the deadline: a read at it misses
    ConcurrentMap<String, String> map = cache.asMap();
    assertFalse(map.containsKey("b"));
    assertFalse(map.containsValue("2"));
    assertFalse(map.entrySet().contains(Map.entry("b", "2")));
    assertFalse(map.keySet().iterator().hasNext());
    assertFalse(map.values().iterator().hasNext());
    assertFalse(map.entrySet().iterator().hasNext());
    assertEquals(Map.of(), cache.getAllPresent(List.of("a", "b")));
    assertEquals(List.of("a=1:EXPIRED", "b=2:EXPIRED"), removals); // getAllPresent's reads removed them
    assertNull(cache.getIfPresent("a"));
    assertNull(map.get("b"));
    assertEquals("new", cache.get("a", key -> "new"));
    assertNull(cache.asMap().replace("b", "x"));
    assertNull(cache.asMap().remove("b"));
    assertEquals(1, cache.size());
    assertEquals(2, cache.stats().expirationCount());
    assertEquals(2, cache.stats().evictionCount(), "the expirations alone: none for size");
    assertInvariants(cache);
  }

  @Test
  void shouldReportAnExpiredEntryOnceAsExpiredWhenAWriteReplacesIt() {
    ClockProCache<String, String> cache = afterWrite(100);
    cache.put("a", "1");
    cache.put("b", "2");
    ticker.advance(10 * MINUTE);
    cache.put("a", "3"); // a new entry, not an update of the expired one
    assertEquals(List.of("a=1:EXPIRED", "b=2:EXPIRED"), removals);
    assertEquals("3", cache.getIfPresent("a"));
    assertNull(cache.asMap().putIfAbsent("b", "4"));
    cache.invalidate("a");
    assertEquals(List.of("a=1:EXPIRED", "b=2:EXPIRED", "a=3:EXPLICIT"), removals);
    assertEquals(1, cache.size());
    assertInvariants(cache);
  }

  @Test
  void shouldRenewOnWritesAfterWriteAndNotOnReads() {
    ClockProCache<String, String> cache = afterWrite(100);
    cache.put("a", "1");
    ticker.advance(4 * MINUTE);
    assertEquals("1", cache.getIfPresent("a"));
    cache.put("b", "2");
    ticker.advance(MINUTE);
    assertNull(cache.getIfPresent("a"));
    ticker.advance(3 * MINUTE);
    cache.put("b", "3"); // renewed: five minutes from now
    ticker.advance(4 * MINUTE);
    assertEquals("3", cache.getIfPresent("b"));
    assertInvariants(cache);
  }

  @Test
  void shouldRenewOnReadsAfterAccess() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100)
        .expireAfterAccess(Duration.ofMinutes(5)).ticker(ticker).build();
    cache.put("a", "1");
    cache.put("b", "2");
    for (int minute = 0; minute < 20; minute++) {
      ticker.advance(4 * MINUTE);
      assertEquals("1", cache.getIfPresent("a"), "minute " + minute);
      cache.cleanUp();
      assertInvariants(cache);
    }
    assertNull(cache.getIfPresent("b"));
    assertTrue(cache.asMap().containsKey("a"));
    ticker.advance(4 * MINUTE);
    assertTrue(cache.asMap().containsKey("a")); // a view's lookup does not renew
    ticker.advance(MINUTE);
    assertFalse(cache.asMap().containsKey("a"));
    cache.cleanUp();
    assertEquals(0, cache.size());
    assertEquals(2, cache.stats().expirationCount());
    assertInvariants(cache);
  }

  @Test
  void shouldRenewOnReadOnlyWhenTheDeadlineMovesByMoreThanASixtyFourthOfTheLifetime() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100)
        .expireAfterAccess(Duration.ofMinutes(64)).ticker(ticker).build(); // a tolerance of one minute
    cache.put("kept short", "1");
    cache.put("renewed", "2");
    cache.put("rewritten", "3");
    ticker.advance(MINUTE); // a read now would move each deadline by exactly the tolerance
    assertEquals("1", cache.getIfPresent("kept short"));
    cache.put("rewritten", "4"); // a write renews in full, whatever the tolerance
    ticker.advance(1);
    assertEquals("2", cache.getIfPresent("renewed")); // one nanosecond more: renewed
    ticker.advance(63 * MINUTE - 1); // 64 minutes since the put, 63 since the last read of "kept short"
    assertNull(cache.getIfPresent("kept short"), "expired 63/64 of its lifetime after its last read");
    assertEquals("2", cache.getIfPresent("renewed"));
    assertEquals("4", cache.getIfPresent("rewritten"));
    assertInvariants(cache);
  }

  @Test
  void shouldAskThePerEntryExpiryOnCreateUpdateAndRead() {
    Expiry<String, Integer> expiry = new Expiry<>() {
      @Override
      public long expireAfterCreate(String key, Integer value, long currentTime) {
        return value * MINUTE;
      }

      @Override
      public long expireAfterUpdate(String key, Integer value, long currentTime, long currentDuration) {
        return currentDuration + value * MINUTE;
      }

      @Override
      public long expireAfterRead(String key, Integer value, long currentTime, long currentDuration) {
        return key.startsWith("renew") ? 10 * MINUTE : currentDuration;
      }
    };
    ClockProCache<String, Integer> cache = ClockProCache.builder().maximumSize(100).expireAfter(expiry)
        .ticker(ticker).build();
    cache.put("one", 1);
    cache.put("two", 2);
    cache.put("renew", 1);
    cache.put("updated", 1);
    cache.put("updated", 2); // one minute left, plus two
    ticker.advance(MINUTE - 1);
    assertEquals(1, cache.getIfPresent("renew")); // ten minutes from now
    ticker.advance(1);
    assertNull(cache.getIfPresent("one"));
    assertEquals(2, cache.getIfPresent("two"));
    ticker.advance(MINUTE);
    assertNull(cache.getIfPresent("two"));
    assertEquals(2, cache.getIfPresent("updated"));
    ticker.advance(MINUTE);
    assertNull(cache.getIfPresent("updated"));
    ticker.advance(8 * MINUTE - 2);
    assertEquals(1, cache.getIfPresent("renew"));
    cache.cleanUp();
    assertEquals(1, cache.size());
    assertEquals(3, cache.stats().expirationCount());
    assertEquals(7, cache.get("loaded", key -> 7));
    ticker.advance(7 * MINUTE);
    assertNull(cache.getIfPresent("loaded"));
    assertInvariants(cache);
  }

  @Test
  void shouldOfferCaffeinesFactories() {
    ClockProCache<String, Long> creating = ClockProCache.builder().maximumSize(10)
        .expireAfter(Expiry.creating((String key, Long value) -> Duration.ofMinutes(value))).ticker(ticker).build();
    creating.put("a", 2L);
    ticker.advance(MINUTE);
    creating.put("a", 5L); // keeps the lifetime from its creation
    ticker.advance(MINUTE);
    assertNull(creating.getIfPresent("a"));

    ClockProCache<String, Long> writing = ClockProCache.builder().maximumSize(10)
        .expireAfter(Expiry.writing((String key, Long value) -> Duration.ofMinutes(value))).ticker(ticker).build();
    writing.put("a", 2L);
    ticker.advance(MINUTE);
    writing.put("a", 2L);
    ticker.advance(MINUTE);
    assertEquals(2L, writing.getIfPresent("a"));
    ticker.advance(MINUTE);
    assertNull(writing.getIfPresent("a"));

    ClockProCache<String, Long> accessing = ClockProCache.builder().maximumSize(10)
        .expireAfter(Expiry.accessing((String key, Long value) -> Duration.ofMinutes(value))).ticker(ticker).build();
    accessing.put("a", 2L);
    ticker.advance(MINUTE);
    assertEquals(2L, accessing.getIfPresent("a"));
    ticker.advance(MINUTE);
    assertEquals(2L, accessing.getIfPresent("a"));
    ticker.advance(2 * MINUTE);
    assertNull(accessing.getIfPresent("a"));
    assertInvariants(accessing);
  }

  @Test
  void shouldSaturateLongLifetimes() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .expireAfterWrite(Duration.ofSeconds(Long.MAX_VALUE)).ticker(ticker).build();
    cache.put("a", "1");
    ticker.advance(Long.MAX_VALUE >> 2);
    assertEquals("1", cache.getIfPresent("a"));
    cache.cleanUp();
    assertEquals(1, cache.size());
    assertInvariants(cache);
  }

  /**
   * A loaded entry is scheduled while its load is in flight, as a placeholder; once it has a value and its deadline
   * has passed, {@code cleanUp()} removes it, as it removes a put's, even when the deadline is less than one tick
   * of the timer wheel after the load, with a fixed lifetime or an {@link Expiry}.
   */
  @Test
  void shouldRemoveAnExpiredLoadedEntryOnCleanUp() {
    long lifetime = Duration.ofMillis(300).toNanos();
    Expiry<String, String> expiry = (key, value, currentTime) -> lifetime;
    List<ClockProCache<String, String>> caches = List.of(
        ClockProCache.builder().maximumSize(100).expireAfterWrite(Duration.ofNanos(lifetime)).ticker(ticker)
            .removalListener((String key, String value, RemovalCause cause) -> removals.add(key + ":" + cause))
            .build(),
        ClockProCache.builder().maximumSize(100).expireAfterWrite(Duration.ZERO).ticker(ticker)
            .removalListener((String key, String value, RemovalCause cause) -> removals.add(key + ":" + cause))
            .build(),
        ClockProCache.builder().maximumSize(100).expireAfter(expiry).ticker(ticker)
            .removalListener((String key, String value, RemovalCause cause) -> removals.add(key + ":" + cause))
            .build());
    for (ClockProCache<String, String> cache : caches) {
      removals.clear();
      assertEquals("1", cache.get("a", key -> "1"));
      assertEquals("2", cache.asMap().computeIfAbsent("b", key -> "2"));
      assertEquals(Map.of("c", "3"), cache.getAll(List.of("c"), keys -> Map.of("c", "3")));
      ticker.advance(2 * lifetime);
      cache.cleanUp();
      assertEquals(List.of("a:EXPIRED", "b:EXPIRED", "c:EXPIRED"), removals.stream().sorted().toList());
      assertEquals(0, cache.size());
      assertInvariants(cache);
    }
  }

  /**
   * {@code getAllPresent} reads a key given twice once: one hit, one {@code expireAfterRead}, as in Caffeine. (Read
   * twice, an {@code Expiry} that shortens a lifetime on each read shortened it twice.)
   */
  @Test
  void shouldReadADuplicateKeyOnceInGetAllPresent() {
    List<Long> reads = new ArrayList<>();
    Expiry<String, String> expiry = new Expiry<>() {
      @Override
      public long expireAfterCreate(String key, String value, long currentTime) {
        return MINUTE;
      }

      @Override
      public long expireAfterRead(String key, String value, long currentTime, long currentDuration) {
        reads.add(currentDuration);
        return currentDuration / 2;
      }
    };
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100).expireAfter(expiry).ticker(ticker)
        .build();
    cache.put("a", "1");
    assertEquals(Map.of("a", "1"), cache.getAllPresent(List.of("a", "b", "a", "b")));
    assertEquals(List.of(MINUTE), reads);
    assertEquals(1, cache.stats().hitCount());
    assertEquals(1, cache.stats().missCount());
  }

  @Test
  void shouldExpireAtOnceWithAZeroLifetime() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10)
        .expireAfterWrite(Duration.ZERO).ticker(ticker).build();
    cache.put("a", "1");
    assertNull(cache.getIfPresent("a"));
    assertEquals(0, cache.size());
    assertEquals(1, cache.stats().expirationCount());
    assertInvariants(cache);
  }

  @Test
  void shouldExpireByTheWheelAcrossJumpsOfHoursAndDays() {
    Expiry<String, Long> byValue = Expiry.creating((String key, Long value) -> Duration.ofNanos(value));
    List<String> expired = new ArrayList<>();
    ClockProCache<String, Long> cache = ClockProCache.builder().maximumSize(1_000).expireAfter(byValue)
        .ticker(ticker).removalListener((String key, Long value, RemovalCause cause) -> expired.add(key)).build();
    long[] lifetimes = {MINUTE, 30 * MINUTE, 2 * HOUR, 30 * HOUR, 4 * 24 * HOUR, 40 * 24 * HOUR};
    for (long lifetime : lifetimes) {
      for (int copy = 0; copy < 10; copy++) {
        cache.put(lifetime + "/" + copy, lifetime);
      }
    }
    long start = ticker.read();
    int live = lifetimes.length * 10;
    int fillers = 0;
    for (long lifetime : lifetimes) {
      ticker.set(start + lifetime); // a jump to the deadline
      cache.put("filler" + lifetime, Long.MAX_VALUE); // never expires
      fillers++;
      cache.cleanUp();
      live -= 10;
      assertEquals(live + fillers, cache.size(), "after " + lifetime);
      assertNull(cache.getIfPresent(lifetime + "/0"));
      assertInvariants(cache);
    }
    assertEquals(lifetimes.length * 10, expired.size());
    assertEquals(lifetimes.length * 10, expired.stream().distinct().count());
  }

  @Test
  void shouldKeepExpiredEntriesExpiredWhenTheTickerGoesBack() {
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(10_000)
        .expireAfterWrite(Duration.ofMinutes(5)).scanLimit(8).ticker(ticker)
        .removalListener((Integer key, Integer value, RemovalCause cause) -> removals.add(key + ":" + cause))
        .build();
    long start = ticker.read();
    for (int key = 0; key < 1_000; key++) {
      cache.put(key, key);
    }
    ticker.advance(10 * MINUTE);
    cache.put(-1, -1); // expires at most 8 of the thousand
    assertTrue(removals.size() <= 8, removals.toString());
    ticker.set(start); // back before every deadline
    for (int key = 0; key < 1_000; key++) {
      assertNull(cache.getIfPresent(key), "key " + key);
    }
    cache.put(-2, -2);
    assertInvariants(cache);
    ticker.set(start - HOUR);
    cache.cleanUp();
    assertEquals(1_000, removals.size());
    assertEquals(1_000, removals.stream().distinct().count());
    assertEquals(2, cache.size());
    ticker.advance(HOUR + 14 * MINUTE); // still before the cache's time: nothing moves
    assertEquals(-2, cache.getIfPresent(-2));
    ticker.advance(2 * MINUTE); // now past -1's deadline and -2's
    assertNull(cache.getIfPresent(-1));
    assertNull(cache.getIfPresent(-2));
    assertInvariants(cache);
  }

  @Test
  void shouldNotLetTheTimeGoBackPastACleanUp() {
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(100)
        .expireAfterWrite(Duration.ofMinutes(1)).ticker(ticker).build();
    long start = ticker.read();
    cache.put("a", "1");
    ticker.advance(MINUTE / 2);
    cache.cleanUp(); // nothing expires, yet the cache's time is now start + 30 s, whatever the ticker reads next
    ticker.set(start - HOUR);
    cache.put("b", "2"); // written at start + 30 s: expires at start + 90 s
    assertEquals("1", cache.getIfPresent("a"));
    ticker.set(start + MINUTE + MINUTE / 3); // start + 80 s
    assertNull(cache.getIfPresent("a"));
    assertEquals("2", cache.getIfPresent("b"));
    ticker.set(start + MINUTE + MINUTE / 2); // start + 90 s: b's deadline
    assertNull(cache.getIfPresent("b"));
    ticker.set(start - HOUR); // found expired: stays expired
    assertNull(cache.getIfPresent("b"));
    assertInvariants(cache);
  }

  @Test
  void shouldChangeNothingWhenTheExpiryThrows() {
    Expiry<String, String> picky = new Expiry<>() {
      @Override
      public long expireAfterCreate(String key, String value, long currentTime) {
        if (value.equals("bad")) {
          throw new IllegalArgumentException("create " + key);
        }
        return MINUTE;
      }

      @Override
      public long expireAfterUpdate(String key, String value, long currentTime, long currentDuration) {
        if (value.equals("bad")) {
          throw new IllegalArgumentException("update " + key);
        }
        return currentDuration;
      }

      @Override
      public long expireAfterRead(String key, String value, long currentTime, long currentDuration) {
        if (key.equals("unreadable")) {
          throw new IllegalArgumentException("read " + key);
        }
        return currentDuration;
      }
    };
    ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(10).expireAfter(picky).ticker(ticker)
        .build();
    assertThrows(IllegalArgumentException.class, () -> cache.put("a", "bad"));
    assertFalse(cache.asMap().containsKey("a"));
    cache.put("a", "good");
    assertThrows(IllegalArgumentException.class, () -> cache.put("a", "bad"));
    assertThrows(IllegalArgumentException.class, () -> cache.asMap().replace("a", "bad"));
    assertEquals("good", cache.getIfPresent("a"));
    assertThrows(IllegalArgumentException.class, () -> cache.get("b", key -> "bad"));
    assertFalse(cache.asMap().containsKey("b"));
    assertEquals("fine", cache.get("b", key -> "fine"));
    cache.put("unreadable", "x");
    assertThrows(IllegalArgumentException.class, () -> cache.getIfPresent("unreadable"));
    assertTrue(cache.asMap().containsKey("unreadable"));
    assertInvariants(cache); // takes the eviction lock: none is held
    ticker.advance(MINUTE);
    cache.cleanUp();
    assertEquals(0, cache.size());
    assertInvariants(cache);
  }

  @Test
  void shouldEvictNoLiveEntryWhileExpiredOnesMakeRoom() {
    ClockProCache<String, String> cache = afterWrite(10);
    for (int key = 0; key < 10; key++) {
      cache.put("old" + key, "v");
    }
    ticker.advance(6 * MINUTE); // the wheel finds entries once the time has left their deadline's tick
    for (int key = 0; key < 10; key++) {
      cache.put("new" + key, "v");
    }
    assertEquals(10, cache.stats().evictionCount(), "the expirations alone: none for size");
    assertEquals(10, cache.stats().expirationCount());
    assertTrue(removals.stream().allMatch(removal -> removal.endsWith(":EXPIRED")));
    assertEquals(10, cache.size());
    assertEquals(0, cache.policy().historySize()); // expired pages leave no history record
    assertInvariants(cache);
  }

  @Test
  void shouldShowTheExpirySettingsInThePolicy() {
    ClockProCache<String, String> cache = afterWrite(10);
    assertEquals(5 * MINUTE, cache.policy().expiresAfterWrite().getAsLong());
    assertTrue(cache.policy().expiresAfterAccess().isEmpty());
    assertFalse(cache.policy().expiresVariably());
    ClockProCache<Object, Object> plain = ClockProCache.builder().maximumSize(10).build();
    assertTrue(plain.policy().expiresAfterWrite().isEmpty());
    plain.cleanUp();
  }
}
