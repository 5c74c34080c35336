package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.RemovalCause;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Hostile uses of the public API: misbehaving serializers and listeners, races, closes and damaged files. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HostileUserTest {

  @TempDir Path directory;

  /** A serializer of byte arrays whose misbehaviour the test switches on. */
  static final class Hostile implements Serializer<byte[]> {
    volatile int extraBytes;
    volatile boolean throwOnWrite;
    volatile boolean throwOnRead;

    @Override
    public int serializedSize(byte[] object) {
      return object.length;
    }

    @Override
    public void serialize(byte[] object, ByteBuffer target) {
      if (throwOnWrite) {
        throw new IllegalArgumentException("write");
      }
      target.put(object, 0, Math.max(0, Math.min(object.length, object.length + extraBytes)));
      for (int index = 0; index < extraBytes; index++) {
        target.put((byte) 7);
      }
    }

    @Override
    public byte[] deserialize(ByteBuffer source) {
      if (throwOnRead) {
        throw new IllegalArgumentException("read");
      }
      byte[] bytes = new byte[source.remaining()];
      source.get(bytes);
      return bytes;
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void shouldLeaveNoDamageWhenSerializersLieOrThrow() {
    Hostile values = new Hostile();
    try (OffHeapCache<String, byte[]> cache = OffHeapCache.builder(Serializer.string(), values)
        .maximumBytes(1 << 16).build()) {
      cache.put("a", bytes("one"));
      values.extraBytes = 2;
      assertThrows(RuntimeException.class, () -> cache.put("a", bytes("two")));
      values.extraBytes = -2;
      assertThrows(RuntimeException.class, () -> cache.put("a", bytes("two")));
      values.extraBytes = 0;
      values.throwOnWrite = true;
      assertThrows(IllegalArgumentException.class, () -> cache.put("a", bytes("two")));
      assertThrows(IllegalArgumentException.class, () -> cache.asMap().compute("a", (k, v) -> bytes("x")));
      assertThrows(IllegalArgumentException.class, () -> cache.asMap().putIfAbsent("b", bytes("x")));
      values.throwOnWrite = false;
      values.throwOnRead = true;
      assertThrows(IllegalArgumentException.class, () -> cache.getIfPresent("a"));
      assertThrows(IllegalArgumentException.class, () -> cache.asMap().compute("a", (k, v) -> bytes("x")));
      values.throwOnRead = false;
      assertArrayEquals(bytes("one"), cache.getIfPresent("a"));
      assertEquals(1, cache.size());
      cache.put("b", bytes("bee"));
      assertEquals(2, cache.asMap().size());
    }
  }

  @Test
  void shouldStoreOrRefuseValuesOfEveryEdgeSize() {
    long maximum = OffHeapCacheBuilder.MINIMUM_BYTES;
    try (OffHeapCache<byte[], byte[]> cache = OffHeapCache.builder(Serializer.bytes(), Serializer.bytes())
        .maximumBytes(maximum).build()) {
      cache.put(new byte[0], new byte[0]);
      assertArrayEquals(new byte[0], cache.getIfPresent(new byte[0]));
      for (int size : new int[] {(int) maximum / 2 - 32, (int) maximum / 2 - 15, (int) maximum / 2 - 14,
          (int) maximum / 2, (int) maximum - 15, (int) maximum, (int) maximum + 1, 10 * (int) maximum}) {
        byte[] key = {(byte) size, (byte) (size >> 8)};
        byte[] value = new byte[size];
        Arrays.fill(value, (byte) 3);
        try {
          cache.put(key, value);
        } catch (IllegalArgumentException refused) {
          // refusal is allowed
        }
        byte[] read = cache.getIfPresent(key);
        if (read != null) {
          assertArrayEquals(value, read, "size " + size);
        }
        assertTrue(cache.policy().weightedSize().orElse(0) <= maximum);
        assertTrue(cache.size() >= 0);
      }
      cache.put(bytes("k"), bytes("v"));
      assertArrayEquals(bytes("v"), cache.getIfPresent(bytes("k")));
    }
  }

  @Test
  void shouldRejectMaximumsOutOfRange() {
    for (long maximum : new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, OffHeapCacheBuilder.MINIMUM_BYTES - 1}) {
      assertThrows(IllegalArgumentException.class,
          () -> OffHeapCache.builder(Serializer.bytes(), Serializer.bytes()).maximumBytes(maximum));
    }
  }

  /** Keys whose serialized bytes share long prefixes, and all hash into few buckets by sharing a 1-byte key space. */
  @Test
  void shouldKeepKeysThatArePrefixesOfEachOtherApart() {
    try (OffHeapCache<byte[], byte[]> cache = OffHeapCache.builder(Serializer.bytes(), Serializer.bytes())
        .maximumBytes(1 << 20).build()) {
      List<byte[]> keys = new ArrayList<>();
      for (int length = 0; length < 200; length++) {
        keys.add(new byte[length]);
      }
      for (byte[] key : keys) {
        cache.put(key, ByteBuffer.allocate(4).putInt(key.length).array());
      }
      for (byte[] key : keys) {
        byte[] value = cache.getIfPresent(key);
        if (value != null) {
          assertEquals(key.length, ByteBuffer.wrap(value).getInt());
        }
      }
      cache.invalidate(new byte[100]);
      assertNull(cache.getIfPresent(new byte[100]));
      byte[] other = cache.getIfPresent(new byte[101]);
      if (other != null) {
        assertEquals(101, ByteBuffer.wrap(other).getInt());
      }
    }
  }

  private static byte[] checksummed(long key, long version, int length) {
    ByteBuffer buffer = ByteBuffer.allocate(Math.max(24, length));
    buffer.putLong(key).putLong(version);
    Random random = new Random(key * 31 + version);
    while (buffer.position() < buffer.capacity() - 8) {
      buffer.put((byte) random.nextInt());
    }
    long sum = java.util.Arrays.hashCode(java.util.Arrays.copyOf(buffer.array(), buffer.capacity() - 8));
    buffer.putLong(sum);
    return buffer.array();
  }

  private static void verify(long key, byte[] value) {
    ByteBuffer buffer = ByteBuffer.wrap(value);
    assertEquals(key, buffer.getLong(), "key in value");
    long sum = java.util.Arrays.hashCode(java.util.Arrays.copyOf(value, value.length - 8));
    assertEquals(sum, buffer.getLong(value.length - 8), "torn value");
  }

  @Test
  void shouldNeverTearValuesUnderRacingWritesExpiryAndClose() throws Exception {
    AtomicLong time = new AtomicLong();
    OffHeapCache<Long, byte[]> cache = OffHeapCache.builder(Serializer.longs(), Serializer.bytes())
        .maximumBytes(64 * 1024).expireAfterWrite(Duration.ofNanos(5_000)).ticker(time::get)
        .removalListener((k, v, cause) -> {
          if (v != null) {
            verify(k, v);
          }
        }).build();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch started = new CountDownLatch(4);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int id = t;
      threads.add(new Thread(() -> {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        started.countDown();
        long version = 0;
        try {
          while (!stop.get()) {
            long key = random.nextInt(32);
            int op = random.nextInt(10);
            if (op < 3) {
              cache.put(key, checksummed(key, version++, 24 + random.nextInt(3000)));
            } else if (op == 3) {
              cache.asMap().compute(key, (k, v) -> {
                if (v != null) {
                  verify(k, v);
                }
                return random.nextBoolean() ? null : checksummed(k, id, 24 + random.nextInt(500));
              });
            } else if (op == 4) {
              cache.invalidate(key);
            } else if (op == 5) {
              time.addAndGet(random.nextInt(2000));
            } else if (op == 6) {
              for (Map.Entry<Long, byte[]> entry : cache.asMap().entrySet()) {
                verify(entry.getKey(), entry.getValue());
              }
            } else {
              byte[] value = cache.getIfPresent(key);
              if (value != null) {
                verify(key, value);
              }
            }
            long weighted = cache.policy().weightedSize().orElse(0);
            if (weighted > 64 * 1024 || weighted < 0 || cache.size() < 0) {
              throw new AssertionError("weighted " + weighted + " size " + cache.size());
            }
          }
        } catch (IllegalStateException closed) {
          if (!"the cache is closed".equals(closed.getMessage()) && !stop.get()) {
            failure.compareAndSet(null, closed);
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }));
    }
    threads.forEach(Thread::start);
    started.await();
    Thread.sleep(2000);
    cache.close();
    cache.close();
    for (Thread thread : threads) {
      thread.join(60_000);
    }
    stop.set(true);
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    assertThrows(IllegalStateException.class, () -> cache.getIfPresent(1L));
    assertThrows(IllegalStateException.class, () -> cache.put(1L, new byte[24]));
    assertThrows(IllegalStateException.class, () -> cache.asMap().containsKey(1L));
    assertThrows(IllegalStateException.class, () -> cache.asMap().compute(1L, (k, v) -> new byte[24]));
    assertThrows(IllegalStateException.class, () -> cache.asMap().entrySet().iterator().hasNext());
    assertThrows(IllegalStateException.class, () -> cache.invalidateAll());
    assertThrows(IllegalStateException.class, () -> cache.get(1L, k -> new byte[24]));
  }

  @Test
  void shouldSurviveAListenerThatThrowsOrReenters() {
    AtomicReference<OffHeapCache<Long, Long>> self = new AtomicReference<>();
    List<RemovalCause> causes = new ArrayList<>();
    OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(4096).removalListener((k, v, cause) -> {
          causes.add(cause);
          if (k % 2 == 0 && k < 1_000_000) {
            self.get().put(k + 1_000_000, v);
            self.get().invalidate(k + 1);
            throw new RuntimeException("listener");
          }
        }).build();
    self.set(cache);
    for (long key = 0; key < 400; key++) {
      cache.put(key, key);
      Long value = cache.getIfPresent(key);
      if (value != null) {
        assertEquals(key, value);
      }
    }
    assertTrue(cache.size() > 0);
    assertTrue(cache.policy().weightedSize().getAsLong() <= 4096);
    cache.close();
  }

  @Test
  void shouldNeverServeACorruptValueFromDamagedFiles() throws Exception {
    Random random = new Random(42);
    for (int round = 0; round < 6; round++) {
      Path dir = directory.resolve("round" + round);
      try (OffHeapCache<Long, byte[]> cache = OffHeapCache.builder(Serializer.longs(), Serializer.bytes())
          .maximumBytes(2 << 20).persistTo(dir).build()) {
        for (long key = 0; key < 500; key++) {
          cache.put(key, checksummed(key, 0, 100 + (int) key));
        }
      }
      List<Path> files;
      try (Stream<Path> list = Files.list(dir)) {
        files = list.filter(p -> !p.getFileName().toString().equals("cache.lock")).toList();
      }
      for (Path file : files) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
          if (round == 0) {
            raf.setLength(raf.length() / 2);
          } else if (round == 1) {
            raf.setLength(0);
          } else {
            for (int flip = 0; flip < 200 * round; flip++) {
              long position = round == 2 ? random.nextInt(64) : (long) (random.nextDouble() * raf.length());
              raf.seek(position);
              int b = raf.read();
              raf.seek(position);
              raf.write(b ^ (1 << random.nextInt(8)));
            }
          }
        }
      }
      try (OffHeapCache<Long, byte[]> cache = OffHeapCache.builder(Serializer.longs(), Serializer.bytes())
          .maximumBytes(2 << 20).persistTo(dir).build()) {
        for (long key = 0; key < 500; key++) {
          byte[] value = cache.getIfPresent(key);
          if (value != null) {
            verify(key, value);
          }
        }
        for (Map.Entry<Long, byte[]> entry : cache.asMap().entrySet()) {
          verify(entry.getKey(), entry.getValue());
        }
        cache.put(1L, checksummed(1, 1, 50));
        verify(1L, cache.getIfPresent(1L));
      } catch (IllegalStateException clear) {
        // documented: a corrupt header gives a clear exception
      }
    }
  }

  @Test
  void shouldRefuseOrServeWhenReopenedWithOtherSettings() {
    Path dir = directory.resolve("reopen");
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 20).persistTo(dir).build()) {
      cache.put(1L, 2L);
    }
    assertThrows(IllegalStateException.class, () -> OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(2 << 20).persistTo(dir).build());
    try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(1 << 20).persistTo(dir).build()) {
      cache.getIfPresent(1L);
    }
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 20).persistTo(dir).build()) {
      assertEquals(2L, cache.getIfPresent(1L));
      assertThrows(IllegalStateException.class, () -> OffHeapCache.builder(Serializer.longs(), Serializer.longs())
          .maximumBytes(1 << 20).persistTo(dir).build());
    }
  }

  @Test
  void shouldFailClearlyOnAReadOnlyDirectory() throws Exception {
    Path dir = directory.resolve("readonly");
    Files.createDirectories(dir);
    dir.toFile().setWritable(false);
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(dir), "root may write a read-only directory");
    try {
      RuntimeException thrown = assertThrows(RuntimeException.class,
          () -> OffHeapCache.builder(Serializer.longs(), Serializer.longs()).maximumBytes(1 << 20).persistTo(dir)
              .build());
      assertTrue(thrown instanceof java.io.UncheckedIOException || thrown instanceof IllegalStateException,
          thrown.toString());
    } finally {
      dir.toFile().setWritable(true);
    }
  }

  @Test
  void shouldSurviveAnExpiryThatThrowsOrOverflows() {
    AtomicLong time = new AtomicLong(Long.MAX_VALUE - 1_000);
    AtomicLong mode = new AtomicLong();
    io.github.clockpro.Expiry<Long, Long> expiry = new io.github.clockpro.Expiry<>() {
      @Override
      public long expireAfterCreate(Long key, Long value, long currentTime) {
        return pick(key);
      }

      @Override
      public long expireAfterUpdate(Long key, Long value, long currentTime, long currentDuration) {
        return pick(key);
      }

      @Override
      public long expireAfterRead(Long key, Long value, long currentTime, long currentDuration) {
        return pick(key);
      }

      private long pick(long key) {
        if (mode.get() == 1 && key % 3 == 0) {
          throw new IllegalStateException("expiry");
        }
        return key % 3 == 1 ? Long.MAX_VALUE : key % 3 == 2 ? -5 : 0;
      }
    };
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 16).expireAfter(expiry).ticker(time::get).build()) {
      for (long key = 0; key < 300; key++) {
        cache.put(key, key);
        Long value = cache.getIfPresent(key);
        if (value != null) {
          assertEquals(key, value);
        }
        time.addAndGet(400);
      }
      mode.set(1);
      for (long key = 0; key < 300; key++) {
        long k = key;
        try {
          cache.put(k, k + 1);
        } catch (IllegalStateException thrown) {
          assertEquals("expiry", thrown.getMessage());
        }
        try {
          Long value = cache.getIfPresent(k);
          if (value != null) {
            assertTrue(value == k || value == k + 1);
          }
        } catch (IllegalStateException thrown) {
          assertEquals("expiry", thrown.getMessage());
        }
      }
      mode.set(0);
      cache.cleanUp();
      assertTrue(cache.size() >= 0);
      assertTrue(cache.policy().weightedSize().getAsLong() >= 0);
      cache.put(1L, 1L);
      assertEquals(1L, cache.getIfPresent(1L));
    }
  }

  @Test
  void shouldSurviveHostileBulkWritesAndLoaders() {
    Hostile values = new Hostile();
    try (OffHeapCache<String, byte[]> cache = OffHeapCache.builder(Serializer.string(), values)
        .maximumBytes(1 << 16).build()) {
      Map<String, byte[]> batch = new java.util.LinkedHashMap<>();
      batch.put("a", bytes("1"));
      batch.put("b", bytes("2"));
      values.throwOnWrite = true;
      assertThrows(IllegalArgumentException.class, () -> cache.putAll(batch));
      values.throwOnWrite = false;
      Map<String, byte[]> loaded = cache.getAll(List.of("x", "y"), keys -> {
        Map<String, byte[]> result = new java.util.HashMap<>();
        result.put("x", bytes("ex"));
        result.put("extra", bytes("more"));
        return result;
      });
      assertArrayEquals(bytes("ex"), loaded.get("x"));
      assertTrue(!loaded.containsKey("y"));
      assertThrows(StackOverflowError.class, () -> cache.get("z", k -> {
        throw new StackOverflowError("loader");
      }));
      assertNull(cache.get("z", k -> null));
      assertArrayEquals(bytes("zed"), cache.get("z", k -> bytes("zed")));
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldCloseFromInsideACallbackWithoutDeadlock() {
    AtomicReference<OffHeapCache<Long, Long>> self = new AtomicReference<>();
    OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 16).removalListener((k, v, cause) -> self.get().close()).build();
    self.set(cache);
    cache.put(1L, 1L);
    try {
      cache.asMap().compute(1L, (k, v) -> {
        cache.close();
        return 2L;
      });
    } catch (IllegalStateException closed) {
      // a write that finds the cache closed refuses
    }
    assertThrows(IllegalStateException.class, () -> cache.getIfPresent(1L));
    OffHeapCache<Long, Long> second = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 16).build();
    try {
      second.get(1L, k -> {
        second.close();
        return 3L;
      });
    } catch (IllegalStateException closed) {
      // a load that finds the cache closed refuses
    }
    assertThrows(IllegalStateException.class, () -> second.getIfPresent(1L));
  }

  @Test
  void shouldRefuseAtBuildFilesTheDiskHasNoRoomFor() {
    java.io.UncheckedIOException refused = assertThrows(java.io.UncheckedIOException.class,
        () -> SegmentedCache.requireSpace(directory, 8 << 20, 1 << 20));
    assertTrue(refused.getMessage().contains("usable bytes"), refused.getMessage());
    SegmentedCache.requireSpace(directory, 1 << 20, 1 << 20);
    try (OffHeapCache<Long, Long> cache = OffHeapCache.builder(Serializer.longs(), Serializer.longs())
        .maximumBytes(1 << 20).persistTo(directory.resolve("room")).build()) {
      cache.put(1L, 1L);
      assertEquals(1L, cache.getIfPresent(1L));
    }
  }
}
