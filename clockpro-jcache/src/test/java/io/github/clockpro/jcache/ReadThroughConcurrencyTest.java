package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.configuration.FactoryBuilder;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.integration.CacheLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadThroughConcurrencyTest {

  private static final int THREADS = 8;

  private final CacheManager manager = new ClockProCachingProvider()
      .getCacheManager(URI.create("read-through-test"), getClass().getClassLoader());

  @AfterEach
  void closeManager() {
    manager.close();
  }

  @Test
  void shouldLoadAKeyOnceWhileConcurrentReadersWaitForIt() throws Exception {
    BlockingLoader.reset();
    Cache<String, String> cache = manager.createCache("loaded", new MutableConfiguration<String, String>()
        .setReadThrough(true)
        .setCacheLoaderFactory(FactoryBuilder.factoryOf(BlockingLoader.class)));
    ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        results.add(threads.submit(() -> {
          BlockingLoader.readers.add(Thread.currentThread());
          start.await();
          return cache.get("key");
        }));
      }
      start.countDown();
      for (Future<String> result : results) {
        assertEquals("value of key", result.get(30, TimeUnit.SECONDS));
      }
    } finally {
      threads.shutdownNow();
    }

    assertEquals(1, BlockingLoader.loads.get(), "loads of the key");
    assertTrue(BlockingLoader.othersWaited, "every other reader was waiting while the load ran");
  }

  /**
   * Holds its load until every other reader is blocked or waiting: so the readers cannot have found the value
   * already stored, and a second load would have to start while the first is in flight.
   */
  public static final class BlockingLoader implements CacheLoader<String, String> {
    static final Set<Thread> readers = ConcurrentHashMap.newKeySet();
    static final AtomicInteger loads = new AtomicInteger();
    static volatile boolean othersWaited;

    static void reset() {
      readers.clear();
      loads.set(0);
      othersWaited = false;
    }

    @Override
    public String load(String key) {
      loads.incrementAndGet();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (System.nanoTime() < deadline) {
        if (readers.size() == THREADS && readers.stream()
            .filter(reader -> reader != Thread.currentThread())
            .allMatch(reader -> reader.getState() == Thread.State.WAITING
                || reader.getState() == Thread.State.TIMED_WAITING
                || reader.getState() == Thread.State.BLOCKED)) {
          othersWaited = true;
          break;
        }
        Thread.onSpinWait();
      }
      return "value of " + key;
    }

    @Override
    public Map<String, String> loadAll(Iterable<? extends String> keys) {
      throw new UnsupportedOperationException("not used by this test");
    }
  }
}
