package io.github.clockpro.engine;

import io.github.clockpro.RemovalCause;
import io.github.clockpro.ClockProCache;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RemovalListenerTest {

  private final List<String> removals = new ArrayList<>();

  @Test
  void shouldNotifyEachRemovalExactlyOnceWithItsCause() {
    ClockProCache<Integer, String> cache = ClockProCache.builder().maximumSize(10)
        .removalListener((Integer key, String value, RemovalCause cause) -> removals.add(key + "=" + value + ":" + cause))
        .build();
    cache.put(1, "a");
    cache.put(1, "b");
    cache.invalidate(1);
    cache.invalidate(1);
    assertEquals(List.of("1=a:REPLACED", "1=b:EXPLICIT"), removals);
    removals.clear();
    for (int key = 0; key < 30; key++) {
      cache.put(key, "v" + key);
    }
    assertEquals(20, removals.size());
    assertTrue(removals.stream().allMatch(removal -> removal.endsWith(":SIZE")));
    assertEquals(20, cache.stats().evictionCount());
    removals.clear();
    cache.invalidateAll();
    assertEquals(10, removals.size());
    assertEquals(0, cache.size());
  }

  @Test
  void shouldSurviveAThrowingListenerWithoutLosingEntries() {
    Map<Integer, Integer> notified = new HashMap<>();
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(50)
        .removalListener((Integer key, Integer value, RemovalCause cause) -> {
          notified.merge(key, 1, Integer::sum);
          throw new IllegalStateException("listener failure " + key);
        })
        .build();
    for (int key = 0; key < 200; key++) {
      cache.put(key, key);
      cache.put(key, key + 1);
    }
    cache.invalidate(199);
    assertEquals(49, cache.size());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
    for (Integer key : cache.asMap().keySet()) {
      assertEquals(key + 1, cache.getIfPresent(key));
    }
    assertTrue(notified.values().stream().allMatch(count -> count >= 1 && count <= 2), notified.toString());
  }

  @Test
  void shouldRunTheListenerOutsideEveryCacheLock() throws Exception {
    List<Boolean> otherThreadCouldWrite = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.concurrent.atomic.AtomicBoolean probed = new java.util.concurrent.atomic.AtomicBoolean();
    @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type is made raw
    ClockProCache<Integer, Integer>[] holder = new ClockProCache[1];
    holder[0] = ClockProCache.builder().maximumSize(2)
        .removalListener((Integer key, Integer value, RemovalCause cause) -> {
          if (!probed.compareAndSet(false, true)) {
            return; // probe once: the write below evicts too
          }
          FutureTask<Void> write = new FutureTask<>(() -> holder[0].put(1000 + key, key), null);
          new Thread(write, "writer-during-listener").start();
          try {
            write.get(5, TimeUnit.SECONDS);
            otherThreadCouldWrite.add(true);
          } catch (Exception e) {
            otherThreadCouldWrite.add(false);
          }
        })
        .build();
    holder[0].put(1, 1);
    holder[0].put(2, 2);
    holder[0].put(3, 3);
    assertTrue(!otherThreadCouldWrite.isEmpty() && otherThreadCouldWrite.stream().allMatch(ok -> ok),
        otherThreadCouldWrite.toString());
  }

}
