package io.github.clockpro.spring.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.clockpro.spring.ClockProCacheSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cache.Cache;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/** A user who races, clears, stores nulls and plants hostile entries in Redis: the two-level cache holds. */
class HostileCacheUserTest {

  private static final Duration GENEROUS = Duration.ofSeconds(60);

  private static final List<String> ALLOWED = List.of("io.github.clockpro.spring.redis.Book");

  private static EmbeddedRedis redis;

  @BeforeAll
  static void startRedis() {
    redis = EmbeddedRedis.start();
  }

  @AfterAll
  static void stopRedis() throws IOException {
    if (redis != null) {
      redis.close();
    }
  }

  private static ClockProRedisCacheManager manager(RedisSerializer<Object> serializer, Duration timeToLive,
      boolean allowNullValues) {
    ClockProRedisCacheManager manager = new ClockProRedisCacheManager(redis.client(),
        ClockProCacheSpec.parse("maximumSize=100"), serializer, timeToLive, allowNullValues);
    manager.afterPropertiesSet();
    return manager;
  }

  @Test
  void shouldRejectJsonNamingAnArrayOfAClassNotAllowed() {
    ClockProRedisCacheManager manager = manager(ClockProRedisSerializers.json(ALLOWED), null, true);
    try {
      Cache books = manager.getCache("json-arrays");
      redis.setBytes("json-arrays::url", "[\"[Ljava.net.URL;\",[\"http://127.0.0.1:1/\"]]"
          .getBytes(StandardCharsets.UTF_8));
      redis.setBytes("json-arrays::plain-url", "[\"java.net.URL\",\"http://127.0.0.1:1/\"]"
          .getBytes(StandardCharsets.UTF_8));
      redis.setBytes("json-arrays::gadget", ("[\"[Lio.github.clockpro.spring.redis.Gadget;\","
          + "[{\"command\":\"rm -rf /\"}]]").getBytes(StandardCharsets.UTF_8));
      int before = Gadget.INSTANCES.get();

      assertThatThrownBy(() -> books.get("url")).isInstanceOf(SerializationException.class);
      assertThatThrownBy(() -> books.get("plain-url")).isInstanceOf(SerializationException.class);
      assertThatThrownBy(() -> books.get("gadget")).isInstanceOf(SerializationException.class);
      assertThat(Gadget.INSTANCES.get()).as("no gadget was made from Redis's content").isEqualTo(before);
    } finally {
      manager.destroy();
    }
  }

  @Test
  void shouldRejectAJavaSerializedArrayOfAClassNotAllowed() throws IOException {
    ClockProRedisCacheManager manager = manager(
        ClockProRedisSerializers.java(ALLOWED, getClass().getClassLoader()), null, true);
    try {
      Cache books = manager.getCache("java-arrays");
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream output = new ObjectOutputStream(bytes)) {
        output.writeObject(new Object[] {new Book(1, "Allowed"), new Gadget[] {new Gadget()}});
      }
      redis.setBytes("java-arrays::1", bytes.toByteArray());
      int before = Gadget.INSTANCES.get();

      assertThatThrownBy(() -> books.get(1)).isInstanceOf(SerializationException.class)
          .hasMessageContaining("REJECTED");
      assertThat(Gadget.INSTANCES.get()).as("no gadget was made from Redis's content").isEqualTo(before);
    } finally {
      manager.destroy();
    }
  }

  @Test
  void shouldClearOnlyItsOwnEntriesWhateverTheCacheName() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      ClockProRedisCacheManager manager = manager(ClockProRedisSerializers.json(ALLOWED), null, true);
      try {
        Cache globbing = manager.getCache("b?[a-z]\\");
        Cache bystander = manager.getCache("bx]\\");
        Cache other = manager.getCache("bxa\\");
        bystander.put(1, "kept");
        other.put(1, "kept too");
        globbing.put(1, "cleared");

        globbing.clear();

        assertThat(globbing.get(1)).isNull();
        assertThat(bystander.get(1)).isNotNull().extracting(Cache.ValueWrapper::get).isEqualTo("kept");
        assertThat(other.get(1)).isNotNull().extracting(Cache.ValueWrapper::get).isEqualTo("kept too");
      } finally {
        manager.destroy();
      }
    });
  }

  @Test
  void shouldLoadOnceForConcurrentSynchronizedCallers() {
    assertTimeoutPreemptively(GENEROUS, () -> {
      ClockProRedisCacheManager manager = manager(ClockProRedisSerializers.json(ALLOWED), null, true);
      ExecutorService callers = Executors.newFixedThreadPool(8);
      try {
        Cache books = manager.getCache("sync-books");
        AtomicInteger loads = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Book>> results = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          results.add(callers.submit(() -> {
            start.await();
            return books.get(7L, () -> {
              loads.incrementAndGet();
              Thread.sleep(100);
              return new Book(7, "Once");
            });
          }));
        }
        start.countDown();
        for (Future<Book> result : results) {
          assertThat(result.get()).isEqualTo(new Book(7, "Once"));
        }
        assertThat(loads.get()).isEqualTo(1);

        // A loader that fails leaves no lock behind: the next caller loads.
        assertThatThrownBy(() -> books.get(8L, () -> {
          throw new IllegalStateException("boom");
        })).isInstanceOf(Cache.ValueRetrievalException.class);
        assertThat(books.get(8L, () -> new Book(8, "After"))).isEqualTo(new Book(8, "After"));
      } finally {
        callers.shutdownNow();
        manager.destroy();
      }
    });
  }

  @Test
  void shouldTreatNullsAsRedisCacheManagerDoes() {
    ClockProRedisCacheManager allowing = manager(ClockProRedisSerializers.json(ALLOWED), null, true);
    ClockProRedisCacheManager expiring = manager(ClockProRedisSerializers.json(ALLOWED), Duration.ofMillis(200),
        true);
    ClockProRedisCacheManager refusing = manager(ClockProRedisSerializers.json(ALLOWED), null, false);
    try {
      Cache nullable = allowing.getCache("nullable");
      nullable.put("absent", null);
      assertThat(nullable.get("absent")).isNotNull().extracting(Cache.ValueWrapper::get).isNull();
      assertThat(nullable.get("absent", () -> "loaded")).isNull();
      Cache shortLived = expiring.getCache("short-lived");
      shortLived.put("absent", null);
      shortLived.put("present", "1");
      EmbeddedRedis.await("the entries' time to live",
          () -> shortLived.get("absent") == null && shortLived.get("present") == null);

      Cache strict = refusing.getCache("strict");
      assertThatThrownBy(() -> strict.put("absent", null)).isInstanceOf(IllegalArgumentException.class);
      assertThat(strict.get("absent")).isNull();
      assertThatThrownBy(() -> strict.get("absent", () -> null)).isInstanceOf(IllegalArgumentException.class);
      assertThat(strict.get("absent", () -> "loaded")).isEqualTo("loaded");

      nullable.evict("never-there");
      nullable.put("a", "1");
      nullable.put("b", "2");
      nullable.clear();
      assertThat(nullable.get("a")).isNull();
      assertThat(nullable.get("b")).isNull();
    } finally {
      allowing.destroy();
      expiring.destroy();
      refusing.destroy();
    }
  }
}
