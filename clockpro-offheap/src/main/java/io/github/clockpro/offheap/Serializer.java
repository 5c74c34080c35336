package io.github.clockpro.offheap;

import java.nio.ByteBuffer;

/**
 * Turns keys or values into bytes and back, for an {@link OffHeapCache}. The cache asks for the size first, then
 * lets {@link #serialize} write exactly that many bytes; it reads a value back with {@link #deserialize} from a
 * buffer that holds exactly the bytes written, as a copy that the returned object may keep.
 *
 * <p>Two keys are the same key when their serialized bytes are equal; a key serializer must therefore write equal
 * keys ({@link Object#equals}) as equal bytes. The cache calls these methods outside its locks; one that throws
 * makes the operation throw and changes nothing.
 *
 * @param <T> the type of the objects serialized
 */
public interface Serializer<T> {

  /**
   * Returns the number of bytes {@link #serialize} writes for the object.
   *
   * @param object the object, never {@code null}
   * @return at least 0
   */
  int serializedSize(T object);

  /**
   * Writes the object at the buffer's position, advancing it by exactly {@link #serializedSize} bytes.
   *
   * @param object the object, never {@code null}
   * @param target a buffer with exactly {@link #serializedSize} bytes remaining
   */
  void serialize(T object, ByteBuffer target);

  /**
   * Reads an object from the buffer's remaining bytes, which are exactly those one call of {@link #serialize}
   * wrote.
   *
   * @param source the bytes to read, positioned at the first
   * @return the object, never {@code null}
   */
  T deserialize(ByteBuffer source);

  /**
   * Returns the serializer of byte arrays: the bytes themselves, and a copy back.
   *
   * @return the serializer
   */
  static Serializer<byte[]> bytes() {
    return StandardSerializers.ByteArraySerializer.INSTANCE;
  }

  /**
   * Returns the serializer of strings, as UTF-8.
   *
   * @return the serializer
   */
  static Serializer<String> string() {
    return StandardSerializers.StringSerializer.INSTANCE;
  }

  /**
   * Returns the serializer of {@link Long}s, as eight bytes.
   *
   * @return the serializer
   */
  static Serializer<Long> longs() {
    return StandardSerializers.LongSerializer.INSTANCE;
  }
}
