package io.github.clockpro.jcache;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import java.util.UUID;

/**
 * Copies keys and values for a cache that stores by value, as the JSR-107 reference implementation does: through
 * Java serialization, resolving classes with the cache manager's class loader. Instances of well-known immutable
 * classes are returned as they are. A cache that stores by reference uses {@link #IDENTITY}.
 */
abstract class Copier {

  /** Returns every object as it is: store by reference. */
  static final Copier IDENTITY = new Copier() {
    @Override
    <T> T copy(T object) {
      return object;
    }
  };

  private static final Set<Class<?>> IMMUTABLE = Set.of(String.class, Boolean.class, Byte.class, Short.class,
      Character.class, Integer.class, Long.class, Float.class, Double.class, BigInteger.class, BigDecimal.class,
      UUID.class, Class.class);

  /** Returns a copier through serialization that resolves classes with the loader. */
  static Copier serializing(ClassLoader classLoader) {
    return new Copier() {
      @Override
      <T> T copy(T object) {
        if (object == null || IMMUTABLE.contains(object.getClass()) || object instanceof Enum) {
          return object;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream output = new ObjectOutputStream(bytes)) {
          output.writeObject(object);
        } catch (IOException e) {
          throw new IllegalArgumentException("Failed to serialize " + object.getClass().getName()
              + ": a cache that stores by value needs serializable keys and values", e);
        }
        try (ObjectInputStream input = new ClassLoaderObjectInputStream(
            new ByteArrayInputStream(bytes.toByteArray()), classLoader)) {
          @SuppressWarnings("unchecked")
          T copy = (T) input.readObject();
          return copy;
        } catch (IOException e) {
          throw new UncheckedIOException("Failed to deserialize " + object.getClass().getName(), e);
        } catch (ClassNotFoundException e) {
          throw new IllegalArgumentException("Failed to deserialize " + object.getClass().getName(), e);
        }
      }
    };
  }

  /**
   * Returns a copy of the object, or the object itself where that is safe.
   *
   * @throws IllegalArgumentException if the object cannot be serialized
   */
  abstract <T> T copy(T object);

  /** Resolves classes with a given loader, falling back to the platform's for the JDK's own classes. */
  private static final class ClassLoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader classLoader;

    ClassLoaderObjectInputStream(InputStream input, ClassLoader classLoader) throws IOException {
      super(input);
      this.classLoader = classLoader;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass description) throws IOException, ClassNotFoundException {
      try {
        return Class.forName(description.getName(), false, classLoader);
      } catch (ClassNotFoundException e) {
        return super.resolveClass(description);
      }
    }
  }
}
