package io.github.clockpro.spring.redis;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.springframework.core.ConfigurableObjectInputStream;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * The value serializers of the two-level cache. Both create, from what they read in Redis, only instances of the
 * classes allowed: the patterns given (a class name, {@code com.example.*} for a package,
 * {@code com.example.**} for a package and its subpackages), the JDK's {@code java.lang}, {@code java.util},
 * {@code java.time} and {@code java.math} types, and Spring's {@code NullValue}. Whoever can write to Redis cannot
 * make the application instantiate another class (a deserialization gadget): the read fails with a
 * {@link SerializationException} instead.
 */
public final class ClockProRedisSerializers {

  private ClockProRedisSerializers() {}

  /**
   * JSON with a type property, as Spring Data's {@link GenericJacksonJsonRedisSerializer} writes it (so that
   * {@code RedisCacheManager} and this cache can read each other's entries), with default typing restricted to
   * the allowed classes.
   *
   * @param allowedClasses the application's value classes, as patterns
   * @return the serializer
   * @throws NullPointerException if {@code allowedClasses} is null
   * @throws IllegalArgumentException if a pattern is blank or not of the forms above, naming it
   */
  public static RedisSerializer<Object> json(List<String> allowedClasses) {
    AllowedClasses allowed = new AllowedClasses(requireNonNull(allowedClasses, "allowedClasses"));
    return GenericJacksonJsonRedisSerializer.builder()
        .enableSpringCacheNullValueSupport()
        .enableDefaultTyping(allowed.typeValidator())
        .build();
  }

  /**
   * Java serialization, behind an {@link ObjectInputFilter} that rejects every class not allowed. Only for
   * applications that opt in: prefer {@link #json}.
   *
   * @param allowedClasses the application's value classes, as patterns; at least one
   * @param classLoader the class loader to resolve classes with
   * @return the serializer
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code allowedClasses} is empty, or a pattern is not of the forms above
   */
  public static RedisSerializer<Object> java(List<String> allowedClasses, ClassLoader classLoader) {
    requireNonNull(allowedClasses, "allowedClasses");
    requireNonNull(classLoader, "classLoader");
    if (allowedClasses.isEmpty()) {
      throw new IllegalArgumentException("allowedClasses: Java serialization needs the classes it may create");
    }
    return new FilteredJavaSerializer(new AllowedClasses(allowedClasses).objectInputFilter(), classLoader);
  }

  /** Java serialization that reads through an {@link ObjectInputFilter}. */
  private static final class FilteredJavaSerializer implements RedisSerializer<Object> {

    private final ObjectInputFilter filter;
    private final ClassLoader classLoader;

    FilteredJavaSerializer(ObjectInputFilter filter, ClassLoader classLoader) {
      this.filter = filter;
      this.classLoader = classLoader;
    }

    @Override
    public byte[] serialize(Object value) {
      if (value == null) {
        return new byte[0];
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream output = new ObjectOutputStream(bytes)) {
        output.writeObject(value);
      } catch (IOException e) {
        throw new SerializationException("cannot serialize a " + value.getClass().getName(), e);
      }
      return bytes.toByteArray();
    }

    @Override
    public Object deserialize(byte[] bytes) {
      if (bytes == null || bytes.length == 0) {
        return null;
      }
      try (ObjectInputStream input = new ConfigurableObjectInputStream(new ByteArrayInputStream(bytes),
          classLoader)) {
        input.setObjectInputFilter(filter);
        return input.readObject();
      } catch (IOException | ClassNotFoundException e) {
        throw new SerializationException("cannot deserialize a value read from Redis: " + e, e);
      }
    }
  }
}
