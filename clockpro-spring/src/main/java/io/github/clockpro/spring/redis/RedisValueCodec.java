package io.github.clockpro.spring.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A Lettuce codec of string keys and values serialized by a Spring {@link RedisSerializer}. A value the serializer
 * refuses to read (a class not allowed, a corrupt entry) decodes to an {@link Undecodable}, so that the failure is
 * thrown on the reading thread rather than on the connection's event loop.
 */
final class RedisValueCodec implements io.lettuce.core.codec.RedisCodec<String, Object> {

  /** A value read from Redis that the serializer refused, with the reason. */
  record Undecodable(SerializationException failure) {}

  private final RedisSerializer<Object> serializer;

  RedisValueCodec(RedisSerializer<Object> serializer) {
    this.serializer = serializer;
  }

  @Override
  public String decodeKey(ByteBuffer bytes) {
    return StandardCharsets.UTF_8.decode(bytes).toString();
  }

  @Override
  public Object decodeValue(ByteBuffer bytes) {
    byte[] array = new byte[bytes.remaining()];
    bytes.get(array);
    try {
      return serializer.deserialize(array);
    } catch (SerializationException e) {
      return new Undecodable(e);
    } catch (RuntimeException e) {
      return new Undecodable(new SerializationException("cannot deserialize a value read from Redis", e));
    }
  }

  @Override
  public ByteBuffer encodeKey(String key) {
    return StandardCharsets.UTF_8.encode(key);
  }

  @Override
  public ByteBuffer encodeValue(Object value) {
    return ByteBuffer.wrap(serializer.serialize(value));
  }
}
