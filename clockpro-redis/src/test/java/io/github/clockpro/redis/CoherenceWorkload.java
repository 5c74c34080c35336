package io.github.clockpro.redis;

import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.support.caching.CacheFrontend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Several near caches, each read by two threads, and two writers on connections of their own, over a small set of
 * keys for the given time (and at least half of it after the midway action); then quiescence and a comparison of
 * every near cache entry with Redis.
 *
 * <p>Writers set a fresh value (80%), delete (10%) or set a value that expires within 80 ms (10%). Loops are
 * bounded by time and by a count. Quiescence: every thread has stopped, every expiry is due and each key has been
 * read once from Redis (which deletes the expired ones, and so invalidates them), then a {@code PING} on each
 * connection a near cache reads through returns: its reply comes after every invalidation Redis sent before it.
 * The same workload runs against one Redis and against a cluster.
 */
final class CoherenceWorkload {

  static final int KEYS = 200;
  private static final long OPERATIONS_PER_THREAD = 5_000_000;

  /**
   * One near cache under test: the frontend, what pings every connection it reads through, and a view of its
   * entries that counts nothing.
   */
  record NearCacheUnderTest(CacheFrontend<String, String> frontend, Runnable drain, Map<String, String> entries) {}

  /** A connection of a writer or of the checker: its commands, and itself, to close. */
  record Connected(RedisClusterCommands<String, String> commands, StatefulConnection<String, String> connection) {}

  /** What a run observed. Differences are the near cache entries whose value Redis no longer holds. */
  record Result(long reads, long writes, long failures, int entriesChecked, List<String> differences) {}

  private final Supplier<Connected> connector;
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();

  /** When the threads stop, by System.nanoTime(); written by the running test's thread, read by the workers. */
  private volatile long stopAt;

  /** A workload whose writers and checker open their connections with {@code connector}. */
  CoherenceWorkload(Supplier<Connected> connector) {
    this.connector = connector;
  }

  /** Against one Redis. */
  CoherenceWorkload(RedisUnderTest redis) {
    this(() -> {
      var connection = redis.connect();
      return new Connected(connection.sync(), connection);
    });
  }

  static String key(int index) {
    return "coherence:" + index;
  }

  /**
   * Runs the workload for {@code duration}, runs {@code midway} on this thread halfway through, and checks.
   */
  Result run(List<NearCacheUnderTest> nearCaches, Duration duration, Runnable midway) throws InterruptedException {
    long deadline = System.nanoTime() + duration.toNanos();
    stopAt = Long.MAX_VALUE;
    List<Thread> threads = new ArrayList<>();
    for (NearCacheUnderTest nearCache : nearCaches) {
      for (int reader = 0; reader < 2; reader++) {
        threads.add(new Thread(() -> read(nearCache.frontend()), "reader"));
      }
    }
    List<Connected> writerConnections = new ArrayList<>();
    for (int writer = 0; writer < 2; writer++) {
      Connected connected = connector.get();
      writerConnections.add(connected);
      String name = "w" + writer;
      threads.add(new Thread(() -> write(connected.commands(), name), "writer " + name));
    }
    threads.forEach(Thread::start);
    TimeUnit.NANOSECONDS.sleep(duration.toNanos() / 2);
    midway.run();
    // At least half the duration after the midway action, however long it took on a loaded machine.
    stopAt = Math.max(deadline, System.nanoTime() + duration.toNanos() / 2);
    for (Thread thread : threads) {
      thread.join(TimeUnit.NANOSECONDS.toMillis(duration.toNanos()) + 30_000);
      if (thread.isAlive()) {
        throw new AssertionError(thread.getName() + " did not stop");
      }
    }
    writerConnections.forEach(connected -> connected.connection().close());
    return check(nearCaches);
  }

  private void read(CacheFrontend<String, String> frontend) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (long i = 0; i < OPERATIONS_PER_THREAD && System.nanoTime() < stopAt; i++) {
      try {
        frontend.get(key(random.nextInt(KEYS)));
        reads.incrementAndGet();
      } catch (RedisException e) {
        failures.incrementAndGet(); // while the server restarts
      }
    }
  }

  private void write(RedisClusterCommands<String, String> commands, String name) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (long i = 0; i < OPERATIONS_PER_THREAD && System.nanoTime() < stopAt; i++) {
      String key = key(random.nextInt(KEYS));
      int choice = random.nextInt(10);
      try {
        if (choice == 0) {
          commands.del(key);
        } else if (choice == 1) {
          commands.set(key, name + ":" + i, SetArgs.Builder.px(1 + random.nextInt(80)));
        } else {
          commands.set(key, name + ":" + i);
        }
        writes.incrementAndGet();
      } catch (RedisException e) {
        failures.incrementAndGet(); // while the server restarts
      }
    }
  }

  private Result check(List<NearCacheUnderTest> nearCaches) throws InterruptedException {
    TimeUnit.MILLISECONDS.sleep(100); // every expiry set is due
    Map<String, String> inRedis = new HashMap<>();
    Connected checker = connector.get();
    try {
      for (int i = 0; i < KEYS; i++) {
        inRedis.put(key(i), checker.commands().get(key(i)));
      }
    } finally {
      checker.connection().close();
    }
    for (NearCacheUnderTest nearCache : nearCaches) {
      nearCache.drain().run();
    }
    List<String> differences = new ArrayList<>();
    int checked = 0;
    for (int n = 0; n < nearCaches.size(); n++) {
      for (Map.Entry<String, String> entry : nearCaches.get(n).entries().entrySet()) {
        checked++;
        String expected = inRedis.get(entry.getKey());
        if (!entry.getValue().equals(expected)) {
          differences.add("near cache " + n + ": " + entry.getKey() + " = " + entry.getValue() + ", Redis: "
              + expected);
        }
      }
    }
    return new Result(reads.get(), writes.get(), failures.get(), checked, differences);
  }
}
