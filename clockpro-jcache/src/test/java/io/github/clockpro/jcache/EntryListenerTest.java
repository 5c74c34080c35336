package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.FactoryBuilder;
import javax.cache.configuration.MutableCacheEntryListenerConfiguration;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.event.CacheEntryEvent;
import javax.cache.event.CacheEntryListenerException;
import javax.cache.event.CacheEntryRemovedListener;
import javax.cache.event.CacheEntryUpdatedListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The listener contract of EventDispatcher and docs/jcache.md, beyond what the TCK checks. */
class EntryListenerTest {

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("listener-test"), getClass().getClassLoader());

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void anAsynchronousListenerShouldSeeTheUpdatesInTheOrderOfTheOperations() throws InterruptedException {
    UpdateRecorder.values.clear();
    Cache<String, Integer> cache = manager.createCache("ordered", new MutableConfiguration<String, Integer>());
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(UpdateRecorder.class), null, false, false));

    List<Integer> expected = new ArrayList<>();
    cache.put("key", 0);
    for (int value = 1; value <= 200; value++) {
      cache.put("key", value);
      expected.add(value);
    }

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (UpdateRecorder.values.size() < expected.size() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(expected, UpdateRecorder.values);
  }

  @Test
  void aListenerWithoutOldValuesShouldSeeAnUpdateWithoutItsOldValue() {
    OldValueRecorder.oldValues.clear();
    Cache<String, Integer> cache = manager.createCache("old-values", new MutableConfiguration<String, Integer>());
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(OldValueRecorder.class), null, false, true));

    cache.put("key", 1);
    cache.put("key", 2);

    assertEquals(1, OldValueRecorder.oldValues.size());
    assertNull(OldValueRecorder.oldValues.get(0));
  }

  @Test
  void aSynchronousListenersFailureShouldReachTheCallerAfterEveryListenerRan() {
    RemovalRecorder.keys.clear();
    Cache<String, Integer> cache = manager.createCache("failing", new MutableConfiguration<String, Integer>());
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(FailingListener.class), null, false, true));
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(RemovalRecorder.class), null, false, true));
    cache.put("key", 1);

    assertThrows(CacheEntryListenerException.class, () -> cache.remove("key"));

    assertEquals(List.of("key"), RemovalRecorder.keys, "the second listener ran");
    assertFalse(cache.containsKey("key"), "the removal took effect");
  }

  @Test
  void clearShouldPublishNoEvents() {
    RemovalRecorder.keys.clear();
    Cache<String, Integer> cache = manager.createCache("cleared", new MutableConfiguration<String, Integer>());
    cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration<>(
        FactoryBuilder.factoryOf(RemovalRecorder.class), null, false, true));
    cache.put("key", 1);

    cache.clear();

    assertFalse(cache.iterator().hasNext());
    assertTrue(RemovalRecorder.keys.isEmpty());
  }

  /** Records updated values. */
  public static final class UpdateRecorder implements CacheEntryUpdatedListener<String, Integer> {
    static final List<Integer> values = new CopyOnWriteArrayList<>();

    @Override
    public void onUpdated(Iterable<CacheEntryEvent<? extends String, ? extends Integer>> events) {
      for (CacheEntryEvent<? extends String, ? extends Integer> event : events) {
        values.add(event.getValue());
      }
    }
  }

  /** Records the old value of each update. */
  public static final class OldValueRecorder implements CacheEntryUpdatedListener<String, Integer> {
    static final List<Integer> oldValues = new CopyOnWriteArrayList<>();

    @Override
    public void onUpdated(Iterable<CacheEntryEvent<? extends String, ? extends Integer>> events) {
      for (CacheEntryEvent<? extends String, ? extends Integer> event : events) {
        assertFalse(event.isOldValueAvailable());
        oldValues.add(event.getOldValue());
      }
    }
  }

  /** Records removed keys. */
  public static final class RemovalRecorder implements CacheEntryRemovedListener<String, Integer> {
    static final List<String> keys = new CopyOnWriteArrayList<>();

    @Override
    public void onRemoved(Iterable<CacheEntryEvent<? extends String, ? extends Integer>> events) {
      for (CacheEntryEvent<? extends String, ? extends Integer> event : events) {
        keys.add(event.getKey());
      }
    }
  }

  /** Throws on every removal. */
  public static final class FailingListener implements CacheEntryRemovedListener<String, Integer> {
    @Override
    public void onRemoved(Iterable<CacheEntryEvent<? extends String, ? extends Integer>> events) {
      throw new IllegalStateException("this listener always fails");
    }
  }
}
