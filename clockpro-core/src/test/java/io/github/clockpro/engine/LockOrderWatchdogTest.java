package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.Expiry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The lock order (docs/design.md, "Lock order") under load: threads that read, write, compute with plain reads
 * inside the function, load, invalidate and expire the same few keys of a tiny cache, with a ticker that jumps
 * ahead, while a watchdog fails the test as soon as a worker has been blocked or waiting on a lock, or has made no
 * progress at all, for {@link #STUCK_NANOS}, printing every thread's stack. Bounded: {@link #RUN_NANOS} of work.
 */
class LockOrderWatchdogTest {

  private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(6);
  private static final long STUCK_NANOS = TimeUnit.SECONDS.toNanos(4);
  private static final long MILLISECOND = TimeUnit.MILLISECONDS.toNanos(1);
  private static final int KEYS = 6;

  private final ManualTicker ticker = new ManualTicker(0);
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();

  @Test
  void shouldNeverLeaveAThreadWaitingOnALockForSeconds() throws Exception {
    Expiry<Integer, Integer> expiry = new Expiry<>() {
      @Override
      public long expireAfterCreate(Integer key, Integer value, long currentTime) {
        return (1 + (value & 7)) * MILLISECOND;
      }

      @Override
      public long expireAfterUpdate(Integer key, Integer value, long currentTime, long currentDuration) {
        return (1 + (value & 3)) * MILLISECOND;
      }

      @Override
      public long expireAfterRead(Integer key, Integer value, long currentTime, long currentDuration) {
        return (value & 1) == 0 ? currentDuration : 2 * MILLISECOND;
      }
    };
    ClockProCache<Integer, Integer> cache = ClockProCache.builder().maximumSize(2).scanLimit(2).ticker(ticker)
        .<Integer, Integer>expireAfter(expiry).build();
    List<Consumer<ThreadLocalRandom>> roles = List.of(
        random -> { // reads
          cache.getIfPresent(random.nextInt(KEYS));
          cache.asMap().get(random.nextInt(KEYS));
          cache.asMap().containsKey(random.nextInt(KEYS));
        },
        random -> { // writes
          int key = random.nextInt(KEYS);
          switch (random.nextInt(4)) {
            case 0 -> cache.put(key, random.nextInt(100));
            case 1 -> cache.asMap().replace(key, random.nextInt(100));
            case 2 -> cache.asMap().putIfAbsent(key, random.nextInt(100));
            default -> cache.asMap().remove(key, random.nextInt(4));
          }
        },
        random -> computeReading(cache, random), // computes whose functions read
        random -> computeReading(cache, random),
        random -> { // loads
          if (random.nextBoolean()) {
            cache.get(random.nextInt(KEYS), key -> key + random.nextInt(100));
          } else {
            cache.getAll(List.of(random.nextInt(KEYS), random.nextInt(KEYS)), keys -> {
              Map<Integer, Integer> loaded = new HashMap<>();
              keys.forEach(key -> loaded.put(key, key));
              return loaded;
            });
          }
        },
        random -> { // invalidations
          if (random.nextInt(16) == 0) {
            cache.invalidateAll();
          } else {
            cache.invalidate(random.nextInt(KEYS));
          }
        },
        random -> { // time and expiry
          ticker.advance(random.nextLong(3 * MILLISECOND));
          if (random.nextInt(8) == 0) {
            cache.cleanUp();
          }
        });
    AtomicLongArray progress = new AtomicLongArray(roles.size());
    List<Thread> workers = new ArrayList<>();
    for (int index = 0; index < roles.size(); index++) {
      int role = index;
      Thread worker = new Thread(() -> {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        try {
          while (!stop.get()) {
            roles.get(role).accept(random);
            progress.incrementAndGet(role);
          }
        } catch (Throwable error) {
          failure.compareAndSet(null, error);
        }
      }, "worker-" + role);
      worker.setDaemon(true); // a worker stuck for good must not keep the JVM alive
      workers.add(worker);
    }
    workers.forEach(Thread::start);
    String stuck = watch(workers, progress);
    stop.set(true);
    for (Thread worker : workers) {
      worker.join(TimeUnit.SECONDS.toMillis(5));
    }
    assertNull(stuck, stuck);
    assertNull(failure.get(), () -> "a worker failed: " + failure.get());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }

  /** A compute of one key whose function reads others, as ConcurrentHashMap and Caffeine allow. */
  private static void computeReading(ClockProCache<Integer, Integer> cache, ThreadLocalRandom random) {
    int key = random.nextInt(KEYS);
    switch (random.nextInt(3)) {
      case 0 -> cache.asMap().compute(key, (k, value) -> {
        cache.getIfPresent(random.nextInt(KEYS));
        cache.asMap().get(random.nextInt(KEYS));
        return random.nextInt(8) == 0 ? null : random.nextInt(100);
      });
      case 1 -> cache.asMap().computeIfPresent(key, (k, value) -> {
        cache.getIfPresent(random.nextInt(KEYS));
        return value + 1;
      });
      default -> cache.asMap().merge(key, 1, (old, given) -> {
        cache.asMap().get(random.nextInt(KEYS));
        return old + given;
      });
    }
  }

  /**
   * Watches the workers for {@link #RUN_NANOS}; returns a report with every stack as soon as one has been blocked
   * or waiting on a lock, or has made no progress, for {@link #STUCK_NANOS}, or {@code null} if none was.
   */
  private String watch(List<Thread> workers, AtomicLongArray progress) throws InterruptedException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long start = System.nanoTime();
    long[] lastProgress = new long[workers.size()];
    long[] progressSince = new long[workers.size()];
    long[] waitingSince = new long[workers.size()];
    java.util.Arrays.fill(progressSince, start);
    while (System.nanoTime() - start < RUN_NANOS && failure.get() == null) {
      Thread.sleep(100);
      long now = System.nanoTime();
      for (int index = 0; index < workers.size(); index++) {
        ThreadInfo info = threads.getThreadInfo(workers.get(index).getId());
        boolean onLock = info != null && info.getLockInfo() != null
            && (info.getThreadState() == Thread.State.BLOCKED || info.getThreadState() == Thread.State.WAITING
                || info.getThreadState() == Thread.State.TIMED_WAITING);
        long done = progress.get(index);
        boolean progressed = done != lastProgress[index];
        if (progressed) {
          lastProgress[index] = done;
          progressSince[index] = now;
        }
        // A worker seen on a contended lock at every sample while it completes operations is not stuck.
        waitingSince[index] = !onLock || progressed ? 0 : waitingSince[index] == 0 ? now : waitingSince[index];
        boolean waitedTooLong = waitingSince[index] != 0 && now - waitingSince[index] > STUCK_NANOS;
        if (waitedTooLong || now - progressSince[index] > STUCK_NANOS) {
          return "worker-" + index + (waitedTooLong ? " waited on a lock" : " made no progress") + " for over "
              + TimeUnit.NANOSECONDS.toSeconds(STUCK_NANOS) + " s\n" + allStacks(threads);
        }
      }
    }
    return null;
  }

  private static String allStacks(ThreadMXBean threads) {
    StringBuilder report = new StringBuilder();
    for (ThreadInfo info : threads.dumpAllThreads(true, true)) {
      report.append(info.getThreadName()).append(' ').append(info.getThreadState());
      if (info.getLockInfo() != null) {
        report.append(" on ").append(info.getLockInfo()).append(" held by ").append(info.getLockOwnerName());
      }
      report.append('\n');
      for (StackTraceElement frame : info.getStackTrace()) {
        report.append("    at ").append(frame).append('\n');
      }
    }
    return report.toString();
  }
}
