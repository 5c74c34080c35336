package io.github.clockpro.offheap;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The ready serializers of {@link Serializer}: byte arrays, UTF-8 strings and longs. */
final class StandardSerializers {

  private StandardSerializers() {}

  /** The serializer of byte arrays. */
  enum ByteArraySerializer implements Serializer<byte[]> {
    INSTANCE;

    @Override
    public int serializedSize(byte[] object) {
      return object.length;
    }

    @Override
    public void serialize(byte[] object, ByteBuffer target) {
      target.put(object);
    }

    @Override
    public byte[] deserialize(ByteBuffer source) {
      byte[] bytes = new byte[source.remaining()];
      source.get(bytes);
      return bytes;
    }
  }

  /** The serializer of strings as UTF-8. */
  enum StringSerializer implements Serializer<String> {
    INSTANCE;

    @Override
    public int serializedSize(String object) {
      return utf8(object).length;
    }

    @Override
    public void serialize(String object, ByteBuffer target) {
      target.put(utf8(object));
    }

    @Override
    public String deserialize(ByteBuffer source) {
      return StandardCharsets.UTF_8.decode(source).toString();
    }

    private static byte[] utf8(String object) {
      return requireNonNull(object, "object").getBytes(StandardCharsets.UTF_8);
    }
  }

  /** The serializer of longs as eight bytes. */
  enum LongSerializer implements Serializer<Long> {
    INSTANCE;

    @Override
    public int serializedSize(Long object) {
      return Long.BYTES;
    }

    @Override
    public void serialize(Long object, ByteBuffer target) {
      target.putLong(object);
    }

    @Override
    public Long deserialize(ByteBuffer source) {
      return source.getLong();
    }
  }
}
