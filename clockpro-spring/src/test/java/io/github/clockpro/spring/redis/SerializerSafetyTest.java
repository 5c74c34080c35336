package io.github.clockpro.spring.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.clockpro.spring.ClockProCacheSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cache.Cache;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Whoever can write to Redis cannot make the application instantiate a class it did not allow: a hostile entry
 * written into Redis by the test (a serialized object of a class not allowed) makes the read fail, and creates no
 * instance, with Java serialization and with JSON. Allowed values round-trip.
 */
class SerializerSafetyTest {

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

  private static ClockProRedisCacheManager manager(RedisSerializer<Object> serializer) {
    ClockProRedisCacheManager manager = new ClockProRedisCacheManager(redis.client(),
        ClockProCacheSpec.parse("maximumSize=100"), serializer, null, true);
    manager.afterPropertiesSet();
    return manager;
  }

  @Test
  void shouldRejectAJavaSerializedObjectOfAClassNotAllowed() throws IOException {
    ClockProRedisCacheManager manager = manager(
        ClockProRedisSerializers.java(ALLOWED, getClass().getClassLoader()));
    try {
      Cache books = manager.getCache("java-books");
      books.put(1L, new Book(1, "Allowed"));
      assertThat(books.get(1L, Book.class)).isEqualTo(new Book(1, "Allowed"));

      redis.setBytes("java-books::2", javaSerialized(new Gadget()));
      int before = Gadget.INSTANCES.get();

      assertThatThrownBy(() -> books.get(2L)).isInstanceOf(SerializationException.class)
          .hasMessageContaining("REJECTED");
      assertThat(Gadget.INSTANCES.get()).as("no gadget was made from Redis's content").isEqualTo(before);
    } finally {
      manager.destroy();
    }
  }

  @Test
  void shouldRejectJsonNamingAClassNotAllowed() {
    ClockProRedisCacheManager manager = manager(ClockProRedisSerializers.json(ALLOWED));
    try {
      Cache books = manager.getCache("json-books");
      books.put(1L, new Book(1, "Allowed"));
      assertThat(books.get(1L, Book.class)).isEqualTo(new Book(1, "Allowed"));
      books.put(3L, null);
      assertThat(books.get(3L)).isNotNull().extracting(Cache.ValueWrapper::get).isNull();

      redis.setBytes("json-books::2", ("{\"@class\":\"io.github.clockpro.spring.redis.Gadget\","
          + "\"command\":\"rm -rf /\"}").getBytes(StandardCharsets.UTF_8));
      int before = Gadget.INSTANCES.get();

      assertThatThrownBy(() -> books.get(2L)).isInstanceOf(SerializationException.class);
      assertThat(Gadget.INSTANCES.get()).as("no gadget was made from Redis's content").isEqualTo(before);
    } finally {
      manager.destroy();
    }
  }

  @Test
  void shouldRefuseJavaSerializationWithoutAllowedClasses() {
    assertThatThrownBy(() -> ClockProRedisSerializers.java(List.of(), getClass().getClassLoader()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("allowedClasses");
    assertThatThrownBy(() -> ClockProRedisSerializers.json(List.of("!com.example.*")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("allowedClasses");
  }

  private static byte[] javaSerialized(Object value) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream output = new ObjectOutputStream(bytes)) {
      output.writeObject(value);
    }
    return bytes.toByteArray();
  }
}
